import type { Middleware } from 'koa';
import type { Logger } from 'pino';

interface ErrorShape {
  error?: { code?: unknown };
}

/** What earlier middleware put in ctx.state (Koa types it `any`) that the log line reads. */
interface LoggedState {
  requestId?: string;
  company?: { id: string } | null;
  operationPath?: string;
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
      const state = ctx.state as LoggedState;
      const line = {
        requestId: state.requestId,
        companyId: state.company?.id,
        method: ctx.method,
        route: state.operationPath ?? (ctx._matchedRoute as string | undefined) ?? ctx.path,
        status: ctx.status,
        latencyMs: Math.round(latencyMs * 10) / 10,
        ...(typeof code === 'string' ? { code } : {}),
      };
      if (ctx.status >= 500) logger.warn(line, 'request');
      else logger.info(line, 'request');
    }
  };
}
