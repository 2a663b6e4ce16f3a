import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import { DECIDED, REQUEST_ID_BAGGAGE, type RequestSampler } from '../../common/tracing';

/** What earlier middleware and the operation put in ctx.state (Koa types it `any`). */
interface TracedState {
  requestId?: string;
  company?: { id: string } | null;
  operationPath?: string;
}

/** Paths probed every few seconds by orchestrators and scrapers: not worth a trace each. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The server span of a sampled request, only mounted when tracing is on. The sampling decision comes first
 * (OTEL_TRACES_SAMPLER: a caller's `traceparent` flag for the parent-based samplers, the ratio otherwise);
 * a request not sampled gets no span and enters no context, so nothing after it (the SQL spans, Temporal's
 * client interceptor, the log lines' trace fields) finds one to work for (BENCHMARKS.md, round 7). A
 * caller's W3C `traceparent` (and `tracestate`) makes the span a child of the caller's trace; a caller's
 * `baggage` is not taken, so nothing the caller puts there travels on to our providers. The request id
 * travels as baggage (`request.id`) through Temporal to the worker's log lines. The span is named by the
 * route template, never the raw path (paths carry tokens: /media/{token}, /invitations/{token}); its
 * attributes are ids and codes only.
 */
export function tracing(sampled: RequestSampler): Middleware {
  const tracer = trace.getTracer('sales-practice-api');
  return async (ctx, next) => {
    if (UNTRACED.has(ctx.path)) {
      await next();
      return;
    }
    const traceparent = ctx.get('traceparent');
    let parent: Context = ROOT_CONTEXT;
    if (traceparent) {
      const tracestate = ctx.get('tracestate');
      parent = propagation.extract(ROOT_CONTEXT, tracestate ? { traceparent, tracestate } : { traceparent });
    }
    if (!sampled(parent)) {
      await next();
      return;
    }
    const state = ctx.state as TracedState;
    // A root decided here is kept as decided (the provider's sampler would draw the ratio again).
    if (!trace.getSpan(parent)) parent = parent.setValue(DECIDED, true);
    if (state.requestId) {
      parent = propagation.setBaggage(
        parent,
        propagation.createBaggage({ [REQUEST_ID_BAGGAGE]: { value: state.requestId } }),
      );
    }
    const span = tracer.startSpan(
      ctx.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': ctx.method,
          ...(state.requestId ? { 'request.id': state.requestId } : {}),
        },
      },
      parent,
    );
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      const route = state.operationPath ?? (ctx._matchedRoute as string | undefined);
      if (route) {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      if (state.company?.id) span.setAttribute('company.id', state.company.id);
      span.setAttribute('http.response.status_code', ctx.status);
      // Server spans: 5xx is the server's error; a 4xx is the caller's (OpenTelemetry's HTTP conventions).
      if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${ctx.status}` });
      span.end();
    }
  };
}
