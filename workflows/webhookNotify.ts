// @temporalio/common is deterministic and already bundled with every workflow (see common/temporal.ts).
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import {
  deprecatePatch,
  isCancellation,
  ParentClosePolicy,
  patched,
  proxyActivities,
  proxyLocalActivities,
  startChild,
  WorkflowIdReusePolicy,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { FirstWebhookAttemptResult } from '../activities/webhooks';
import { priorityKeys, searchAttributes, workflowIds } from '../common/temporal';
import type { WebhookEvent, WebhookEventRef } from '../common/webhookEvents';
import { retryAfterFirstAttempt } from '../common/webhookRetry';
import { webhookFirstAttemptLocalProfile, webhookFirstAttemptProfile, webhookNotifyProfile } from './activityProfiles';
import { webhookDelivery, type WebhookDeliveryInput } from './webhookDelivery';

const { listWebhookTargets, webhookRetryPolicy } = proxyActivities<Activities>(webhookNotifyProfile);
/** The same two, as local activities, for runs with folded steps (notifyKeptEventFirstHere). */
const local = proxyLocalActivities<Activities>(webhookNotifyProfile);

/**
 * Patch id: every recording event is kept (webhook_events), whether or not an endpoint subscribes when it
 * happens. Deprecated: runs that kept it only for a subscriber were from before v2026.11.26.
 */
export const KEEP_EVERY_EVENT = 'keep-every-event';

/**
 * Patch id: the first attempt of a delivery made by the producing run is an ordinary activity (scheduled by a
 * command, so a retried or reset workflow task replays its result instead of sending it again, and Temporal
 * applies its timeout to a POST that may take WEBHOOK_TIMEOUT). Runs from before made it a local activity.
 */
export const FIRST_ATTEMPT_ACTIVITY = 'first-attempt-activity';

/**
 * Called from inside a workflow (it is not a workflow itself): starts one webhookDelivery child per
 * enabled endpoint of the company subscribed to `event.type` and returns once they are started.
 * Children are abandoned on purpose: deliveries may retry for a day, and the caller completes now.
 * The child id is fixed per event and endpoint, and a closed id is not reused, so a replayed, reset
 * or repeated notify never delivers the same event to an endpoint twice.
 */
export async function notifyWebhooks(companyId: string, event: WebhookEvent): Promise<void> {
  const endpointIds = await listWebhookTargets(companyId, event.type);
  if (endpointIds.length === 0) return;
  await startDeliveries(companyId, endpointIds, event);
}

async function startDeliveries(companyId: string, endpointIds: string[], event: WebhookEvent): Promise<void> {
  // Deliveries take the worker's retry policy.
  const retry = await webhookRetryPolicy();
  await Promise.all(
    endpointIds.map((endpointId) => startDelivery(companyId, event, { companyId, endpointId, event, retry })),
  );
}

/**
 * Folded steps: the first attempt of each delivery is made by the run that wrote the event, as one activity
 * (patch `first-attempt-activity`; a local activity before); only an endpoint whose first attempt failed and
 * may be retried gets a delivery workflow, which goes on with the rest of the same schedule (attempt 2 after
 * the first wait, or after the receiver's Retry-After). Most events thus cost their producer no child
 * workflow at all. An attempt is sent once per scheduled activity: a workflow task that is retried replays
 * the activity's result (a local activity ran again with the task).
 */
export async function notifyKeptEventFirstHere(
  companyId: string,
  event: WebhookEventRef,
  keep: () => Promise<boolean>,
): Promise<void> {
  // The event is written before the targets are listed, subscribed or not, so GET /api/events lists it and
  // an endpoint added or re-enabled later can recover it.
  deprecatePatch(KEEP_EVERY_EVENT);
  if (!(await keep())) return;
  const endpointIds = await local.listWebhookTargets(companyId, event.type);
  if (endpointIds.length === 0) return;
  const retry = await local.webhookRetryPolicy();
  const summary = `POST ${event.type} ${event.id}`;
  const firstTry = patched(FIRST_ATTEMPT_ACTIVITY)
    ? proxyActivities<Activities>(webhookFirstAttemptProfile(retry, summary, companyId))
    : proxyLocalActivities<Activities>(webhookFirstAttemptLocalProfile(retry, summary));
  await Promise.all(
    endpointIds.map(async (endpointId) => {
      // An attempt that ended without an answer (timed out, the database failed) is retried like a refusal.
      const first = await firstTry
        .firstWebhookAttempt({ companyId, endpointId, eventId: event.id })
        .catch((err: unknown): FirstWebhookAttemptResult => {
          if (isCancellation(err)) throw err;
          return { outcome: 'failed', permanent: false };
        });
      // Delivered, skipped, 410; or refused for good (the address is not allowed): no later attempt would differ.
      if (first.outcome !== 'failed' || first.permanent || retry.maximumAttempts === 1) return;
      await startDelivery(companyId, event, {
        companyId,
        endpointId,
        eventId: event.id,
        eventType: event.type,
        retry: retryAfterFirstAttempt(retry),
        attemptOffset: 1,
        firstDelayMs: Math.min(first.retryAfterMs ?? retry.initialIntervalMs, retry.maxIntervalMs),
      });
    }),
  );
}

async function startDelivery(
  companyId: string,
  event: WebhookEvent | WebhookEventRef,
  input: WebhookDeliveryInput,
): Promise<void> {
  try {
    await startChild(webhookDelivery, {
      workflowId: workflowIds.webhookDelivery(event.id, input.endpointId),
      args: [input],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      typedSearchAttributes: [{ key: searchAttributes.CompanyId, value: companyId }],
      staticSummary: `${event.type} → endpoint ${input.endpointId}`,
      // Normal priority, set here: a child inherits its parent's, and a bulk recording's deliveries are live
      // work for the receiver. The fairness weight (left out) is inherited: the company's, as its parent ran
      // with. Not behind patched(): a start's priority is not part of what a replay compares (workflow id and
      // type), so runs started before replay unchanged and their later deliveries simply run at normal.
      priority: { priorityKey: priorityKeys.normal, fairnessKey: companyId },
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    throw err;
  }
}
