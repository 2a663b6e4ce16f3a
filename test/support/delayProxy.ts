import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A slow network hop on 127.0.0.1: every request waits `delayMs`, then goes on to `target` unchanged.
// Lets a test keep an activity busy for a known time (e.g. across a worker's SIGTERM).

export interface DelayProxy {
  url: string;
  setDelay(ms: number): void;
  /** Requests received so far (counted on arrival, before the delay). */
  received(): number;
  /** Resolves once `n` requests have arrived. */
  waitForRequests(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

export async function startDelayProxy(target: string, delayMs: number): Promise<DelayProxy> {
  let count = 0;
  let delay = delayMs;
  const server = http.createServer((req, res) => {
    count += 1;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        await new Promise((r) => setTimeout(r, delay));
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers))
          if (typeof v === 'string' && !HOP_BY_HOP.has(k)) headers[k] = v;
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const upstream = await fetch(target + (req.url ?? '/'), { method: req.method, headers, body });
        const answer = Buffer.from(await upstream.arrayBuffer());
        res.writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
        });
        res.end(answer);
      })().catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(502);
        res.end(String(err));
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setDelay: (ms) => void (delay = ms),
    received: () => count,
    async waitForRequests(n, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (count < n) {
        if (Date.now() > deadline) throw new Error(`only ${count} of ${n} requests reached the proxy`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
