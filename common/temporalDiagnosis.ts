import net from 'node:net';
import tls from 'node:tls';
import type { TemporalConnection } from './temporalSettings';

// Why a connection to Temporal failed. The SDK reports every TLS failure as "Failed to connect before the
// deadline"; after such a failure one plain handshake with the same settings (node:tls) finds the reason:
// the server's certificate, its name, a refused client certificate, no TLS there, nothing listening.

const PROBE_MS = 3000;

function splitAddress(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(':');
  const host = address.slice(0, at).replace(/^\[(.*)\]$/, '$1');
  return { host, port: Number(address.slice(at + 1)) };
}

/** The failure in words an operator can act on, with the setting to look at. */
function explain(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused (nothing listens there)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return `the server's certificate is not for that name (${err.message}); check TEMPORAL_TLS_SERVER_NAME`;
  if (
    /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT|UNABLE_TO_GET_ISSUER_CERT|CERT_SIGNATURE_FAILURE|CERT_UNTRUSTED/.test(
      code,
    )
  )
    return `the server's certificate is not signed by the trusted CA (${code}); check TEMPORAL_TLS_SERVER_CA_CERT_*`;
  if (/CERT_HAS_EXPIRED|CERT_NOT_YET_VALID/.test(code)) return `the server's certificate is not valid now (${code})`;
  if (/ALERT_CERTIFICATE_REQUIRED/.test(code))
    return 'the server requires a client certificate; set TEMPORAL_TLS_CLIENT_CERT_* and TEMPORAL_TLS_CLIENT_KEY_*';
  if (/ALERT_BAD_CERTIFICATE|ALERT_UNKNOWN_CA|ALERT_CERTIFICATE_UNKNOWN|ALERT_ACCESS_DENIED/.test(code))
    return 'the server refused the client certificate (it is not signed by a CA the server trusts); check TEMPORAL_TLS_CLIENT_CERT_*';
  if (/WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG|UNEXPECTED_MESSAGE/.test(code) || err.message === 'socket hang up')
    return 'no TLS answered there; is the server plaintext (TEMPORAL_TLS=false)?';
  return `${code ? `${code}: ` : ''}${err.message}`;
}

/** One handshake as the SDK would make it; undefined when it works (the failure lies elsewhere). */
export function probeTemporal(target: TemporalConnection): Promise<string | undefined> {
  const { host, port } = splitAddress(target.options.address);
  const tlsOption = target.options.tls;
  return new Promise((resolve) => {
    let socket: net.Socket;
    const done = (reason: string | undefined): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(reason);
    };
    const timer = setTimeout(() => done('no answer within 3 s (a firewall, or the wrong port)'), PROBE_MS);
    if (!tlsOption) {
      socket = net.connect({ host, port }, () => done(undefined));
    } else {
      const settings = tlsOption === true ? {} : tlsOption;
      const pair = settings.clientCertPair;
      const serverName = settings.serverNameOverride ?? (net.isIP(host) ? undefined : host);
      socket = tls.connect({
        host,
        port,
        servername: serverName,
        // A server name to check other than the host (TEMPORAL_TLS_SERVER_NAME) is checked against the certificate.
        checkServerIdentity: (hostname, cert) => tls.checkServerIdentity(serverName ?? hostname, cert),
        ca: settings.serverRootCACertificate ? Buffer.from(settings.serverRootCACertificate) : undefined,
        cert: pair ? Buffer.from(pair.crt) : undefined,
        key: pair ? Buffer.from(pair.key) : undefined,
        ALPNProtocols: ['h2'],
      });
      // With TLS 1.3 a refused client certificate arrives as an alert after the handshake; the server's
      // first HTTP/2 frame means it was accepted.
      socket.once('data', () => done(undefined));
    }
    socket.once('error', (err: NodeJS.ErrnoException) => done(explain(err)));
    socket.once('close', () => done('the server closed the connection'));
  });
}
