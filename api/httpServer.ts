import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { durationMs, type Config } from '../common/config';

// The HTTP server around the Koa app: slow-client timeouts, and a graceful stop that refuses new
// connections, lets requests in flight finish and closes keep-alive connections as they go idle.

export interface HttpService {
  server: http.Server;
  port: number;
  /** Resolves once every connection is closed (forcibly after SHUTDOWN_TIMEOUT). */
  stop(): Promise<void>;
}

type Timeouts = Pick<Config, 'HTTP_HEADERS_TIMEOUT' | 'HTTP_REQUEST_TIMEOUT' | 'SHUTDOWN_TIMEOUT'>;

export async function serve(
  app: Koa,
  config: Timeouts,
  listen: { port: number; host: string },
  logger: Logger,
): Promise<HttpService> {
  const requestTimeout = durationMs(config.HTTP_REQUEST_TIMEOUT);
  // Node checks both timeouts on this interval (30 s by default), which would make short ones meaningless.
  const headersTimeout = Math.min(durationMs(config.HTTP_HEADERS_TIMEOUT), requestTimeout);
  const handle = app.callback();
  let stopping = false;
  const server = http.createServer(
    { requestTimeout, headersTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout) },
    (req, res) => {
      // Answers given while stopping close their connection, so keep-alive clients reconnect elsewhere.
      if (stopping) res.setHeader('connection', 'close');
      void handle(req, res);
    },
  );
  server.listen(listen.port, listen.host);
  await once(server, 'listening');

  let stopped: Promise<void> | undefined;
  const stop = async (): Promise<void> => {
    stopping = true;
    const closed = once(server, 'close');
    server.close();
    // Idle keep-alive sockets would hold close() forever; busy ones become idle after their answer.
    server.closeIdleConnections();
    const sweeper = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      logger.warn('requests still running at SHUTDOWN_TIMEOUT; closing their connections');
      server.closeAllConnections();
    }, durationMs(config.SHUTDOWN_TIMEOUT));
    try {
      await closed;
    } finally {
      clearInterval(sweeper);
      clearTimeout(deadline);
    }
  };
  return {
    server,
    port: (server.address() as AddressInfo).port,
    stop: () => (stopped ??= stop()),
  };
}
