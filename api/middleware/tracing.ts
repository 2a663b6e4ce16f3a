import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import { REQUEST_ID_BAGGAGE } from '../../common/tracing';

/** What earlier middleware and the operation put in ctx.state (Koa types it `any`). */
interface TracedState {
  requestId?: string;
  company?: { id: string } | null;
  operationPath?: string;
}

/** Paths probed every few seconds by orchestrators and scrapers: not worth a trace each. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The server span of every request, only mounted when tracing is on. A caller's W3C `traceparent` (and
 * `tracestate`) makes it a child of the caller's trace; a caller's `baggage` is not taken, so nothing the
 * caller puts there travels on to our providers. The request id travels as baggage (`request.id`) through
 * Temporal to the worker's log lines. The span is named by the route template, never the raw path (paths
 * carry tokens: /media/{token}, /invitations/{token}); its attributes are ids and codes only.
 */
export function tracing(): Middleware {
  const tracer = trace.getTracer('sales-practice-api');
  return async (ctx, next) => {
    if (UNTRACED.has(ctx.path)) {
      await next();
      return;
    }
    const state = ctx.state as TracedState;
    const carrier: Record<string, string> = {};
    for (const header of ['traceparent', 'tracestate']) {
      const value = ctx.get(header);
      if (value) carrier[header] = value;
    }
    let parent = propagation.extract(ROOT_CONTEXT, carrier);
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
