import { timingSafeEqual, createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { ApiMetrics } from '../common/metrics';
import type { AppDeps } from './deps';
import { unauthorized } from './errors';
import { recordingBacklogGauge } from './recordingBacklog';

// GET /metrics for Prometheus. Not an API operation (no company, not in the OpenAPI document). Open
// unless METRICS_TOKEN is set: operators either keep the port internal or give the scraper the token.
// With METRICS_TOKEN_REQUIRED and no token it is not served at all (a public port, docker-compose's).

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

export function mountMetrics(
  router: Router,
  metrics: ApiMetrics,
  { db, config, logger }: Pick<AppDeps, 'db' | 'config' | 'logger'>,
): void {
  const token = config.METRICS_TOKEN;
  if (config.METRICS_TOKEN_REQUIRED && !token) return;
  const expected = token ? digest(token) : null;
  recordingBacklogGauge(metrics.registry, db, logger);
  router.get('metrics', '/metrics', async (ctx) => {
    if (expected) {
      const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
      if (!match || !timingSafeEqual(digest(match[1]), expected)) {
        throw unauthorized('invalid_credentials', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.');
      }
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
}
