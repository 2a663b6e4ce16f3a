import Router from '@koa/router';
import Koa from 'koa';
import type { AppDeps } from './deps';
import { mountDocs } from './docs';
import { errorBoundary } from './middleware/errorBoundary';
import { jsonBody } from './middleware/jsonBody';
import { requestId } from './middleware/requestId';
import { requestLog } from './middleware/requestLog';
import { mountOperations } from './mount';
import { buildOpenApi } from './openapi';
import { operations } from './routes';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the Koa app from injected dependencies; the server and the tests both start here. */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true; // the error boundary logs what matters
  const router = new Router();
  mountOperations(router, operations, deps);

  const openApi = buildOpenApi(operations, deps.config.PUBLIC_URL);
  router.get('openapi', '/openapi.json', (ctx) => {
    ctx.body = openApi;
  });
  mountDocs(router);

  app.use(requestId());
  app.use(requestLog(deps.logger));
  app.use(errorBoundary(deps.logger));
  app.use(jsonBody(BODY_LIMIT_BYTES));
  app.use(router.routes());
  // Not `throw: true`: the thrown error would lose the Allow header (RFC 9110 requires it on 405). The
  // router sets the status and Allow; the error boundary renders the body.
  app.use(router.allowedMethods());
  return app;
}
