import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { durationMs } from '../../common/config';
import { searchAttributes, workflowIds } from '../../common/temporal';
import { WEBHOOK_TEST_EVENT, type DeliverableEvent, type WebhookTestEvent } from '../../common/webhookEvents';
import { webhookRetryFromConfig } from '../../common/webhookRetryPolicy';
import { getWebhookEvent, rememberWebhookEvent } from '../../db/queries/webhookEvents';
import {
  findWebhookAttempt,
  getWebhookDelivery,
  getWebhookEndpoint,
  lastWebhookAttempt,
  type WebhookDeliveryRow,
} from '../../db/queries/webhooks';
import type { webhookDelivery } from '../../workflows/webhookDelivery';
import type { AppDeps } from '../deps';
import { conflict, gone, notFound, workflowStartError } from '../errors';
import { waitForClose } from './workflowClose';

// A test event and a redelivery go through the same delivery workflow as every event (signing,
// recording the attempt, disabling on 410), one attempt each, and the caller gets that attempt's outcome.

export interface AttemptOutcome {
  eventId: string;
  attempt: number;
  /** The attempt's record, or null when it was not made within WEBHOOK_ATTEMPT_WAIT. */
  record: WebhookDeliveryRow | null;
}

async function requireEnabledEndpoint(deps: AppDeps, companyId: string, endpointId: string): Promise<void> {
  const endpoint = await getWebhookEndpoint(deps.db, companyId, endpointId);
  if (!endpoint) throw notFound('Webhook endpoint');
  if (!endpoint.enabled) {
    throw conflict('endpoint_disabled', 'The endpoint is disabled; enable it first (PATCH with {"enabled": true}).');
  }
}

async function deliverOnce(
  deps: AppDeps,
  companyId: string,
  endpointId: string,
  event: Pick<DeliverableEvent, 'id' | 'type'>,
  workflowId: string,
  attemptOffset: number,
  trigger: 'test' | 'redeliver',
): Promise<AttemptOutcome> {
  let handle: WorkflowHandle<typeof webhookDelivery>;
  try {
    handle = await deps.temporal.workflow.start<typeof webhookDelivery>('webhookDelivery', {
      workflowId,
      taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      // The event by id (it is kept in webhook_events): its body never enters the workflow's history.
      args: [
        {
          companyId,
          endpointId,
          eventId: event.id,
          eventType: event.type,
          // One attempt on the worker's policy (WEBHOOK_TIMEOUT and the rest are the worker's settings, not
          // this process's): the delivery workflow asks the worker for it; the caller can ask again. `retry`
          // is only for a worker of the previous release during a deploy, which does not know workerPolicy.
          workerPolicy: { attempts: 1 },
          retry: { ...webhookRetryFromConfig(deps.config), maximumAttempts: 1 },
          ...(attemptOffset > 0 ? { attemptOffset } : {}),
          trigger,
        },
      ],
      typedSearchAttributes: [{ key: searchAttributes.CompanyId, value: companyId }],
      staticSummary: `${event.type} → endpoint ${endpointId} (requested through the API)`,
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) {
      throw conflict(
        'redelivery_in_progress',
        'This event is being redelivered to this endpoint already; see its deliveries.',
      );
    }
    throw workflowStartError(err, 'The event could not be queued for delivery. Retry the request.');
  }
  deps.metrics?.workflowStarts.inc({ workflow: 'webhookDelivery' });
  const attempt = attemptOffset + 1;
  // Its one attempt records itself before the run closes (delivered, failed or skipped).
  await waitForClose(handle, durationMs(deps.config.WEBHOOK_ATTEMPT_WAIT));
  const record = await findWebhookAttempt(deps.db, endpointId, event.id, attempt);
  return { eventId: event.id, attempt, record: record ?? null };
}

/** Sends a signed `webhook.test` event to the endpoint. */
export async function sendTestEvent(deps: AppDeps, companyId: string, endpointId: string): Promise<AttemptOutcome> {
  await requireEnabledEndpoint(deps, companyId, endpointId);
  const event: WebhookTestEvent = {
    id: randomUUID(),
    type: WEBHOOK_TEST_EVENT,
    createdAt: new Date().toISOString(),
    data: { endpointId, message: 'A test event sent on request. Verify its signature and answer 2xx.' },
  };
  await rememberWebhookEvent(deps.db, companyId, event);
  return deliverOnce(deps, companyId, endpointId, event, workflowIds.webhookDelivery(event.id, endpointId), 0, 'test');
}

/**
 * Sends the event of a recorded delivery again: same event id and payload, a fresh signature. Its
 * workflow id carries the redelivery's first attempt number, so each redelivery is its own workflow
 * and the attempt numbers of the event at the endpoint keep counting up.
 */
export async function redeliverEvent(
  deps: AppDeps,
  companyId: string,
  endpointId: string,
  deliveryId: string,
): Promise<AttemptOutcome> {
  await requireEnabledEndpoint(deps, companyId, endpointId);
  const delivery = await getWebhookDelivery(deps.db, endpointId, deliveryId);
  if (!delivery) throw notFound('Delivery');
  const event = await getWebhookEvent(deps.db, companyId, delivery.eventId);
  if (!event)
    throw gone(
      'event_unavailable',
      'The event of this delivery was sent before events were kept and cannot be redelivered.',
    );
  const offset = await lastWebhookAttempt(deps.db, endpointId, event.id);
  const workflowId = `${workflowIds.webhookDelivery(event.id, endpointId)}-redelivery-${offset + 1}`;
  return deliverOnce(deps, companyId, endpointId, event, workflowId, offset, 'redeliver');
}
