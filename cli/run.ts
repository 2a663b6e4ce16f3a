import knexFactory, { type Knex } from 'knex';
import { loadConfig, type Config } from '../common/config';
import { knexConfig, parseDatabaseUrl, quietKnexLog } from '../db/connection';
import { describeDatabaseFailure } from '../db/databaseFailure';
import { CompanyClosedError } from '../db/queries/companies';

// Every admin command runs through here: configuration from the environment, one small pool, the
// result printed as JSON on stdout, a readable message on stderr and exit code 1 on failure, and the
// pool closed whatever happened (an open pool would keep the process alive).

/** A failure the operator can act on; printed without a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
}

export interface CommandContext {
  db: Knex;
  config: Config;
}

interface SqlError {
  code?: unknown;
  sqlMessage?: unknown;
}

/** Turns driver errors into sentences that say what to do next. */
export function describeError(err: unknown, config: Config | undefined): string {
  if (err instanceof CliError || err instanceof CompanyClosedError) return err.message;
  const e = (typeof err === 'object' && err !== null ? err : {}) as SqlError;
  let target: ReturnType<typeof parseDatabaseUrl> | undefined;
  try {
    target = config ? parseDatabaseUrl(config.DATABASE_URL) : undefined;
  } catch {
    target = undefined; // the URL's own error is what err says
  }
  const where = target ? `${target.database} on ${target.host}:${target.port}` : 'the database';
  switch (e.code) {
    case 'ER_BAD_DB_ERROR':
      return `The database ${where} does not exist. Create and migrate it first: npm run migrate`;
    case 'ER_NO_SUCH_TABLE':
      return `The database ${where} is not migrated (${String(e.sqlMessage)}). Run the migrations first: npm run migrate`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'ETIMEDOUT':
      return `Cannot reach the database ${where} (${String(e.code)}). Is MySQL/MariaDB running? (scripts/ensure-mariadb.sh)`;
    case 'ER_DUP_ENTRY':
      return `A record with the same unique value already exists: ${String(e.sqlMessage)}`;
    case 'ER_NO_REFERENCED_ROW_2':
      return `A referenced record does not exist: ${String(e.sqlMessage)}`;
    default:
      // TLS refusals and other server answers: where, with which ssl-mode, and why (db/databaseFailure.ts).
      if (typeof e.code === 'string') return describeDatabaseFailure(err, target);
      return err instanceof Error ? err.message : String(err);
  }
}

// Knex prints pool errors (with stacks) on stdout, which would corrupt the JSON output; the error
// itself still reaches describeError through the rejected query.
const quietLog = quietKnexLog;

/** Runs one command with a database; the returned value is the command's JSON output. */
export async function runCommand(action: (context: CommandContext) => Promise<unknown>): Promise<void> {
  let config: Config | undefined;
  let db: Knex | undefined;
  try {
    config = loadConfig();
    db = knexFactory({ ...knexConfig(config.DATABASE_URL, 2), log: quietLog });
    const result = await action({ db, config });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } catch (err) {
    process.stderr.write(`error: ${describeError(err, config)}\n`);
    process.exitCode = 1;
  } finally {
    await db?.destroy();
  }
}
