import { durationMs, loadConfig, renamedSettingWarnings } from '../common/config';
import { createLogger } from '../common/logger';
import { createApiMetrics } from '../common/metrics';
import { untilAvailable } from '../common/startupRetry';
import { createTemporalClient } from '../common/temporalClient';
import { explainConnectionFailure, temporalConnection } from '../common/temporalConnection';
import { startTracing, traceLogFields } from '../common/tracing';
import { WEBHOOK_KEYS_MISSING, webhookSecretBoxIfConfigured } from '../common/webhookSecretBox';
import { createDb, parseDatabaseUrl, probeDatabase } from '../db/connection';
import { describeDatabaseTarget } from '../db/databaseUrl';
import { recordCredentialCacheTtl } from '../db/queries/credentialCacheTtls';
import { createApp } from './app';
import { serve } from './httpServer';

// The API process. It listens at once, even while MySQL or Temporal is still coming up (/healthz
// answers, /readyz names what is missing) and logs its wait for each dependency. On SIGTERM/SIGINT it
// stops accepting connections, lets requests in flight finish (at most SHUTDOWN_TIMEOUT), closes its
// pools and exits 0.
async function main(): Promise<void> {
  // The API signs and checks the media links: in production it does not start without their secret.
  const config = loadConfig(process.env, {}, ['MEDIA_URL_SECRET']);
  // Malformed webhook keys stop the start here (one line), not the first endpoint; none at all is allowed
  // outside production, where registering an endpoint answers 503 naming the setting (warned below).
  const webhookKeys = webhookSecretBoxIfConfigured(config);
  // Before any request or query is made, so that they are traced; nothing is loaded when off.
  const tracing = await startTracing('sales-practice-api');
  const logger = createLogger(config.LOG_LEVEL, 'api', undefined, tracing ? traceLogFields : undefined);
  for (const warning of renamedSettingWarnings()) logger.warn(warning);
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_MAX, logger);
  tracing?.traceSql(db, parseDatabaseUrl(config.DATABASE_URL).database);
  const temporal = createTemporalClient(config, tracing?.workflowClientInterceptors);
  const deps = {
    db,
    temporal,
    config,
    logger,
    metrics: createApiMetrics({ processMetrics: true }),
    tracing: tracing?.sampled,
  };
  if (!webhookKeys) logger.warn(`webhook endpoints cannot be registered: ${WEBHOOK_KEYS_MISSING}`);
  // The offboarding's drain waits the longest credential cache any API process has: each records its own,
  // now and hourly (docs/security.md, "Offboarding a company"). A failure is retried at the next hour.
  const recordTtl = () =>
    recordCredentialCacheTtl(db, durationMs(config.CREDENTIAL_CACHE_TTL), new Date()).catch((err: unknown) =>
      logger.warn({ err }, 'could not record CREDENTIAL_CACHE_TTL for offboardings'),
    );
  void recordTtl();
  const ttlTimer = setInterval(() => void recordTtl(), 3600_000);
  ttlTimer.unref();
  const app = createApp(deps);
  const http = await serve(app, config, { port: config.PORT, host: config.HOST }, logger);
  logger.info({ port: http.port }, `API listening on ${config.PUBLIC_URL}`);

  const startup = new AbortController();
  const target = parseDatabaseUrl(config.DATABASE_URL);
  // Logged per try as "waiting for temporal at <address> (<TLS settings>): <why>".
  const temporalTarget = temporalConnection(config);
  const temporalProbe = (): Promise<unknown> =>
    temporal.workflowService.getSystemInfo({}).catch(async (err: unknown) => {
      throw new Error(await explainConnectionFailure(temporalTarget, err));
    });
  const waits = Promise.all([
    untilAvailable('database', describeDatabaseTarget(target), () => probeDatabase(db, target), logger, {
      signal: startup.signal,
    }),
    untilAvailable('temporal', temporalTarget.description, temporalProbe, logger, { signal: startup.signal }),
  ]).then(
    () => logger.info('database and temporal are available'),
    () => undefined, // aborted by shutdown
  );

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    startup.abort(new Error('shutting down'));
    logger.info(
      { signal, timeoutMs: durationMs(config.SHUTDOWN_TIMEOUT) },
      'shutting down: no new connections, finishing requests in flight',
    );
    await http.stop();
    await waits;
    await Promise.allSettled([db.destroy(), temporal.connection.close(), tracing?.shutdown()]);
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
