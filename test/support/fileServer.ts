import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A recording host on 127.0.0.1: serves bytes with a content type, or fails the way real hosts do
// (5xx a few times, 404, an HTML error page, redirects).

export interface FileRoute {
  body?: Buffer;
  contentType?: string;
  /** Answer `failStatus` (default 503) to the first `failTimes` requests. */
  failTimes?: number;
  failStatus?: number;
  retryAfter?: string;
  /** Always answer this status (with an HTML page) instead of the file. */
  status?: number;
  redirectTo?: string;
  /** Send the body chunked, without Content-Length (the size is only known by reading). */
  chunked?: boolean;
  /** The first request gets this many bytes of the body and then nothing more (a download that hangs); later ones get it all. */
  stallFirstAfter?: number;
  /** Answer every request this long after it came (a slow host: the fetch holds its activity that long). */
  delayMs?: number;
}

export interface FileServer {
  url: string;
  serve(path: string, route: FileRoute): string;
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startFileServer(): Promise<FileServer> {
  const routes = new Map<string, FileRoute>();
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const delayMs = routes.get((req.url ?? '/').split('?')[0])?.delayMs;
    if (delayMs) setTimeout(() => answer(req, res), delayMs);
    else answer(req, res);
  });
  const answer = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0];
    const n = (counts.get(path) ?? 0) + 1;
    counts.set(path, n);
    const route = routes.get(path);
    const html = (status: number): void => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<html><body><h1>${status}</h1></body></html>`);
    };
    if (!route) return html(404);
    if (route.failTimes && n <= route.failTimes) {
      res.writeHead(route.failStatus ?? 503, {
        'content-type': 'text/plain',
        ...(route.retryAfter ? { 'retry-after': route.retryAfter } : {}),
      });
      res.end('try again later');
      return;
    }
    if (route.redirectTo) {
      res.writeHead(302, { location: route.redirectTo });
      res.end();
      return;
    }
    if (route.status) return html(route.status);
    const body = route.body ?? Buffer.alloc(0);
    if (route.stallFirstAfter !== undefined && n === 1) {
      res.writeHead(200, { 'content-type': route.contentType ?? 'audio/mpeg', 'content-length': String(body.length) });
      res.write(body.subarray(0, route.stallFirstAfter));
      return; // never ended: the client gives up or dies
    }
    res.writeHead(200, {
      'content-type': route.contentType ?? 'audio/mpeg',
      ...(route.chunked ? {} : { 'content-length': String(body.length) }),
    });
    if (!route.chunked) {
      res.end(body);
      return;
    }
    for (let i = 0; i < body.length; i += 4096) res.write(body.subarray(i, i + 4096));
    res.end();
  };
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    serve(path, route) {
      routes.set(path, route);
      return url + path;
    },
    hits: (path) => counts.get(path) ?? 0,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
