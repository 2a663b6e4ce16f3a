import net from 'node:net';
import { CURRENT_API_VERSION, type ApiVersion } from '../../common/apiVersions';
import { durationMs } from '../../common/config';
import { blockedRange } from '../../common/outbound';
import type { WebhookEventType } from '../../common/webhookEvents';
import {
  WEBHOOK_KEYS_MISSING,
  webhookSecretBoxIfConfigured,
  type WebhookSecretBox,
} from '../../common/webhookSecretBox';
import { withinCompanyCeiling } from '../../db/queries/companyCeilings';
import { countRecoverableEvents } from '../../db/queries/eventLog';
import {
  createWebhookEndpoint,
  getWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type WebhookEndpointChanges,
  type WebhookEndpointRow,
} from '../../db/queries/webhooks';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound, unavailable } from '../errors';

// Registering, changing and re-keying a company's webhook endpoints: the URL policy (an internal IP literal
// is refused at once when private networks are blocked), the company's ceiling of endpoints, and each
// write with the read of its answer in one transaction.

/** Internal IP literals can never be delivered to when private networks are blocked: say so now. */
function assertReachable(url: string, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const range = net.isIP(host) ? blockedRange(host) : null;
  if (range) {
    // As every refusal by the address check: which kind of address it is stays unsaid.
    throw badRequest('validation_failed', 'The webhook URL points at an address the service does not send to.', [
      { in: 'body', field: 'url', message: 'url: the address is not allowed' },
    ]);
  }
}

/**
 * The box that seals endpoint secrets; 503 `webhook_keys_not_configured` when the deployment has no key
 * (possible outside production only: the API starts and warns, docs/api.md), before anything is written.
 */
function secretBoxOf(config: AppDeps['config']): WebhookSecretBox {
  const box = webhookSecretBoxIfConfigured(config);
  if (!box)
    throw unavailable(
      'webhook_keys_not_configured',
      `Webhook endpoints are not available on this deployment: ${WEBHOOK_KEYS_MISSING} (the operator's setting; docs/operations.md).`,
    );
  return box;
}

export async function registerWebhookEndpoint(
  deps: Pick<AppDeps, 'db' | 'config'>,
  companyId: string,
  request: { url: string; description?: string | null; events: WebhookEventType[]; apiVersion?: ApiVersion },
): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  assertReachable(request.url, deps.config.OUTBOUND_ALLOW_PRIVATE);
  const box = secretBoxOf(deps.config);
  const limit = deps.config.WEBHOOK_ENDPOINTS_PER_COMPANY;
  return withinCompanyCeiling(
    deps.db,
    companyId,
    'webhookEndpoints',
    (count) => {
      if (count >= limit)
        throw conflict(
          'limit_reached',
          `The company already has ${limit} webhook endpoints, the most it may have (WEBHOOK_ENDPOINTS_PER_COMPANY). Delete one it no longer uses first.`,
        );
    },
    (trx) =>
      createWebhookEndpoint(
        trx,
        {
          companyId,
          url: request.url,
          description: request.description ?? null,
          events: request.events,
          apiVersion: request.apiVersion ?? CURRENT_API_VERSION,
        },
        box,
      ),
  );
}

/**
 * Applies the changes and answers the endpoint as they left it (one transaction); 404 when unknown. An endpoint
 * enabled again after being disabled also gets how many kept events it missed (docs/webhooks.md, "Events and recovery").
 */
export async function changeWebhookEndpoint(
  deps: Pick<AppDeps, 'db' | 'config'>,
  companyId: string,
  id: string,
  changes: WebhookEndpointChanges,
): Promise<{ endpoint: WebhookEndpointRow; eventsToRecover?: number }> {
  if (changes.url !== undefined) assertReachable(changes.url, deps.config.OUTBOUND_ALLOW_PRIVATE);
  return deps.db.transaction(async (trx) => {
    const before = await getWebhookEndpoint(trx, companyId, id);
    const endpoint =
      before && (await updateWebhookEndpoint(trx, companyId, id, changes))
        ? await getWebhookEndpoint(trx, companyId, id)
        : undefined;
    if (!before || !endpoint) throw notFound('Webhook endpoint');
    if (before.enabled || !endpoint.enabled) return { endpoint };
    const eventsToRecover = await countRecoverableEvents(trx, companyId, id, endpoint.events, endpoint.createdAt);
    return { endpoint, eventsToRecover };
  });
}

/**
 * A new signing secret, shown once, with the endpoint (one transaction); 404 when unknown. The previous
 * secret keeps signing beside it for WEBHOOK_ROTATION_OVERLAP, or the caller's shorter `expiresInSeconds`.
 */
export async function rekeyWebhookEndpoint(
  deps: Pick<AppDeps, 'db' | 'config'>,
  companyId: string,
  id: string,
  expiresInSeconds: number | undefined,
): Promise<{ endpoint: WebhookEndpointRow; secret: string; previousSecretExpiresAt: Date | null }> {
  const overlapMs = Math.min(
    durationMs(deps.config.WEBHOOK_ROTATION_OVERLAP),
    expiresInSeconds === undefined ? Number.POSITIVE_INFINITY : expiresInSeconds * 1000,
  );
  const until = overlapMs > 0 ? new Date(Date.now() + overlapMs) : null;
  const box = secretBoxOf(deps.config);
  return deps.db.transaction(async (trx) => {
    const secret = await rotateWebhookSecret(trx, companyId, id, box, until);
    const endpoint = secret === undefined ? undefined : await getWebhookEndpoint(trx, companyId, id);
    if (secret === undefined || !endpoint) throw notFound('Webhook endpoint');
    return { endpoint, secret, previousSecretExpiresAt: until };
  });
}
