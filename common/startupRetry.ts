import type { Logger } from 'pino';

// Processes start in any order (compose, Kubernetes): a dependency that is still coming up is waited
// for with capped exponential backoff, one clear log line per failed try, instead of a crash loop.

export interface RetryOptions {
  initialMs?: number;
  maxMs?: number;
  /** Stops waiting (e.g. on SIGTERM); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

function message(err: unknown): string {
  if (err instanceof Error) return err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message;
  return String(err);
}

/** Why the signal aborted, as an Error (AbortSignal's reason may be any value). */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error(String(reason));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = (): void => {
      clearTimeout(timer);
      if (signal) reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs `attempt` until it succeeds, logging each failure as "waiting for <dependency>". */
export async function untilAvailable<T>(
  dependency: string,
  where: string,
  attempt: () => Promise<T>,
  logger: Logger,
  { initialMs = 500, maxMs = 10_000, signal }: RetryOptions = {},
): Promise<T> {
  let delay = initialMs;
  for (let tries = 1; ; tries += 1) {
    try {
      const value = await attempt();
      if (tries > 1) logger.info({ dependency, where, tries }, `${dependency} is available`);
      return value;
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      logger.warn(
        { dependency, where, tries, retryInMs: delay, reason: message(err) },
        `waiting for ${dependency} at ${where}: ${message(err)}`,
      );
      await sleep(delay, signal);
      delay = Math.min(maxMs, Math.round(delay * 1.8));
    }
  }
}
