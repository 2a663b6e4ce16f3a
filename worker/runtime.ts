import type http from 'node:http';
import { Runtime } from '@temporalio/worker';
import type { Logger } from 'pino';
import type { Config } from '../common/config';
import { freeLoopbackPort, serveWorkerMetrics, type WorkerMetrics } from './metrics';
import type { WorkerReadiness } from './readiness';
import { temporalLogger } from './temporalLogger';

/**
 * The Temporal SDK's runtime for a worker process: its log lines through pino, Core's own metrics on a
 * loopback port merged into the worker's GET /metrics (when WORKER_METRICS_PORT is set). The production
 * worker and the bench's bare-shape worker install it alike, so both are measured the same way.
 */
export async function installWorkerRuntime(
  config: Pick<Config, 'WORKER_METRICS_PORT' | 'HOST'>,
  logger: Logger,
  metrics: WorkerMetrics,
  readiness?: WorkerReadiness,
): Promise<http.Server | null> {
  const coreMetricsPort = config.WORKER_METRICS_PORT > 0 ? await freeLoopbackPort() : 0;
  Runtime.install({
    logger: temporalLogger(logger),
    telemetryOptions: {
      logging: { forward: {}, filter: { core: 'WARN', other: 'ERROR' } },
      ...(coreMetricsPort > 0 ? { metrics: { prometheus: { bindAddress: `127.0.0.1:${coreMetricsPort}` } } } : {}),
    },
  });
  if (config.WORKER_METRICS_PORT === 0) return null;
  return serveWorkerMetrics(metrics, {
    host: config.HOST,
    port: config.WORKER_METRICS_PORT,
    coreUrl: `http://127.0.0.1:${coreMetricsPort}/metrics`,
    logger,
    readiness,
  });
}
