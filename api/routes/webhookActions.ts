import { redeliverEvent, sendTestEvent, type AttemptOutcome } from '../commands/webhookDeliveries';
import { changeWebhookEndpoint } from '../commands/webhookEndpoints';
import { defineOperation, type Operation } from '../operation';
import { IdParams } from '../schemas/common';
import {
  DeliveryParams,
  UpdatedWebhookEndpoint,
  UpdateWebhookEndpointBody,
  WebhookAttemptResult,
} from '../schemas/webhooks';
import { toDelivery, toEndpoint } from './webhookView';

// Changing an endpoint, sending it a test event, redelivering an event.

const TAGS = ['Webhooks'];

function toAttemptResult(outcome: AttemptOutcome): WebhookAttemptResult {
  return {
    eventId: outcome.eventId,
    attempt: outcome.attempt,
    outcome: outcome.record ? outcome.record.outcome : 'pending',
    delivery: outcome.record ? toDelivery(outcome.record) : null,
  };
}

export const webhookActionOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'updateWebhookEndpoint',
      method: 'patch',
      path: '/api/webhook-endpoints/{id}',
      summary: 'Change a webhook endpoint',
      description:
        'Changes `url`, `events`, `description` or `enabled`; only the fields sent change. `{"enabled": true}` is the way back for an endpoint ' +
        "disabled after its receiver answered 410 Gone or failed for WEBHOOK_DISABLE_AFTER: the next event is delivered again, and the answer's " +
        '`eventsToRecover` says how many kept events it has not received (POST …/recover sends them). The secret is unchanged (see rotate-secret).',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'webhooks:manage',
      params: IdParams,
      body: UpdateWebhookEndpointBody,
      response: UpdatedWebhookEndpoint,
      errors: [404],
    },
    async ({ params, body, company, deps }) => {
      const { endpoint, eventsToRecover } = await changeWebhookEndpoint(deps, company.id, params.id, body);
      return eventsToRecover === undefined ? toEndpoint(endpoint) : { ...toEndpoint(endpoint), eventsToRecover };
    },
  ),
  defineOperation(
    {
      operationId: 'testWebhookEndpoint',
      method: 'post',
      idempotent: 'lease',
      path: '/api/webhook-endpoints/{id}/test',
      summary: 'Send a test event to a webhook endpoint',
      description:
        'Sends a signed `webhook.test` event through the same delivery workflow as every event (one attempt) and answers with the ' +
        'attempt: `delivered` or `failed` with the status code and error, or `pending` when it was not made within WEBHOOK_ATTEMPT_WAIT. ' +
        'A 410 Gone answer disables the endpoint as for any event. 409 `endpoint_disabled` for a disabled endpoint.',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'webhooks:manage',
      params: IdParams,
      response: WebhookAttemptResult,
      errors: [404, 409, 503],
    },
    async ({ params, company, deps }) => toAttemptResult(await sendTestEvent(deps, company, params.id)),
  ),
  defineOperation(
    {
      operationId: 'redeliverWebhookEvent',
      method: 'post',
      idempotent: 'lease',
      path: '/api/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver',
      summary: 'Send the event of a delivery again',
      description:
        'Sends the event of this delivery record to the endpoint again now (one attempt): the same event id and payload, so receivers ' +
        'de-duplicate it, with a fresh signature and timestamp. Answers with the attempt, numbered after the earlier attempts of the event. ' +
        '409 `endpoint_disabled` for a disabled endpoint; 410 `event_unavailable` for an event sent before events were kept.',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'webhooks:manage',
      params: DeliveryParams,
      response: WebhookAttemptResult,
      errors: [404, 409, 410, 503],
    },
    async ({ params, company, deps }) =>
      toAttemptResult(await redeliverEvent(deps, company, params.id, params.deliveryId)),
  ),
];
