import { context, diag, DiagLogLevel, propagation, trace, type Attributes } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import os from 'node:os';
import { detectResourcesSync, envDetectorSync, Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry/lib/client';
import { extractContextFromHeaders } from '@temporalio/interceptors-opentelemetry/lib/instrumentation';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/worker';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { REQUEST_ID_BAGGAGE, type Tracing } from './shared';
import { PEER_SERVICE } from './peer';
import { sampledOnly } from './clientGate';
import { DecidedFirstSampler, requestSampler, samplerFromEnv } from './sampling';
import { RedactingSpanProcessor } from './spanRedaction';
import { traceSqlStatements } from './sqlSpans';

// The OpenTelemetry SDK for Node, loaded only when tracing is on (./index.ts). Everything is read from
// the standard OTEL_* variables by the SDK itself: the OTLP/HTTP (protobuf) endpoint and headers
// (OTEL_EXPORTER_OTLP_*), the resource
// (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES), the propagators (OTEL_PROPAGATORS: W3C trace context
// and baggage by default; baggage carries the request id to the worker) and batching (OTEL_BSP_*).
// The sampler (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG) is built by ./sampling.ts, so that the API
// decides first and an unsampled request pays nothing more. Outbound HTTP (undici: providers, file hosts,
// webhook receivers) is instrumented inside a trace only; SQL statements get
// spans from Knex's events, inside sampled traces only (./sqlSpans.ts); Temporal's interceptors are
// added by the API's client and the worker.

/** Starts the SDK: the tracer provider (global), its context manager and propagators, the instrumentations. */
export function startTracingSdk(defaultServiceName: string): Tracing {
  // The SDK's own warnings and errors (an unreachable collector: spans are dropped, the service carries on)
  // go to stderr, not into the JSON logs on stdout.
  diag.setLogger(
    { error: console.error, warn: console.error, info: () => {}, debug: () => {}, verbose: () => {} },
    DiagLogLevel.WARN,
  );
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) win over the default name. The host name
  // says which API or worker process a span comes from (read here: the SDK's host detector is asynchronous).
  const resource = Resource.default()
    .merge(new Resource({ 'service.name': defaultServiceName, 'host.name': os.hostname() }))
    .merge(detectResourcesSync({ detectors: [envDetectorSync] }));
  const spanProcessor = new RedactingSpanProcessor(new BatchSpanProcessor(new OTLPTraceExporter()));
  const sampler = samplerFromEnv();
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [spanProcessor],
    sampler: new DecidedFirstSampler(sampler),
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new UndiciInstrumentation({
        // No root span per outbound call: a call belongs to a request's or an activity's trace, or to none.
        requireParentforSpans: true,
        // Which provider a call is for, when the caller said (./peer.ts): the span's peer.service.
        startSpanHook: (): Attributes => {
          const peer = context.active().getValue(PEER_SERVICE);
          return typeof peer === 'string' ? { 'peer.service': peer } : {};
        },
      }),
    ],
  });
  return {
    resource,
    spanProcessor,
    sampled: requestSampler(sampler),
    workflowClientInterceptors: [sampledOnly(new OpenTelemetryWorkflowClientInterceptor())],
    activityInterceptors,
    workflowExporter: makeWorkflowExporter(spanProcessor, resource),
    traceSql: traceSqlStatements,
    shutdown: () => provider.shutdown(),
  };
}

/**
 * Temporal's activity interceptors (a span per attempt, child of the run's StartActivity span), and the
 * trace and request ids on the SDK's own line about the attempt's end ("Activity completed", written
 * after the span): taken from the headers when the attempt starts. (Its "Activity started" line comes
 * before any interceptor sees the headers.)
 */
const activityInterceptors: ActivityInterceptorsFactory = (ctx) => {
  const otelInbound = new OpenTelemetryActivityInboundInterceptor(ctx);
  const otelOutbound = new OpenTelemetryActivityOutboundInterceptor(ctx);
  let ids: Record<string, string> = {};
  return {
    inbound: {
      execute(input, next) {
        const started = extractContextFromHeaders(input.headers);
        const traceId = started && trace.getSpanContext(started)?.traceId;
        const requestId = started && propagation.getBaggage(started)?.getEntry(REQUEST_ID_BAGGAGE)?.value;
        ids = { ...(traceId ? { trace_id: traceId } : {}), ...(requestId ? { requestId } : {}) };
        return otelInbound.execute(input, next);
      },
    },
    outbound: {
      getLogAttributes: (input, next) => otelOutbound.getLogAttributes({ ...ids, ...input }, next),
      getMetricTags: (input, next) => otelOutbound.getMetricTags(input, next),
    },
  };
};
