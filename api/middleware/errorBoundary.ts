import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { activeTraceId } from '../../common/tracing';
import { isDuplicateEntry } from '../../db/connection';
import { CompanyClosedError } from '../../db/queries/companies';
import { CompanyMarkedError } from '../../db/queries/companyOffboardings';
import { companyOffboarding } from '../commands/companyScope';
import { ApiError, unauthorized } from '../errors';

interface HttpLikeError {
  status?: unknown;
  expose?: unknown;
  type?: unknown;
}

/** Maps errors thrown by libraries (raw-body, the router) and by the queries onto the API's typed errors. */
function normalise(err: unknown, callerId: string | undefined): ApiError | undefined {
  if (err instanceof ApiError) return err;
  // An insert that read its company's offboarding mark: 409, the child's when a parent acted on it.
  if (err instanceof CompanyMarkedError) return companyOffboarding(err.companyId, callerId);
  if (isDuplicateEntry(err))
    return new ApiError(409, 'conflict', 'A record with the same unique value already exists.');
  // A key kept in an API process's credential cache asked for a new credential after its company's offboarding began.
  if (err instanceof CompanyClosedError)
    return unauthorized('invalid_credentials', 'The API key is not valid or has been revoked.');
  const e = (typeof err === 'object' && err !== null ? err : {}) as HttpLikeError;
  if (e.type === 'entity.too.large' || e.status === 413)
    return new ApiError(413, 'payload_too_large', 'The request body is larger than the 1 MiB limit.');
  if (e.status === 405) return new ApiError(405, 'method_not_allowed', 'This method is not allowed on this path.');
  if (e.status === 501) return new ApiError(405, 'method_not_allowed', 'This method is not supported.');
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.expose === true) {
    return new ApiError(e.status, 'bad_request', 'The request could not be read.');
  }
  return undefined;
}

/** The one place that renders errors: {"error": {"code", "message", "details"}}. */
export function errorBoundary(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new ApiError(404, 'route_not_found', `No route matches ${ctx.method} ${ctx.path}.`);
      }
      // The router answered 405 (known path, other method) or 501 (a method it never routes) with an Allow header.
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body === undefined) {
        throw new ApiError(
          405,
          'method_not_allowed',
          `${ctx.method} is not allowed on ${ctx.path}; allowed: ${ctx.response.get('allow') || 'none'}.`,
        );
      }
    } catch (err) {
      const requestId = String(ctx.state.requestId ?? '');
      const caller = ctx.state.company as { id: string } | null | undefined;
      const apiError = normalise(err, caller?.id);
      if (apiError) {
        ctx.status = apiError.status;
        for (const [k, v] of Object.entries(apiError.headers)) ctx.set(k, v);
        ctx.body = { error: { code: apiError.code, message: apiError.message, details: apiError.details } };
        return;
      }
      logger.error(
        { err, requestId, method: ctx.method, route: ctx.state.operationPath ?? ctx.path },
        'unhandled error',
      );
      ctx.status = 500;
      // With tracing on, the trace id too: the operator finds the whole request (workflow included) by it.
      const traceId = activeTraceId();
      ctx.body = {
        error: {
          code: 'internal_error',
          message: `Something went wrong on our side. Quote request id ${requestId} when reporting it.`,
          details: [],
          requestId,
          ...(traceId ? { traceId } : {}),
        },
      };
    }
  };
}
