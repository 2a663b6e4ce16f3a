import { createContextKey, type Context } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { WorkflowClientInterceptor } from '@temporalio/client';
import type { OpenTelemetryWorkflowExporter } from '@temporalio/interceptors-opentelemetry/lib/workflow/definitions';
import type { ActivityInterceptorsFactory, InjectedSink } from '@temporalio/worker';
import type { Knex } from 'knex';

// What both halves of tracing share (./index, loaded by every process, and ./sdk, loaded only when traces are
// asked for), apart from both so that neither imports the other back.

/** The baggage entry that carries the API's request id to the worker's log lines. */
export const REQUEST_ID_BAGGAGE = 'request.id';

/** The context key the API sets on a root it has decided to sample (./sampling.ts, DecidedFirstSampler). */
export const DECIDED = createContextKey('sales-practice: sampled by the API');

/** Whether a request with this parent (ROOT_CONTEXT when the caller sent no `traceparent`) is traced. */
export type RequestSampler = (parent: Context) => boolean;

/** What a process that traces hands to Temporal's interceptors and workflow exporter. */
export interface Tracing {
  resource: Resource;
  /** Redacts, then batches to the OTLP exporter (./spanRedaction.ts). */
  spanProcessor: SpanProcessor;
  /** Whether a request under this parent is traced (OTEL_TRACES_SAMPLER): asked before anything else. */
  sampled: RequestSampler;
  /** Temporal's client interceptor (only inside a sampled trace: ./clientGate.ts): a span per workflow start, signal, query, its context in the headers. */
  workflowClientInterceptors: WorkflowClientInterceptor[];
  /** Temporal's activity interceptors: a span per activity attempt, child of the workflow's. */
  activityInterceptors: ActivityInterceptorsFactory;
  /** The worker's sink for the spans the workflow code makes in its sandbox (worker/tracing.ts). */
  workflowExporter: InjectedSink<OpenTelemetryWorkflowExporter>;
  /** A span per SQL statement of `db` inside a sampled trace (./sqlSpans.ts). */
  traceSql(db: Knex, database: string): void;
  /** Exports what is still buffered. */
  shutdown(): Promise<void>;
}
