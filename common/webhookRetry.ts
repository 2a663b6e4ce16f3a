// The retry schedule of webhook deliveries as plain data. Workflow code cannot read the environment,
// so the worker builds it from its configuration (common/webhookRetryPolicy.ts), hands it to the
// notifying workflow through the webhookRetryPolicy activity, which passes it to each delivery
// workflow in its arguments. Pure: workflows import it.

export interface WebhookRetry {
  initialIntervalMs: number;
  maxIntervalMs: number;
  maximumAttempts: number;
  /**
   * Time one POST may take: WEBHOOK_TIMEOUT, whose default (common/config.ts) is the one declaration of
   * it. Absent only in the input of delivery workflows started before the API's test and redelivery
   * sent it; those keep the 15 s they were started with (TIMEOUT_OF_OLDER_INPUTS_MS).
   */
  attemptTimeoutMs?: number;
}

/**
 * Growth of the wait between attempts. With the defaults (5 s initial, 10 h cap, 8 attempts) the
 * waits are 5 s, 40 s, 5 min, 43 min, 5.7 h, 10 h, 10 h: about 27 hours, close to the Standard
 * Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
 */
export const WEBHOOK_BACKOFF_COEFFICIENT = 8;

/** What an input without attemptTimeoutMs ran with (history: not a setting; WEBHOOK_TIMEOUT is). */
const TIMEOUT_OF_OLDER_INPUTS_MS = 15_000;

/**
 * Temporal's limit on one delivery activity: the POST's own timeout plus room for the activity's
 * bookkeeping (reading the endpoint, recording the attempt), so Temporal never ends an attempt whose
 * HTTP call is still allowed to wait, whatever WEBHOOK_TIMEOUT is.
 */
export function deliveryActivityTimeoutMs(retry: WebhookRetry): number {
  return (retry.attemptTimeoutMs ?? TIMEOUT_OF_OLDER_INPUTS_MS) + 15_000;
}

/**
 * The rest of the schedule once the first attempt was made elsewhere (the recording's own run, patch
 * `folded-steps`): one attempt fewer, and the intervals start where the full schedule would be after its
 * first wait, so attempt n still comes after the same waits. Only called with at least two attempts.
 */
export function retryAfterFirstAttempt(retry: WebhookRetry): WebhookRetry {
  return {
    ...retry,
    initialIntervalMs: Math.min(retry.initialIntervalMs * WEBHOOK_BACKOFF_COEFFICIENT, retry.maxIntervalMs),
    maximumAttempts: retry.maximumAttempts - 1,
  };
}

/** The schedule with at most `attempts` attempts (the API's test and redelivery ask for one). */
export function withAttemptsAtMost(retry: WebhookRetry, attempts: number): WebhookRetry {
  return { ...retry, maximumAttempts: Math.min(attempts, retry.maximumAttempts) };
}
