import { CURRENT_API_VERSION, isApiVersion } from '../apiVersions';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/queries/webhooks';
import { WebhookEndpoint, type WebhookDelivery } from '../../api/schemas/webhooks';

// The schema of this answer, for whoever checks or describes it (the company export).
export { WebhookEndpoint };

// How a webhook endpoint and a delivery record are answered (webhookEndpoints.ts, webhookActions.ts).

export function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    apiVersion: isApiVersion(row.apiVersion) ? row.apiVersion : CURRENT_API_VERSION,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    attempt: row.attempt,
    outcome: row.outcome,
    statusCode: row.statusCode,
    error: row.error,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  };
}
