import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';
import { deliveryActivityTimeoutMs, WEBHOOK_BACKOFF_COEFFICIENT, type WebhookRetry } from '../common/webhookRetry';

// The activity groups of the workflows and their options (timeouts, retry profiles), declared once: the
// workflows build their proxies from this table, and so does the benchmark's bare shape
// (bench/shape/workflows.ts), which therefore cannot drift from what it measures against.

/** The recording workflow's activity groups (workflows/recordingIntake.ts). */
export const recordingActivityProfiles = {
  /** Database bookkeeping: retried without limit, so an outage pauses a recording and never loses it. */
  bookkeeping: {
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
  },
  /** Streaming the caller's file: long, heartbeating, retried on network errors and 5xx for ~10 minutes. */
  download: {
    startToCloseTimeout: '2 hours',
    heartbeatTimeout: '20 seconds',
    retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 6 },
  },
  /** Speech-to-text and LLM calls: rate limits and 5xx retried with backoff (or Retry-After) for ~30 minutes. */
  provider: {
    startToCloseTimeout: '1 hour',
    heartbeatTimeout: '20 seconds',
    retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 8 },
  },
  /** Probing, rendering and cutting the recording with ffmpeg: long, heartbeating, a few retries for passing faults. */
  media: {
    startToCloseTimeout: '2 hours',
    heartbeatTimeout: '30 seconds',
    retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 6 },
  },
} satisfies Record<string, ActivityOptions>;

/**
 * The same bookkeeping as local activities (patch `folded-steps`): run by the worker that runs the workflow
 * task, inside that task, so they cost no workflow task of their own. Each is idempotent (it was retried as
 * an activity before), so a retry of the task that ran it, on any worker, is safe.
 */
export const recordingLocalProfiles = {
  bookkeeping: recordingActivityProfiles.bookkeeping,
} satisfies Record<string, LocalActivityOptions>;

/** Listing an event's webhook targets and asking for the retry policy (workflows/webhookNotify.ts). */
export const webhookNotifyProfile = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', maximumAttempts: 20 },
} satisfies ActivityOptions;

/** Error types of deliverWebhook that no retry can fix (see activities/webhooks.ts). */
const PERMANENT_DELIVERY_FAILURES = ['WebhookAddressBlocked', 'WebhookUrlUnsupported'];

/**
 * A webhook's first attempt, made by the run that produced the event as a local activity (patch
 * `folded-steps`): one try; when it fails a delivery workflow takes over the rest of the schedule.
 */
export function webhookFirstAttemptProfile(retry: WebhookRetry, summary: string): LocalActivityOptions {
  return { startToCloseTimeout: deliveryActivityTimeoutMs(retry), retry: { maximumAttempts: 1 }, summary };
}

/** One webhook delivery's activity (workflows/webhookDelivery.ts): the schedule is the worker's policy, passed in. */
export function webhookDeliveryProfile(retry: WebhookRetry, summary: string): ActivityOptions {
  return {
    startToCloseTimeout: deliveryActivityTimeoutMs(retry),
    retry: {
      initialInterval: retry.initialIntervalMs,
      maximumInterval: retry.maxIntervalMs,
      backoffCoefficient: WEBHOOK_BACKOFF_COEFFICIENT,
      maximumAttempts: retry.maximumAttempts,
      nonRetryableErrorTypes: PERMANENT_DELIVERY_FAILURES,
    },
    summary,
  };
}
