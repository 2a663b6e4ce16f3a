import { WEBHOOK_EVENT_DESCRIPTIONS, webhookEnvelope } from '../../common/webhookEvents';
import { defineOperation, type Operation } from '../operation';
import { WebhookEventCatalog } from '../schemas/webhooks';

/** Plain JSON Schema of each event body, from the TypeBox source (TypeBox's symbol keys dropped). */
const catalog: WebhookEventCatalog = {
  data: WEBHOOK_EVENT_DESCRIPTIONS.map((d) => ({
    type: d.type,
    description: d.summary,
    subscribable: d.subscribable,
    schema: JSON.parse(JSON.stringify(webhookEnvelope(d))) as Record<string, unknown>,
  })),
};

export const webhookEventOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'listWebhookEvents',
      method: 'get',
      path: '/api/webhook-events',
      summary: 'List the webhook event types and their payload schemas',
      description:
        'Every event type the service sends, whether endpoints subscribe to it, and the JSON Schema of the body a receiver gets. ' +
        'The same schemas are in this document under `webhooks`.',
      tags: ['Webhooks'],
      auth: 'apiKey',
      scope: 'webhooks:manage',
      response: WebhookEventCatalog,
    },
    async () => catalog,
  ),
];
