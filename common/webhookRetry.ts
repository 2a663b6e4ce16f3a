// The retry schedule of webhook deliveries as plain data. Workflow code cannot read the environment,
// so the worker builds it from its configuration (activities/webhookRetryPolicy.ts), hands it to the
// notifying workflow through the webhookRetryPolicy activity, which passes it to each delivery
// workflow in its arguments. Pure: workflows import it.

export interface WebhookRetry {
  initialIntervalMs: number;
  maxIntervalMs: number;
  maximumAttempts: number;
  /** Time one POST may take (WEBHOOK_TIMEOUT); absent means DEFAULT_WEBHOOK_ATTEMPT_TIMEOUT_MS. */
  attemptTimeoutMs?: number;
}

/**
 * Growth of the wait between attempts. With the defaults (5 s initial, 10 h cap, 8 attempts) the
 * waits are 5 s, 40 s, 5 min, 43 min, 5.7 h, 10 h, 10 h: about 27 hours, close to the Standard
 * Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
 */
export const WEBHOOK_BACKOFF_COEFFICIENT = 8;

export const DEFAULT_WEBHOOK_ATTEMPT_TIMEOUT_MS = 15_000;
