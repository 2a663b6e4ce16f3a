import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** One structured line per request, with what an operator filters on. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const latencyMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          requestId: ctx.state.requestId,
          companyId: ctx.state.company?.id,
          method: ctx.method,
          route: ctx.state.operationPath ?? ctx.path,
          status: ctx.status,
          latencyMs: Math.round(latencyMs * 10) / 10,
        },
        'request',
      );
    }
  };
}
