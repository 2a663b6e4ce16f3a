import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';
import { METRIC_PREFIX } from '../common/metrics';
import type { WorkerReadiness } from './readiness';

// The worker's Prometheus endpoint: its own metrics (activity durations and failures, webhook
// deliveries by outcome, process) plus the Temporal Core SDK's (temporal_*: task slots, poll and
// schedule-to-start latencies, sticky cache, ...). Core serves its metrics on a loopback port of its
// own; GET /metrics here appends them, so Prometheus scrapes one target per worker. The same port
// answers an orchestrator's probes: GET /healthz (alive) and GET /readyz (worker/readiness.ts).

export interface WorkerMetrics {
  registry: Registry;
  activityDuration: Histogram<'activity' | 'outcome'>;
  activityFailures: Counter<'activity' | 'failure'>;
  webhookDeliveries: Counter<'outcome'>;
}

export function createWorkerMetrics(): WorkerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: `${METRIC_PREFIX}worker_` });
  return {
    registry,
    activityDuration: new Histogram({
      name: `${METRIC_PREFIX}activity_duration_seconds`,
      help: 'Activity executions on this worker by activity type and outcome (completed, failed, cancelled).',
      labelNames: ['activity', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
      registers: [registry],
    }),
    activityFailures: new Counter({
      name: `${METRIC_PREFIX}activity_failures_total`,
      help: 'Failed activity attempts by activity type and failure type (ApplicationFailure type or error name).',
      labelNames: ['activity', 'failure'],
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: `${METRIC_PREFIX}webhook_deliveries_total`,
      help: 'Webhook delivery attempts by outcome (delivered, failed_will_retry, failed_permanently, endpoint_disabled, skipped).',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}

/** A free loopback port for the Core SDK's own Prometheus exporter. */
export async function freeLoopbackPort(): Promise<number> {
  const srv = net.createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

async function coreMetrics(url: string | null, logger: Logger): Promise<string> {
  if (!url) return '';
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok ? await res.text() : '';
  } catch (err) {
    logger.debug({ err }, 'Temporal SDK metrics not available');
    return '';
  }
}

const json = (res: http.ServerResponse, status: number, body: unknown): void =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(`${JSON.stringify(body)}\n`);

/**
 * Serves GET /metrics, /healthz and /readyz on `port`; resolves once listening. A port that is taken is
 * logged, not fatal. Without `readiness` (the bench's shape worker) /readyz answers 404.
 */
export async function serveWorkerMetrics(
  metrics: WorkerMetrics,
  options: { host: string; port: number; coreUrl: string | null; logger: Logger; readiness?: WorkerReadiness },
): Promise<http.Server | null> {
  const { host, port, coreUrl, logger, readiness } = options;
  const server = http.createServer((req, res) => {
    const route = req.method === 'GET' ? (req.url ?? '').split('?')[0] : '';
    if (route === '/healthz') return json(res, 200, { status: 'ok' });
    if (route === '/readyz' && readiness) {
      void readiness.report().then((report) => json(res, report.status === 'ready' ? 200 : 503, report));
      return;
    }
    if (route !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    void Promise.all([metrics.registry.metrics(), coreMetrics(coreUrl, logger)]).then(
      ([own, core]) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(`${own}\n${core}`),
      (err: unknown) => {
        logger.error({ err }, 'metrics could not be rendered');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  server.listen(port, host);
  try {
    await Promise.race([
      once(server, 'listening'),
      once(server, 'error').then(([err]) => Promise.reject(err as Error)),
    ]);
  } catch (err) {
    logger.error({ err, port }, `worker metrics endpoint could not listen on ${host}:${port}; running without it`);
    return null;
  }
  logger.info({ port }, `worker metrics on http://${host}:${port}/metrics`);
  return server;
}
