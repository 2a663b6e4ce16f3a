import knexFactory, { type Knex } from 'knex';
import path from 'node:path';
import { databaseFailureReason } from './databaseFailure';
import { mysqlSslOptions, parseDatabaseUrl, type DatabaseTarget } from './databaseUrl';
import { SourceNamedMigrations } from './migrationSource';

export { DatabaseUrlError, parseDatabaseUrl, type DatabaseTarget } from './databaseUrl';

/** What query functions take: the pool, or a transaction when the caller groups several writes. */
export type Db = Knex | Knex.Transaction;

export const migrationsDirectory = path.join(__dirname, 'migrations');

export function knexConfig(url: string, poolMax = 10, withDatabase = true): Knex.Config {
  const target = parseDatabaseUrl(url);
  return {
    client: 'mysql2',
    connection: {
      host: target.host,
      port: target.port,
      user: target.user,
      password: target.password,
      database: withDatabase ? target.database : undefined,
      // ssl-mode, ssl-ca, ssl-cert, ssl-key of the URL (db/databaseUrl.ts); files are read here, at start.
      ssl: mysqlSslOptions(target),
      // Dates are stored and read as UTC; the API renders them with toISOString().
      timezone: 'Z',
      charset: 'utf8mb4',
      supportBigNumbers: true,
    },
    pool: { min: 0, max: poolMax },
    // Knex's default puts the SQL with its bound values (names, emails, analysis text) into every error
    // message, which then travels into logs and Temporal failures; with false it keeps the placeholders.
    compileSqlOnError: false,
    migrations: { migrationSource: new SourceNamedMigrations(migrationsDirectory), tableName: 'knex_migrations' },
  };
}

/** SELECT 1; a failure says why in one line (the server's answer, the TLS reason), for startup waits and /readyz. */
export async function probeDatabase(db: Knex, target: DatabaseTarget): Promise<void> {
  try {
    await db.raw('SELECT 1');
  } catch (err) {
    // No cause: the startup wait prints a cause's message after the error's, which would repeat the driver's words.
    // eslint-disable-next-line preserve-caught-error -- the message already carries what the cause says
    throw new Error(databaseFailureReason(err, target));
  }
}

/** Where knex's own warnings go (pool errors while the database is down); console when not given. */
export interface DbLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export function createDb(url: string, poolMax = 10, logger?: DbLogger): Knex {
  const config = knexConfig(url, poolMax);
  if (logger) {
    // knex hands over whole stack traces; the first line says what happened, as one JSON log line.
    const line = (message: unknown): string => String(message).split('\n')[0];
    config.log = {
      warn: (m: unknown) => logger.warn({ component: 'knex' }, line(m)),
      error: (m: unknown) => logger.error({ component: 'knex' }, line(m)),
      deprecate: (m: unknown) => logger.warn({ component: 'knex' }, line(m)),
      debug: () => undefined,
    };
  }
  const db = knexFactory(config);
  // Knex emits this before it rethrows the error, so the error is cleaned before anyone sees it.
  db.on('query-error', (err: unknown) => withoutBoundValues(err));
  return db;
}

/** Quoted literals in a server message ("Duplicate entry 'jane@example.com' for key …") become '?'. */
const quotedLiterals = /'(?:[^'\\]|\\.|'')*'/g;

/**
 * Removes the values a failed query carried from its error: mysql2 keeps the SQL it sent, values inlined,
 * as `sql`, and the server's message quotes the offending value. What remains (the SQL with placeholders,
 * the error code and the message without its literals) still says what went wrong.
 */
export function withoutBoundValues(err: unknown): void {
  if (typeof err !== 'object' || err === null) return;
  const e = err as { message?: unknown; sql?: unknown; sqlMessage?: unknown; stack?: unknown };
  const redact = (value: string): string => value.replace(quotedLiterals, "'?'");
  if (typeof e.message === 'string') e.message = redact(e.message);
  if (typeof e.stack === 'string') e.stack = redact(e.stack);
  if (typeof e.sqlMessage === 'string') e.sqlMessage = redact(e.sqlMessage);
  if ('sql' in e) delete e.sql;
}

// The admin connections' errors reach their callers through the rejected query; knex's own copy of
// them (with a stack, on the console) would only repeat them.
const ignore = (): void => undefined;
export const quietKnexLog = { warn: ignore, error: ignore, deprecate: ignore, debug: ignore };

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const { database } = parseDatabaseUrl(url);
  if (!/^[A-Za-z0-9_]+$/.test(database))
    throw new Error(`database name ${JSON.stringify(database)} is not a plain identifier`);
  const admin = knexFactory({ ...knexConfig(url, 1, false), log: quietKnexLog });
  try {
    await admin.raw(`CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.destroy();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const { database } = parseDatabaseUrl(url);
  const admin = knexFactory({ ...knexConfig(url, 1, false), log: quietKnexLog });
  try {
    await admin.raw(`DROP DATABASE IF EXISTS \`${database}\``);
  } finally {
    await admin.destroy();
  }
}

/**
 * A value already written as JSON, stored as it is: a redacted transcript of a megabyte holds hundreds of
 * thousands of spans, and its thread (api/commands/transcriptThread.ts) writes the text, so the API's event loop
 * neither copies the objects back nor stringifies them.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A JSON column's text. */
export const toJson = (value: unknown): string => (value instanceof JsonText ? value.text : JSON.stringify(value));

/** MySQL returns JSON columns parsed; MariaDB stores JSON as LONGTEXT and returns strings. */
export function fromJson<T>(value: unknown): T {
  if (typeof value === 'string') return JSON.parse(value) as T;
  if (Buffer.isBuffer(value)) return JSON.parse(value.toString('utf8')) as T;
  return value as T;
}

export function isDuplicateEntry(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'ER_DUP_ENTRY';
}
