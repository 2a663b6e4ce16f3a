import { proxyActivities, proxyLocalActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { DeliveryTrigger, WebhookDeliveryResult } from '../activities/webhooks';
import type { DeliverableEvent } from '../common/webhookEvents';
import { withAttemptsAtMost, type WebhookRetry } from '../common/webhookRetry';
import { webhookDeliveryProfile, webhookNotifyProfile } from './activityProfiles';

export interface WebhookDeliveryInput {
  companyId: string;
  endpointId: string;
  /** The kept event (webhook_events) to send: its id and type only (claim check). */
  eventId?: string;
  eventType?: string;
  /** Only in deliveries started before events were kept when created: the whole event. */
  event?: DeliverableEvent;
  /** The schedule, as the producing run asked the worker for it (ignored with `workerPolicy`). */
  retry: WebhookRetry;
  /**
   * The API's test and redelivery: run on the worker's own policy (webhookRetryPolicy, asked here) with at most
   * this many attempts, so WEBHOOK_TIMEOUT and the rest are the worker's, never the API's configuration. The
   * API still sends `retry` for a worker of the previous release during a deploy, which ignores this field.
   * Inputs without it (every run started before) never ask, so their histories replay unchanged.
   */
  workerPolicy?: { attempts: number };
  /** The API's test (`test`) or redelivery (`redeliver`), counted apart from an event's own deliveries; absent: `event`. */
  trigger?: Exclude<DeliveryTrigger, 'event'>;
  /** Attempts made for this event and endpoint before this workflow (a redelivery); numbering continues after them. */
  attemptOffset?: number;
  /**
   * Wait before the first attempt here: the first wait of the schedule (or the receiver's Retry-After) when
   * the first attempt was made by the run that produced the event (patch `folded-steps`). Absent in every
   * other delivery, so their histories hold no timer.
   */
  firstDelayMs?: number;
}

/** Asked as a local activity: a database-free answer from the worker's configuration, no task of its own. */
const local = proxyLocalActivities<Activities>(webhookNotifyProfile);

async function workerPolicy(attempts: number): Promise<WebhookRetry> {
  return withAttemptsAtMost(await local.webhookRetryPolicy(), attempts);
}

/**
 * Delivers one event to one endpoint, retrying on Temporal's schedule until a 2xx, a 410, or the
 * last attempt. Each delivery is its own workflow so a slow or failing endpoint never holds up
 * another one or the workflow that produced the event.
 */
export async function webhookDelivery(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const retry = input.workerPolicy ? await workerPolicy(input.workerPolicy.attempts) : input.retry;
  // The retry policy is the worker's configuration (common/webhookRetryPolicy.ts, which also keeps
  // the maximum interval at or above the initial one), and configuration only reaches a workflow
  // through its arguments, so this proxy is built here rather than at module scope. It is
  // deterministic: same arguments on replay, same options.
  const { deliverWebhook } = proxyActivities<Activities>(
    webhookDeliveryProfile(
      retry,
      `POST ${input.event?.type ?? input.eventType ?? 'event'} ${input.event?.id ?? input.eventId ?? ''}`,
    ),
  );
  const { companyId, endpointId, attemptOffset, trigger } = input;
  if (input.firstDelayMs !== undefined && input.firstDelayMs > 0) await sleep(input.firstDelayMs);
  return deliverWebhook(
    input.event
      ? { companyId, endpointId, event: input.event, attemptOffset, trigger }
      : { companyId, endpointId, eventId: input.eventId, attemptOffset, trigger },
  );
}
