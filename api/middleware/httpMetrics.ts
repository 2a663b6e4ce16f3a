import type { Middleware } from 'koa';
import type { ApiMetrics } from '../../common/metrics';

interface ErrorShape {
  error?: { code?: unknown };
}

/** Counts and times every answer by route template; errors also by their code. */
export function httpMetrics(metrics: ApiMetrics): Middleware {
  return async (ctx, next) => {
    const stopTimer = metrics.httpDuration.startTimer();
    try {
      await next();
    } finally {
      // Operations record their template; other routes (docs, openapi.json) the router's; anything else
      // is one bucket so that scanners cannot blow up the label set.
      const route = String(ctx.state.operationPath ?? ctx._matchedRoute ?? 'unmatched');
      const labels = { method: ctx.method, route, status: String(ctx.status) };
      stopTimer(labels);
      metrics.httpRequests.inc(labels);
      if (ctx.status >= 400) {
        const code = (ctx.body as ErrorShape | undefined)?.error?.code;
        metrics.rejections.inc({ status: String(ctx.status), code: typeof code === 'string' ? code : 'unknown' });
      }
    }
  };
}
