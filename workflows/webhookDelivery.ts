import { proxyActivities, proxyLocalActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { WebhookDeliveryInput, WebhookDeliveryResult } from '../common/webhookDeliveryRun';
import { withAttemptsAtMost, type WebhookRetry } from '../common/webhookRetry';
import { webhookDeliveryProfile, webhookNotifyProfile } from './activityProfiles';

export type { WebhookDeliveryInput };

/** Asked as a local activity: a database-free answer from the worker's configuration, no task of its own. */
const local = proxyLocalActivities<Activities>(webhookNotifyProfile);

async function workerPolicy(attempts: number | undefined): Promise<WebhookRetry> {
  const policy = await local.webhookRetryPolicy();
  return attempts === undefined ? policy : withAttemptsAtMost(policy, attempts);
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
