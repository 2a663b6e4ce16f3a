import { nowOn } from '../common/clock';
import Router from '@koa/router';
import Koa from 'koa';
import { createApiMetrics } from '../common/metrics';
import { durationMs } from '../common/config';
import { mediaLinkSecrets as mediaLinkSecretsOf } from '../common/mediaLinks';
import { mountCodec } from './codecEndpoint';
import { createCredentialCache } from './credentialCache';
import type { AppDeps } from './deps';
import { mountDocs } from './docs';
import { mountMetrics } from './metricsEndpoint';
import { errorBoundary } from './middleware/errorBoundary';
import { httpMetrics } from './middleware/httpMetrics';
import { jsonBody } from './middleware/jsonBody';
import { createRateLimit } from './middleware/rateLimit';
import { requestId } from './middleware/requestId';
import { requestLog } from './middleware/requestLog';
import { tracing } from './middleware/tracing';
import { mountOperations } from './mount';
import { buildOpenApi } from './openapi';
import { operations } from './routes';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the Koa app from injected dependencies; the server and the tests both start here. */
export function createApp(appDeps: AppDeps): Koa {
  const metrics = appDeps.metrics ?? createApiMetrics();
  const credentialCache =
    appDeps.credentialCache ?? createCredentialCache(durationMs(appDeps.config.CREDENTIAL_CACHE_TTL));
  const mediaLinkSecrets = appDeps.mediaLinkSecrets ?? mediaLinkSecretsOf(appDeps.config, nowOn(appDeps).getTime());
  const deps: AppDeps = { ...appDeps, metrics, credentialCache, mediaLinkSecrets };
  const app = new Koa({ proxy: false });
  app.silent = true; // the error boundary logs what matters
  const router = new Router();
  mountOperations(router, operations, deps, createRateLimit(deps.config, deps.db, deps.clock));

  const openApi = buildOpenApi(operations, deps.config.PUBLIC_URL);
  router.get('openapi', '/openapi.json', (ctx) => {
    ctx.body = openApi;
  });
  mountDocs(router);
  mountMetrics(router, metrics, deps);
  mountCodec(router, deps.config);

  app.use(requestId());
  // Only when tracing is on: off, no span and no context is made per request (common/tracing); on, only
  // for a request the sampler keeps.
  if (deps.tracing) app.use(tracing(deps.tracing));
  app.use(requestLog(deps.logger));
  app.use(httpMetrics(metrics));
  app.use(errorBoundary(deps.logger));
  app.use(jsonBody(BODY_LIMIT_BYTES));
  app.use(router.routes());
  // Not `throw: true`: the thrown error would lose the Allow header (RFC 9110 requires it on 405). The
  // router sets the status and Allow; the error boundary renders the body.
  app.use(router.allowedMethods());
  return app;
}
