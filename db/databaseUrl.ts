import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import tls from 'node:tls';

// DATABASE_URL is `mysql://user:password@host:port/database?ssl-mode=VERIFY_IDENTITY&ssl-ca=/path/ca.pem`:
// the query parameters are the MySQL client's own option names (mysql --ssl-mode, --ssl-ca, --ssl-cert,
// --ssl-key), so an operator copies them from the managed database's connection instructions. Anything
// else in the query is refused, so a misspelt option never silently leaves the connection in plaintext.

/** MySQL's --ssl-mode values this driver can honour (PREFERRED needs a plaintext fallback mysql2 has not). */
export const SSL_MODES = ['DISABLED', 'REQUIRED', 'VERIFY_CA', 'VERIFY_IDENTITY'] as const;
export type SslMode = (typeof SSL_MODES)[number];

const FILE_OPTIONS = ['ssl-ca', 'ssl-cert', 'ssl-key'] as const;
type FileOption = (typeof FILE_OPTIONS)[number];
const OPTIONS: readonly string[] = ['ssl-mode', ...FILE_OPTIONS];

export interface DatabaseTls {
  mode: SslMode;
  /** Paths, as given. */
  ca?: string;
  cert?: string;
  key?: string;
}

export interface DatabaseTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  tls: DatabaseTls;
}

/** mysql2's `ssl` option, as much of it as the URL sets (PEM text read from the files). */
export interface DatabaseSsl {
  ca?: string;
  cert?: string;
  key?: string;
  rejectUnauthorized: boolean;
  /** mysql2: check the certificate's names against the host (VERIFY_IDENTITY). */
  verifyIdentity: boolean;
}

/** A DATABASE_URL the process cannot use; the message names the option and never the password. */
export class DatabaseUrlError extends Error {
  override name = 'DatabaseUrlError';
}

function parseTls(params: URLSearchParams): DatabaseTls {
  for (const name of new Set(params.keys())) {
    if (!OPTIONS.includes(name))
      throw new DatabaseUrlError(
        `DATABASE_URL: unknown option ${JSON.stringify(name)}; the options are ${OPTIONS.join(', ')} (MySQL's client option names)`,
      );
    if (params.getAll(name).length > 1) throw new DatabaseUrlError(`DATABASE_URL: ${name} is given more than once`);
    if (params.get(name) === '') throw new DatabaseUrlError(`DATABASE_URL: ${name} is empty`);
  }
  const files: Partial<Record<FileOption, string>> = {};
  for (const name of FILE_OPTIONS) {
    const value = params.get(name);
    if (value !== null) files[name] = value;
  }
  const given = params.get('ssl-mode')?.toUpperCase();
  if (given === 'PREFERRED')
    throw new DatabaseUrlError(
      'DATABASE_URL: ssl-mode=PREFERRED is not supported (the driver cannot fall back to plaintext); use REQUIRED, VERIFY_CA or VERIFY_IDENTITY, or DISABLED',
    );
  if (given !== undefined && !(SSL_MODES as readonly string[]).includes(given))
    throw new DatabaseUrlError(
      `DATABASE_URL: ssl-mode=${JSON.stringify(params.get('ssl-mode'))} is not one of ${SSL_MODES.join(', ')}`,
    );
  const anyFile = Object.keys(files).length > 0;
  // A CA given is a CA meant to be checked: without a mode it verifies against it (and so does REQUIRED,
  // below); certificates alone ask for TLS. Never plaintext once any TLS option is given.
  const mode = (given as SslMode | undefined) ?? (files['ssl-ca'] ? 'VERIFY_CA' : anyFile ? 'REQUIRED' : 'DISABLED');
  if (mode === 'DISABLED' && anyFile)
    throw new DatabaseUrlError(`DATABASE_URL: ${Object.keys(files).join(', ')} given with ssl-mode=DISABLED`);
  if (Boolean(files['ssl-cert']) !== Boolean(files['ssl-key']))
    throw new DatabaseUrlError('DATABASE_URL: ssl-cert and ssl-key go together (the client certificate and its key)');
  return { mode, ca: files['ssl-ca'], cert: files['ssl-cert'], key: files['ssl-key'] };
}

export function parseDatabaseUrl(url: string): DatabaseTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new DatabaseUrlError('DATABASE_URL is not a URL (mysql://user:password@host:port/database?ssl-mode=…)');
  }
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
    tls: parseTls(u.searchParams),
  };
}

/** The URL with its password replaced, for messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}

/** `host:port/database (ssl-mode=…, ssl-ca=…)`: where a process connects and how, without credentials. */
export function describeDatabaseTarget(target: DatabaseTarget): string {
  const settings = [`ssl-mode=${target.tls.mode}`];
  for (const name of FILE_OPTIONS) {
    const value = target.tls[name.slice(4) as 'ca' | 'cert' | 'key'];
    if (value) settings.push(`${name}=${value}`);
  }
  return `${target.host}:${target.port}/${target.database} (${settings.join(', ')})`;
}

function readOption(name: FileOption, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    throw new DatabaseUrlError(`DATABASE_URL ${name}=${file}: cannot read the file (${String(code ?? err)})`);
  }
}

/**
 * mysql2's `ssl` for the target, files read now so that a missing or malformed one stops the process at
 * start, naming the option; undefined for ssl-mode=DISABLED.
 */
export function mysqlSslOptions(target: DatabaseTarget): DatabaseSsl | undefined {
  const { mode, ca, cert, key } = target.tls;
  if (mode === 'DISABLED') return undefined;
  const ssl: DatabaseSsl = {
    ca: ca ? readOption('ssl-ca', ca) : undefined,
    cert: cert ? readOption('ssl-cert', cert) : undefined,
    key: key ? readOption('ssl-key', key) : undefined,
    // REQUIRED encrypts without checking the server, except that MySQL's client verifies against a CA when given one.
    rejectUnauthorized: mode !== 'REQUIRED' || ca !== undefined,
    verifyIdentity: mode === 'VERIFY_IDENTITY',
  };
  // Node's TLS skips a CA file that holds no certificate; each file is parsed here so that it cannot.
  const usable = (name: FileOption, check: () => unknown): void => {
    try {
      check();
    } catch (err) {
      throw new DatabaseUrlError(
        `DATABASE_URL ${name}: not usable (${err instanceof Error ? err.message : String(err)})`,
      );
    }
  };
  if (ssl.ca) usable('ssl-ca', () => new X509Certificate(ssl.ca ?? ''));
  if (ssl.cert) usable('ssl-cert', () => new X509Certificate(ssl.cert ?? ''));
  if (ssl.key) usable('ssl-key', () => createPrivateKey(ssl.key ?? ''));
  if (ssl.cert) usable('ssl-key', () => tls.createSecureContext({ cert: ssl.cert, key: ssl.key }));
  return ssl;
}
