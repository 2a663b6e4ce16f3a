import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

// What a client of Temporal Cloud meets: a TLS endpoint that wants `authorization: Bearer <API key>` on
// every gRPC call. In front of the test cluster it checks the header, answers UNAUTHENTICATED (16) without
// it, and forwards everything else to the cluster's frontend over mutual TLS (its own client certificate).

export interface ApiKeyProxy {
  address: string;
  /** The authorization header of every call, in order (a missing header is ''). */
  seen: string[];
  close(): Promise<void>;
}

export interface ApiKeyProxyOptions {
  apiKey: string;
  /** The certificate the proxy presents (with its key). */
  cert: { certPath: string; keyPath: string };
  upstream: { address: string; serverName: string; caPath: string; certPath: string; keyPath: string };
  /** gRPC methods (`/package.Service/Method`) answered PERMISSION_DENIED, as Temporal Cloud answers namespace and search attribute registration. */
  denied?: string[];
}

// Headers of one hop only (HTTP/2 forbids forwarding them) and the pseudo-headers the client sets itself.
const HOP = new Set([':authority', ':scheme', ':status', 'connection', 'keep-alive', 'transfer-encoding']);

function forwardable(headers: http2.IncomingHttpHeaders): http2.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP.has(name)));
}

export async function startApiKeyProxy(options: ApiKeyProxyOptions): Promise<ApiKeyProxy> {
  const seen: string[] = [];
  const upstream = http2.connect(`https://${options.upstream.address}`, {
    ca: readFileSync(options.upstream.caPath),
    cert: readFileSync(options.upstream.certPath),
    key: readFileSync(options.upstream.keyPath),
    servername: options.upstream.serverName,
  });
  upstream.on('error', () => undefined); // a call in flight reports it; the proxy itself stays up
  const server = http2.createSecureServer({
    cert: readFileSync(options.cert.certPath),
    key: readFileSync(options.cert.keyPath),
    allowHTTP1: false,
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const authorization = String(headers.authorization ?? '');
    seen.push(authorization);
    stream.on('error', () => undefined);
    if (authorization !== `Bearer ${options.apiKey}`) {
      stream.respond(
        { ':status': 200, 'content-type': 'application/grpc', 'grpc-status': '16', 'grpc-message': 'invalid API key' },
        { endStream: true },
      );
      return;
    }
    if (options.denied?.includes(String(headers[':path']))) {
      stream.respond(
        {
          ':status': 200,
          'content-type': 'application/grpc',
          'grpc-status': '7',
          'grpc-message': 'Request unauthorized.',
        },
        { endStream: true },
      );
      return;
    }
    const call = upstream.request(forwardable(headers));
    call.on('error', () => stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR));
    let trailers: http2.OutgoingHttpHeaders = {};
    call.on('trailers', (t) => {
      trailers = forwardable(t);
    });
    call.on('response', (responseHeaders) => {
      const headersOut = { ...forwardable(responseHeaders), ':status': responseHeaders[':status'] ?? 200 };
      // A trailers-only answer (an error: grpc-status in the headers) must end with its headers.
      if (responseHeaders['grpc-status'] !== undefined) {
        stream.respond(headersOut, { endStream: true });
        return;
      }
      stream.respond(headersOut, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers(trailers));
      call.pipe(stream);
    });
    stream.pipe(call);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    async close() {
      upstream.destroy();
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
