import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';
import type { ActivityMetrics } from '../activities/deps';
import { invitationCounter, METRIC_PREFIX } from '../common/metrics';
import type { WorkerReadiness } from './readiness';

// The worker's Prometheus endpoint: its own metrics (activity durations and failures, webhook
// deliveries by outcome, process) plus the Temporal Core SDK's (temporal_*: task slots, poll and
// schedule-to-start latencies, sticky cache, ...). Core serves its metrics on a loopback port of its
// own; GET /metrics here appends them, so Prometheus scrapes one target per worker. The same port
// answers an orchestrator's probes: GET /healthz (alive) and GET /readyz (worker/readiness.ts).

export interface WorkerMetrics extends ActivityMetrics {
  registry: Registry;
  activityDuration: Histogram<'activity' | 'outcome'>;
  activityFailures: Counter<'activity' | 'failure'>;
}

// Seconds from acceptance to the end of a recording: a pasted transcript takes a second, a long call minutes.
const RECORDING_BUCKETS = [1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200];
// One provider request: a short piece in a second, a long file or a slow job minutes.
const PROVIDER_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];

export function createWorkerMetrics(): WorkerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: `${METRIC_PREFIX}worker_` });
  return {
    registry,
    ...createActivityMetrics(registry),
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
  };
}

/** What activities count themselves (ActivityDeps.metrics), in `registry`. No label carries an id. */
export function createActivityMetrics(registry: Registry): ActivityMetrics {
  return {
    webhookDeliveries: new Counter({
      name: `${METRIC_PREFIX}webhook_deliveries_total`,
      help: "Webhook delivery attempts by outcome (delivered, endpoint_disabled, skipped, failed_permanently, exhausted (the last attempt of the schedule failed) are final; failed_will_retry is not) and trigger (event: an event's own delivery; test, redeliver: one attempt a customer asked for).",
      labelNames: ['outcome', 'trigger'],
      registers: [registry],
    }),
    recordingsFinished: new Counter({
      name: `${METRIC_PREFIX}recordings_finished_total`,
      help: 'Recordings that ended, by outcome (completed, failed) and failure type (none for completed; an activity failure type, Timeout, Cancelled or Unexpected).',
      labelNames: ['outcome', 'failure_type'],
      registers: [registry],
    }),
    recordingDuration: new Histogram({
      name: `${METRIC_PREFIX}recording_duration_seconds`,
      help: 'Time from accepting a recording to its end, by outcome and whether speech-to-text ran (speech_to_text="false": a submitted transcript).',
      labelNames: ['outcome', 'speech_to_text'],
      buckets: RECORDING_BUCKETS,
      registers: [registry],
    }),
    sttRequests: new Histogram({
      name: `${METRIC_PREFIX}stt_request_duration_seconds`,
      help: 'Speech-to-text requests by provider, model and HTTP status (network_error when no answer came), with their latency.',
      labelNames: ['provider', 'model', 'status'],
      buckets: PROVIDER_BUCKETS,
      registers: [registry],
    }),
    sttRetryAfter: new Histogram({
      name: `${METRIC_PREFIX}stt_retry_after_seconds`,
      help: 'Waits a speech-to-text provider asked for with Retry-After (on 429 and 5xx answers), by provider and model.',
      labelNames: ['provider', 'model'],
      buckets: [1, 2, 5, 10, 30, 60, 120, 300, 900, 3600],
      registers: [registry],
    }),
    llmTokens: new Counter({
      name: `${METRIC_PREFIX}llm_tokens_total`,
      help: 'Tokens the analysis model used, by model and kind (prompt, completion).',
      labelNames: ['model', 'kind'],
      registers: [registry],
    }),
    llmCost: new Counter({
      name: `${METRIC_PREFIX}llm_cost_usd_total`,
      help: 'What the analysis model cost in USD at LLM_PROMPT_PRICE and LLM_COMPLETION_PRICE, by model (nothing when the prices are not set).',
      labelNames: ['model'],
      registers: [registry],
    }),
    invitations: invitationCounter(registry),
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
