import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// The API's Prometheus metrics, in a registry of their own (every app instance, tests included, has
// its own). Labels stay low-cardinality: route templates, never raw paths or ids.

export interface ApiMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Every answer >= 400 by its error code (validation_failed, not_found, rate_limited, ...). */
  rejections: Counter<'status' | 'code'>;
  /** Workflows the API started (or signal-started). */
  workflowStarts: Counter<'workflow'>;
  /** Invitations accepted here (the worker counts those sent and expired). */
  invitations: Counter<'event'>;
}

export const METRIC_PREFIX = 'sales_practice_';

export function createApiMetrics(options: { processMetrics?: boolean } = {}): ApiMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  return {
    registry,
    httpRequests: new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Time from receiving a request to answering it, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    rejections: new Counter({
      name: `${METRIC_PREFIX}http_rejections_total`,
      help: 'Requests answered with an error, by status and error code.',
      labelNames: ['status', 'code'],
      registers: [registry],
    }),
    workflowStarts: new Counter({
      name: `${METRIC_PREFIX}workflow_starts_total`,
      help: 'Temporal workflows started by the API, by workflow type.',
      labelNames: ['workflow'],
      registers: [registry],
    }),
    invitations: invitationCounter(registry),
  };
}

/**
 * Invitations by event: sent (the worker emailed one), accepted (the API), expired (the worker). The
 * same series name in both processes, so `sum by (event)` over every target gives the figures.
 */
export function invitationCounter(registry: Registry): Counter<'event'> {
  return new Counter({
    name: `${METRIC_PREFIX}invitations_total`,
    help: 'Invitation events: sent (emailed, resends included), accepted, expired.',
    labelNames: ['event'],
    registers: [registry],
  });
}
