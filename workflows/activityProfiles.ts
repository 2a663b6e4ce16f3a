import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';
import { deliveryActivityTimeoutMs, WEBHOOK_BACKOFF_COEFFICIENT, type WebhookRetry } from '../common/webhookRetry';
import { priorityKeys } from '../common/temporal';

// The activity groups of the workflows and their options (timeouts, retry profiles), declared once: every
// workflow builds its proxies from this table (a test fails on options declared anywhere else), and
// docs/operations.md's table of how long each step retries is generated from it (scripts/retry-table.ts).

/** The recording workflow's activity groups (workflows/recordingIntake.ts). */
export const recordingActivityProfiles = {
  /** Database bookkeeping: retried without limit, so an outage pauses a recording and never loses it. */
  bookkeeping: {
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
  },
  /** Streaming the caller's file: long, heartbeating, retried on network errors and 5xx a few times. */
  download: {
    startToCloseTimeout: '2 hours',
    heartbeatTimeout: '20 seconds',
    retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 6 },
  },
  /** Speech-to-text and LLM calls: rate limits and 5xx retried with backoff (or Retry-After), longer than a download. */
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

/** The invitation workflow's activities (workflows/invitation.ts). */
export const invitationActivityProfiles = {
  /** SMTP outages are retried for a while; 5xx rejections fail at once (non-retryable). */
  email: {
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 12 },
  },
  /** Unlimited attempts: an expired invitation must end up marked expired once the database is back. */
  expiry: {
    startToCloseTimeout: '15 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
  },
} satisfies Record<string, ActivityOptions>;

/** The erasure of a person (workflows/userErasure.ts): every step retried without limit. */
export const userErasureActivityProfiles = {
  /** Database steps: short, retried without limit. */
  bookkeeping: {
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
  },
  /** Deleting stored files and rows a batch at a time: a slow bucket gets minutes, retried without limit. */
  purge: {
    startToCloseTimeout: '10 minutes',
    retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
  },
  /** Waiting for cancelled recordings to end: long, heartbeating, resumed elsewhere if its worker dies. */
  waiting: {
    startToCloseTimeout: '1 hour',
    heartbeatTimeout: '30 seconds',
    retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '1 minute' },
  },
} satisfies Record<string, ActivityOptions>;

/**
 * A company's offboarding (workflows/companyOffboarding.ts): the same groups as a person's erasure, every step
 * retried without limit (database steps; files deleted a batch at a time; waiting on Temporal, heartbeating).
 */
export const companyOffboardingActivityProfiles = {
  bookkeeping: userErasureActivityProfiles.bookkeeping,
  purge: userErasureActivityProfiles.purge,
  waiting: userErasureActivityProfiles.waiting,
} satisfies Record<string, ActivityOptions>;

/** The retention cleanup (workflows/recordingRetention.ts). */
export const retentionActivityProfiles = {
  /** Finding the next batch: a database read, retried without limit like every bookkeeping step. */
  bookkeeping: {
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
  },
  /**
   * Deleting a batch: a storage call and a transaction per recording, heartbeating per recording. A storage
   * backend that keeps refusing (S3 credentials) fails the run after its attempts; tomorrow's run starts over.
   */
  cleanup: {
    startToCloseTimeout: '30 minutes',
    heartbeatTimeout: '1 minute',
    retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 10 },
  },
} satisfies Record<string, ActivityOptions>;

/**
 * A sweep of expired rows (workflows/retentionSweep.ts): short DELETEs, heartbeating per batch; retried without
 * limit like bookkeeping, since the next scheduled run would only do the same.
 */
export const sweepActivityProfile = {
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
} satisfies ActivityOptions;

/** A company export (workflows/companyExport.ts). */
export const companyExportActivityProfiles = {
  /** Database steps (the plan, the end): short, retried without limit like every bookkeeping step. */
  bookkeeping: {
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
  },
  /**
   * One kind's pages: heartbeating per page with its cursor, so a retry (its worker died) resumes at the
   * page it was on. A store or database that keeps refusing fails the export after its attempts.
   */
  pages: {
    startToCloseTimeout: '6 hours',
    heartbeatTimeout: '30 seconds',
    retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 10 },
  },
  /** The archive: streamed from the parts, heartbeating per chunk; a retry writes it again from the parts. */
  archive: {
    startToCloseTimeout: '12 hours',
    heartbeatTimeout: '1 minute',
    retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 5 },
  },
} satisfies Record<string, ActivityOptions>;

/** The operators' connectivity check (workflows/connectivityCheck.ts): a database probe, a few tries. */
export const connectivityCheckProfile = {
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3 },
} satisfies ActivityOptions;

/** Listing an event's webhook targets and asking for the retry policy (workflows/webhookNotify.ts). */
export const webhookNotifyProfile = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', maximumAttempts: 20 },
} satisfies ActivityOptions;

/** Error types of deliverWebhook that no retry can fix (see activities/webhooks.ts). */
const PERMANENT_DELIVERY_FAILURES = ['WebhookAddressBlocked', 'WebhookUrlUnsupported'];

/**
 * A webhook's first attempt, made by the run that produced the event (patch `folded-steps`) as an activity
 * (patch `first-attempt-activity`): an outbound call to a customer's server that may take WEBHOOK_TIMEOUT,
 * which Temporal's guidance gives to an ordinary activity (its own timeout, never repeated with a retried
 * workflow task). One try; when it fails a delivery workflow takes over the rest of the schedule.
 */
export function webhookFirstAttemptProfile(retry: WebhookRetry, summary: string, companyId?: string): ActivityOptions {
  return {
    startToCloseTimeout: deliveryActivityTimeoutMs(retry),
    retry: { maximumAttempts: 1 },
    summary,
    // Normal priority, as the later deliveries (startDelivery): an activity inherits its run's, and a bulk
    // recording's event is live news to its receiver. Not part of what a replay compares.
    ...(companyId ? { priority: { priorityKey: priorityKeys.normal, fairnessKey: companyId } } : {}),
  };
}

/** The same as a local activity, for runs that made it one before patch `first-attempt-activity`. */
export function webhookFirstAttemptLocalProfile(retry: WebhookRetry, summary: string): LocalActivityOptions {
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
