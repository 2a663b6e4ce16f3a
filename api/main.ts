import { once } from 'node:events';
import { loadConfig } from '../common/config';
import { createLogger } from '../common/logger';
import { createTemporalClient } from '../common/temporalClient';
import { createDb } from '../db/connection';
import { createApp } from './app';

// The API process: builds the app from real dependencies, serves it, and on SIGTERM/SIGINT stops
// accepting connections, lets requests in flight finish and closes its pools.
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'api');
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_MAX);
  const temporal = createTemporalClient(config);
  const app = createApp({ db, temporal, config, logger });
  const server = app.listen(config.PORT, config.HOST);
  await once(server, 'listening');
  logger.info({ port: config.PORT }, `API listening on ${config.PUBLIC_URL}`);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close();
    server.closeIdleConnections();
    await once(server, 'close');
    await Promise.allSettled([db.destroy(), temporal.connection.close()]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
