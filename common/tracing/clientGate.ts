import { context, propagation, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { RandomIdGenerator } from '@opentelemetry/sdk-trace-base';
import { defaultPayloadConverter, type Headers } from '@temporalio/common';
import type { WorkflowClientInterceptor } from '@temporalio/client';
import { TRACE_HEADER } from '@temporalio/interceptors-opentelemetry/lib/instrumentation';

// Temporal's client interceptor makes a span and enters its context for every call, whatever the request's
// sampling decision (the SDK's startActiveSpan: a non-recording span, AsyncLocalStorage entered). Behind this
// gate it runs only inside a recording span, i.e. for a request the API sampled (api/middleware/tracing.ts).
// Any other call carries a trace header that says "not sampled" (a fresh trace, flags 00), so that the
// worker's parent-based sampler does not start a trace of its own for a run nobody asked to trace.

type Method = Exclude<keyof WorkflowClientInterceptor, never>;

/** The calls whose input carries headers to the workflow. */
const WITH_HEADERS = new Set<Method>([
  'start',
  'startWithDetails',
  'signal',
  'signalWithStart',
  'startUpdate',
  'startUpdateWithStart',
  'query',
]);

const ids = new RandomIdGenerator();

/** A trace header for a call outside any sampled trace: a fresh trace id, not sampled, no baggage. */
function unsampledHeaders(headers: Headers): Headers {
  const carrier: Record<string, string> = {};
  const unsampled = trace.setSpanContext(ROOT_CONTEXT, {
    traceId: ids.generateTraceId(),
    spanId: ids.generateSpanId(),
    traceFlags: TraceFlags.NONE,
  });
  propagation.inject(unsampled, carrier);
  return { ...headers, [TRACE_HEADER]: defaultPayloadConverter.toPayload(carrier) };
}

const recording = (): boolean => trace.getSpan(context.active())?.isRecording() === true;

/** `inner` (Temporal's OpenTelemetry client interceptor), called only inside a sampled trace. */
export function sampledOnly(inner: WorkflowClientInterceptor): WorkflowClientInterceptor {
  const gated: Record<string, unknown> = {};
  for (const method of Object.getOwnPropertyNames(Object.getPrototypeOf(inner)) as Method[]) {
    const traced = inner[method];
    if (method === ('constructor' as Method) || typeof traced !== 'function') continue;
    gated[method] = (input: { headers?: Headers }, next: (input: unknown) => unknown): unknown => {
      if (recording()) return (traced as (i: unknown, n: unknown) => unknown).call(inner, input, next);
      if (WITH_HEADERS.has(method) && input.headers)
        return next({ ...input, headers: unsampledHeaders(input.headers) });
      return next(input);
    };
  }
  return gated;
}
