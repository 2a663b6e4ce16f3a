import { durationMs, type Config } from './config';
import type { WebhookRetry } from './webhookRetry';

/**
 * The worker's webhook retry schedule from WEBHOOK_INITIAL_INTERVAL, WEBHOOK_MAX_INTERVAL,
 * WEBHOOK_MAX_ATTEMPTS and WEBHOOK_TIMEOUT: the one place these settings are read. The delivery
 * activity takes its timeout and its Retry-After cap from it, workflows get it from the
 * webhookRetryPolicy activity (they cannot read configuration), the delivery workflows of the API's test
 * and redelivery (api/commands/webhookDeliveries.ts) too, capped at one attempt.
 */
export function webhookRetryFromConfig(
  config: Pick<
    Config,
    'WEBHOOK_INITIAL_INTERVAL' | 'WEBHOOK_MAX_INTERVAL' | 'WEBHOOK_MAX_ATTEMPTS' | 'WEBHOOK_TIMEOUT'
  >,
): Required<WebhookRetry> {
  const initialIntervalMs = durationMs(config.WEBHOOK_INITIAL_INTERVAL);
  return {
    initialIntervalMs,
    // Temporal rejects a maximum interval below the initial one.
    maxIntervalMs: Math.max(initialIntervalMs, durationMs(config.WEBHOOK_MAX_INTERVAL)),
    maximumAttempts: config.WEBHOOK_MAX_ATTEMPTS,
    attemptTimeoutMs: durationMs(config.WEBHOOK_TIMEOUT),
  };
}
