import type { Middleware } from 'koa';
import type { Logger } from 'pino';

interface ErrorShape {
  error?: { code?: unknown };
}

/**
 * One structured line per request, with what an operator filters on. The route is the operation's
 * template (/invitations/{token}), never the raw path of a matched operation: paths can carry tokens.
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const latencyMs = Number(process.hrtime.bigint() - started) / 1e6;
      const code = ctx.status >= 400 ? (ctx.body as ErrorShape | undefined)?.error?.code : undefined;
      const line = {
        requestId: ctx.state.requestId,
        companyId: ctx.state.company?.id,
        method: ctx.method,
        route: ctx.state.operationPath ?? ctx._matchedRoute ?? ctx.path,
        status: ctx.status,
        latencyMs: Math.round(latencyMs * 10) / 10,
        ...(typeof code === 'string' ? { code } : {}),
      };
      if (ctx.status >= 500) logger.warn(line, 'request');
      else logger.info(line, 'request');
    }
  };
}
