import { durationMs, type Config } from '../common/config';
import type { WebhookRetry } from '../common/webhookRetry';

export type { WebhookRetry } from '../common/webhookRetry';

/** The webhook retry schedule from WEBHOOK_INITIAL_INTERVAL, WEBHOOK_MAX_INTERVAL, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TIMEOUT. */
export function webhookRetryFromConfig(
  config: Pick<Config, 'WEBHOOK_INITIAL_INTERVAL' | 'WEBHOOK_MAX_INTERVAL' | 'WEBHOOK_MAX_ATTEMPTS' | 'WEBHOOK_TIMEOUT'>,
): WebhookRetry {
  const initialIntervalMs = durationMs(config.WEBHOOK_INITIAL_INTERVAL);
  return {
    initialIntervalMs,
    // Temporal rejects a maximum interval below the initial one.
    maxIntervalMs: Math.max(initialIntervalMs, durationMs(config.WEBHOOK_MAX_INTERVAL)),
    maximumAttempts: config.WEBHOOK_MAX_ATTEMPTS,
    attemptTimeoutMs: durationMs(config.WEBHOOK_TIMEOUT),
  };
}
