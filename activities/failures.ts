import { ApplicationFailure } from '@temporalio/activity';
import { retryAfterMs } from '../common/retryAfter';

// How activities report failures to the workflow's retry policy: a permanent problem (the URL answers
// 404, the file is not audio, the provider rejects our request) fails at once with a non-retryable
// failure; a passing one (network, 5xx, 429) is retried with backoff, honouring Retry-After.

export { FailureTypes } from '../common/failureTypes';

/** Longest Retry-After honoured: a provider asking for more is retried by the normal backoff. */
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

function cappedRetryAfter(header: string | string[] | undefined): number | undefined {
  const ms = retryAfterMs(header);
  return ms === undefined || ms > MAX_RETRY_AFTER_MS ? undefined : ms;
}

export function permanent(type: string, message: string, cause?: Error): ApplicationFailure {
  return ApplicationFailure.create({ type, message, nonRetryable: true, cause });
}

/**
 * The failure for an unsuccessful HTTP answer from `service`: 408, 425, 429 and 5xx are worth
 * retrying (after Retry-After when given); any other status is permanent.
 */
export function httpFailure(
  service: string,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  detail: string,
  types: { retryable: string; permanent: string },
): ApplicationFailure {
  const message = `${service} answered HTTP ${status}${detail ? `: ${detail}` : ''}`;
  if (status === 408 || status === 425 || status === 429 || status >= 500) {
    return ApplicationFailure.create({
      type: types.retryable,
      message,
      nonRetryable: false,
      nextRetryDelay: cappedRetryAfter(headers['retry-after']),
    });
  }
  return permanent(types.permanent, message);
}

/** A short, single-line excerpt of an error body for failure messages (never the whole body). */
export function excerpt(text: string, max = 300): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}
