import { DatabaseUrlError, describeDatabaseTarget, type DatabaseTarget } from './databaseUrl';

// Why a process could not connect, in one line an operator can act on: where it connected and with which
// TLS settings, then the server's answer or the TLS library's reason. The driver's own errors say
// "self-signed certificate in certificate chain" with no word of which database or which CA file.

interface DriverError {
  code?: unknown;
  sqlMessage?: unknown;
  message?: unknown;
}

/** TLS verification failures of Node's tls (OpenSSL's X509 verify results and the host name check). */
const CERTIFICATE_REJECTED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
]);

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET']);

function reason(err: DriverError, target: DatabaseTarget | undefined): string {
  const code = typeof err.code === 'string' ? err.code : '';
  const message = typeof err.message === 'string' ? err.message : 'no message';
  const serverSays = typeof err.sqlMessage === 'string' ? err.sqlMessage : undefined;
  // mysql2 replaces the TLS error's code with HANDSHAKE_SSL_ERROR, keeping Node's message.
  const tlsFailure = CERTIFICATE_REJECTED.has(code) || code === 'HANDSHAKE_SSL_ERROR';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || (tlsFailure && /altnames|does not match/i.test(message)))
    return `the server's TLS certificate does not name this host: ${message}`;
  if (tlsFailure && /certificate|issuer/i.test(message))
    return `the server's TLS certificate was not accepted: ${message}; is ssl-ca the CA that signed it?`;
  if (tlsFailure) return `the TLS handshake failed: ${message}`;
  if (code === 'HANDSHAKE_NO_SSL_SUPPORT')
    return `the server does not offer TLS; use ssl-mode=DISABLED or enable TLS on the server`;
  if (code === 'ER_ACCESS_DENIED_ERROR') {
    // MariaDB with require_secure_transport=ON answers a connection without TLS just so.
    const hint = target?.tls.mode === 'DISABLED' ? ' (without TLS: if the server requires it, set ssl-mode)' : '';
    return `the server refused the login: ${serverSays ?? message}${hint}`;
  }
  if (serverSays && /secure transport/i.test(serverSays))
    return `the server requires TLS: ${serverSays}; set ssl-mode (and ssl-ca) in DATABASE_URL`;
  if (UNREACHABLE.has(code)) return `cannot reach the server (${code})`;
  if (serverSays) return `the server answered: ${serverSays}${code ? ` (${code})` : ''}`;
  return code ? `${message} (${code})` : message;
}

/** Why connecting failed, without saying where (for lines that name the target already). */
export function databaseFailureReason(err: unknown, target: DatabaseTarget | undefined): string {
  if (err instanceof DatabaseUrlError) return err.message;
  const e = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as DriverError;
  return reason(e, target).split('\n')[0];
}

/** One line saying where the process connected, with which TLS settings, and why that failed. */
export function describeDatabaseFailure(err: unknown, target: DatabaseTarget | undefined): string {
  if (err instanceof DatabaseUrlError) return err.message;
  const where = target ? `database ${describeDatabaseTarget(target)}` : 'database';
  return `${where}: ${databaseFailureReason(err, target)}`;
}
