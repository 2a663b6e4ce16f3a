// @temporalio/common is deterministic and already bundled with every workflow (see common/temporal.ts).
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, patched, proxyActivities, startChild, WorkflowIdReusePolicy } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { searchAttributes, workflowIds } from '../common/temporal';
import type { WebhookEvent, WebhookEventRef } from '../common/webhookEvents';
import type { WebhookRetry } from '../common/webhookRetry';
import { webhookNotifyProfile } from './activityProfiles';
import { webhookDelivery } from './webhookDelivery';

const { listWebhookTargets, webhookRetryPolicy } = proxyActivities<Activities>(webhookNotifyProfile);

/**
 * Runs started before the worker owned the retry policy carry it in their input and start their
 * deliveries right after listing the targets; later runs ask the worker (webhookRetryPolicy) first.
 */
export const WEBHOOK_RETRY_FROM_WORKER = 'webhook-retry-from-worker';

async function deliveryRetry(legacyRetry: WebhookRetry | undefined): Promise<WebhookRetry> {
  if (!patched(WEBHOOK_RETRY_FROM_WORKER) && legacyRetry) return legacyRetry;
  return webhookRetryPolicy();
}

/**
 * Called from inside a workflow (it is not a workflow itself): starts one webhookDelivery child per
 * enabled endpoint of the company subscribed to `event.type` and returns once they are started.
 * Children are abandoned on purpose: deliveries may retry for a day, and the caller completes now.
 * The child id is fixed per event and endpoint, and a closed id is not reused, so a replayed, reset
 * or repeated notify never delivers the same event to an endpoint twice.
 */
export async function notifyWebhooks(companyId: string, event: WebhookEvent, legacyRetry?: WebhookRetry): Promise<void> {
  const endpointIds = await listWebhookTargets(companyId, event.type);
  if (endpointIds.length === 0) return;
  await startDeliveries(companyId, endpointIds, event, legacyRetry);
}

/**
 * Claim check: when an endpoint subscribes to the event, `keep` writes its body to webhook_events (false:
 * not kept, nobody is told) and the deliveries get the event's id only; with no subscriber nothing is written.
 */
export async function notifyKeptEvent(companyId: string, event: WebhookEventRef, keep: () => Promise<boolean>, legacyRetry?: WebhookRetry): Promise<void> {
  const endpointIds = await listWebhookTargets(companyId, event.type);
  if (endpointIds.length === 0 || !(await keep())) return;
  await startDeliveries(companyId, endpointIds, event, legacyRetry);
}

async function startDeliveries(companyId: string, endpointIds: string[], event: WebhookEvent | WebhookEventRef, legacyRetry: WebhookRetry | undefined): Promise<void> {
  // A kept event is delivered by id: each attempt reads its body from webhook_events.
  const what = 'data' in event ? { event } : { eventId: event.id, eventType: event.type };
  const retry = await deliveryRetry(legacyRetry);
  await Promise.all(
    endpointIds.map(async (endpointId) => {
      try {
        await startChild(webhookDelivery, {
          workflowId: workflowIds.webhookDelivery(event.id, endpointId),
          args: [{ companyId, endpointId, ...what, retry }],
          parentClosePolicy: ParentClosePolicy.ABANDON,
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
          typedSearchAttributes: [{ key: searchAttributes.CompanyId, value: companyId }],
          staticSummary: `${event.type} → endpoint ${endpointId}`,
        });
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) return;
        throw err;
      }
    }),
  );
}
