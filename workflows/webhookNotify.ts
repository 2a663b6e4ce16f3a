// @temporalio/common is deterministic and already bundled with every workflow (see common/temporal.ts).
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import {
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
import { searchAttributes, workflowIds } from '../common/temporal';
import type { WebhookEvent, WebhookEventRef } from '../common/webhookEvents';
import { retryAfterFirstAttempt, type WebhookRetry } from '../common/webhookRetry';
import { webhookFirstAttemptProfile, webhookNotifyProfile } from './activityProfiles';
import { webhookDelivery, type WebhookDeliveryInput } from './webhookDelivery';

const { listWebhookTargets, webhookRetryPolicy } = proxyActivities<Activities>(webhookNotifyProfile);
/** The same two, as local activities, for runs with folded steps (notifyKeptEventFirstHere). */
const local = proxyLocalActivities<Activities>(webhookNotifyProfile);

/**
 * Runs started before the worker owned the retry policy carry it in their input and start their
 * deliveries right after listing the targets; later runs ask the worker (webhookRetryPolicy) first.
 */
export const WEBHOOK_RETRY_FROM_WORKER = 'webhook-retry-from-worker';

/** Every recording event is kept (webhook_events), whether or not an endpoint subscribes when it happens. */
export const KEEP_EVERY_EVENT = 'keep-every-event';

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
export async function notifyWebhooks(
  companyId: string,
  event: WebhookEvent,
  legacyRetry?: WebhookRetry,
): Promise<void> {
  const endpointIds = await listWebhookTargets(companyId, event.type);
  if (endpointIds.length === 0) return;
  await startDeliveries(companyId, endpointIds, event, legacyRetry);
}

/**
 * Claim check: when an endpoint subscribes to the event, `keep` writes its body to webhook_events (false:
 * not kept, nobody is told) and the deliveries get the event's id only; with no subscriber nothing is written.
 */
export async function notifyKeptEvent(
  companyId: string,
  event: WebhookEventRef,
  keep: () => Promise<boolean>,
  legacyRetry?: WebhookRetry,
): Promise<void> {
  const endpointIds = await listWebhookTargets(companyId, event.type);
  if (endpointIds.length === 0 || !(await keep())) return;
  await startDeliveries(companyId, endpointIds, event, legacyRetry);
}

async function startDeliveries(
  companyId: string,
  endpointIds: string[],
  event: WebhookEvent | WebhookEventRef,
  legacyRetry: WebhookRetry | undefined,
): Promise<void> {
  // A kept event is delivered by id: each attempt reads its body from webhook_events.
  const what = 'data' in event ? { event } : { eventId: event.id, eventType: event.type };
  const retry = await deliveryRetry(legacyRetry);
  await Promise.all(
    endpointIds.map((endpointId) => startDelivery(companyId, event, { companyId, endpointId, ...what, retry })),
  );
}

/**
 * Folded steps: the first attempt of each delivery is made here, as a local activity, in the workflow task
 * that wrote the event; only an endpoint whose first attempt failed and may be retried gets a delivery
 * workflow, which goes on with the rest of the same schedule (attempt 2 after the first wait, or after the
 * receiver's Retry-After). Most events thus cost their producer no child workflow at all. A first attempt
 * that is repeated (the worker died while it ran) may reach a receiver twice, as any retried delivery may:
 * the `webhook-id` header is the same, so receivers drop the repeat (docs/webhooks.md).
 */
export async function notifyKeptEventFirstHere(
  companyId: string,
  event: WebhookEventRef,
  keep: () => Promise<boolean>,
): Promise<void> {
  // Patch `keep-every-event`: the event is written before the targets are listed, subscribed or not, so
  // GET /api/events lists it and an endpoint added or re-enabled later can recover it; earlier runs keep it
  // only when an endpoint subscribes, in the order their histories record.
  const keptFirst = patched(KEEP_EVERY_EVENT);
  if (keptFirst && !(await keep())) return;
  const endpointIds = await local.listWebhookTargets(companyId, event.type);
  if (endpointIds.length === 0 || (!keptFirst && !(await keep()))) return;
  const retry = await local.webhookRetryPolicy();
  const firstTry = proxyLocalActivities<Activities>(
    webhookFirstAttemptProfile(retry, `POST ${event.type} ${event.id}`),
  );
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
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    throw err;
  }
}
