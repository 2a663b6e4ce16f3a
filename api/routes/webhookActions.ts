import { redeliverEvent, sendTestEvent, type AttemptOutcome } from '../commands/webhookDeliveries';
import { recoverEndpoint } from '../commands/webhookRecovery';
import { defineOperation, type Operation } from '../operation';
import { IdParams } from '../schemas/common';
import { RecoverBody, RecoverResult } from '../schemas/events';
import { DeliveryParams, WebhookAttemptResult } from '../schemas/webhooks';
import { toDelivery } from '../../common/views/webhooks';

// Actions on an endpoint (POST /api/webhook-endpoints/{id}/…): sending it a test event, redelivering an event,
// recovering the events it missed. The endpoint itself (create, list, change, delete) is webhookEndpoints.ts.

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
  defineOperation(
    {
      operationId: 'recoverWebhookEndpoint',
      method: 'post',
      idempotent: 'lease',
      path: '/api/webhook-endpoints/{id}/recover',
      summary: 'Deliver again the events an endpoint missed',
      description:
        'Every event created in [`since`, `until`) that the endpoint subscribes to and has not received (no attempt answered 2xx) is queued for ' +
        'delivery again, once each: the same body bytes and `webhook-id`, a fresh signature, on the usual retry schedule. Answers how many were ' +
        'queued; one still being recovered from an earlier request is not queued twice. At most WEBHOOK_RECOVER_BATCH (1000) per request, oldest ' +
        'first; `nextSince` says where to go on. 409 `endpoint_disabled` for a disabled endpoint (enable it first).',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'webhooks:manage',
      params: IdParams,
      body: RecoverBody,
      response: RecoverResult,
      successStatus: 202,
      errors: [404, 409, 503],
    },
    async ({ params, body, company, deps }) => {
      const outcome = await recoverEndpoint(
        deps,
        company,
        params.id,
        new Date(body.since),
        body.until === undefined ? undefined : new Date(body.until),
      );
      return {
        queued: outcome.queued,
        alreadyQueued: outcome.alreadyQueued,
        since: outcome.since.toISOString(),
        until: outcome.until.toISOString(),
        nextSince: outcome.nextSince ? outcome.nextSince.toISOString() : null,
      };
    },
  ),
];
