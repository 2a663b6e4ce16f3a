import { context, propagation, trace } from '@opentelemetry/api';
import { REQUEST_ID_BAGGAGE, type Tracing } from './shared';

export { DECIDED, REQUEST_ID_BAGGAGE, type RequestSampler, type Tracing } from './shared';

// Tracing (OpenTelemetry) is configured only by the standard OTEL_* variables and is off unless an OTLP
// endpoint is given. Off, the SDK is never loaded: its context manager (AsyncLocalStorage) switches on
// Node's promise hooks for the whole process, which cost the API ~7% of its CPU when measured
// (common/temporalClient.ts). This module is the cheap part every process loads; ./sdk is the rest.

/** Whether the OTEL_* variables ask for traces: an OTLP endpoint is set and the SDK is not disabled. */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  if ((env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Starts the SDK when the OTEL_* variables ask for it (before the database driver is loaded, so its
 * instrumentation applies); undefined, and nothing loaded, otherwise.
 */
export function startTracing(
  defaultServiceName: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Tracing | undefined> {
  if (!tracingRequested(env)) return Promise.resolve(undefined);
  // require, not import(): the processes run as CommonJS (tsx/cjs from TypeScript, dist/ compiled), and
  // import() goes through the ESM loader, which tsx/cjs does not teach TypeScript.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracingSdk } = require('./sdk') as typeof import('./sdk');
  return Promise.resolve(startTracingSdk(defaultServiceName));
}

/**
 * The current trace id and the request id the trace carries, for a log line (pino mixin); empty when no
 * span is active. Only installed when tracing is on.
 */
export function traceLogFields(): Record<string, string> {
  const active = context.active();
  const spanContext = trace.getSpanContext(active);
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return {};
  const requestId = propagation.getBaggage(active)?.getEntry(REQUEST_ID_BAGGAGE)?.value;
  return { traceId: spanContext.traceId, ...(requestId ? { requestId } : {}) };
}

/** The id of the active trace, if any (the error body names it next to the request id). */
export function activeTraceId(): string | undefined {
  const spanContext = trace.getSpanContext(context.active());
  return spanContext && trace.isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}
