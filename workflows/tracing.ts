import { propagation, trace } from '@opentelemetry/api';
import { extractContextFromHeaders } from '@temporalio/interceptors-opentelemetry/lib/instrumentation';
import {
  OpenTelemetryInboundInterceptor,
  OpenTelemetryInternalsInterceptor,
  OpenTelemetryOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/workflow';
import {
  deprecatePatch,
  type WorkflowInboundCallsInterceptor,
  type WorkflowInterceptors,
  type WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';

// The workflow interceptors the worker bundles with the workflow code (worker/bundleWorkflows.ts):
// Temporal's OpenTelemetry interceptors, so a run's span (RunWorkflow) and each activity it schedules
// (StartActivity) join the trace of the request that started it. Not a workflow: an interceptor module.
//
// Patch 'otel-tracing', deprecated: the interceptors draw span ids from the workflow's seeded random
// source, which uuid4() draws from too, so a run that started without them would get other event ids on
// replay. Such runs were from before v2026.11.26; every run the supported upgrade finishes is traced. The
// spans leave the sandbox through the worker's `exporter` sink (worker/tracing.ts), which drops them when
// the worker does not trace.

export const TRACING_PATCH = 'otel-tracing';

/** The W3C baggage entry the API puts the request id in (common/tracing, REQUEST_ID_BAGGAGE). */
const REQUEST_ID_BAGGAGE = 'request.id';

export const interceptors = (): WorkflowInterceptors => {
  // Made in the run's first activation (execute runs before any signal or activity).
  let runIds: Record<string, string> = {};
  let otelInbound: OpenTelemetryInboundInterceptor | undefined;
  let otelOutbound: OpenTelemetryOutboundInterceptor | undefined;
  const inbound: WorkflowInboundCallsInterceptor = {
    execute(input, next) {
      deprecatePatch(TRACING_PATCH);
      otelInbound = new OpenTelemetryInboundInterceptor();
      otelOutbound = new OpenTelemetryOutboundInterceptor();
      // The trace and request ids of the run, for its log lines written outside its span ("Workflow completed").
      // After the interceptors exist: making the first one registers the sandbox's propagators.
      const started = extractContextFromHeaders(input.headers);
      const traceId = started && trace.getSpanContext(started)?.traceId;
      const requestId = started && propagation.getBaggage(started)?.getEntry(REQUEST_ID_BAGGAGE)?.value;
      runIds = { ...(traceId ? { trace_id: traceId } : {}), ...(requestId ? { requestId } : {}) };
      return otelInbound.execute(input, next);
    },
    handleSignal: (input, next) => (otelInbound ? otelInbound.handleSignal(input, next) : next(input)),
  };
  const outbound: WorkflowOutboundCallsInterceptor = {
    scheduleActivity: (input, next) => (otelOutbound ? otelOutbound.scheduleActivity(input, next) : next(input)),
    scheduleLocalActivity: (input, next) =>
      otelOutbound ? otelOutbound.scheduleLocalActivity(input, next) : next(input),
    startChildWorkflowExecution: (input, next) =>
      otelOutbound ? otelOutbound.startChildWorkflowExecution(input, next) : next(input),
    continueAsNew: (input, next) => (otelOutbound ? otelOutbound.continueAsNew(input, next) : next(input)),
    signalWorkflow: (input, next) => (otelOutbound ? otelOutbound.signalWorkflow(input, next) : next(input)),
    getLogAttributes(input, next) {
      if (!otelOutbound) return next(input);
      // The workflow's log lines carry the trace and request ids as the activities' do (worker/temporalLogger.ts);
      // inside a span, Temporal's interceptor names the span's own ids.
      return otelOutbound.getLogAttributes({ ...runIds, ...input }, next);
    },
  };
  return { inbound: [inbound], outbound: [outbound], internals: [new OpenTelemetryInternalsInterceptor()] };
};
