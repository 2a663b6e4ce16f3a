import { ActivityFailure, ApplicationFailure, TimeoutFailure } from '@temporalio/workflow';
import { isExplainedFailure } from '../common/failureTypes';

// The reason a recording failed is shown to the API's callers, sent in the failed webhook and kept in
// MySQL. Only failures our activities raise on purpose (activities/failures.ts) are quoted: anything
// else (a database error, a bug) may carry SQL, values or someone's words, so it is named, not quoted;
// the worker's log and the encrypted workflow history keep the rest.

/** What an unexplained failure is called. */
export const UNEXPECTED_FAILURE = 'an unexpected error occurred (the operators find it by the recording id)';

/** Why a step failed, in words a caller can act on. */
export function failureMessage(err: unknown): string {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof TimeoutFailure)
    return `it did not finish in time (${String(cause.timeoutType).toLowerCase().replace(/_/g, ' ')})`;
  if (cause instanceof ApplicationFailure && isExplainedFailure(cause.type) && cause.message) return cause.message;
  return UNEXPECTED_FAILURE;
}

/**
 * What kind of failure ended a recording, for the worker's measures (a label, so one of a fixed list):
 * the type of a failure our activities raise on purpose, Timeout, Cancelled, or Unexpected.
 */
export function failureKind(err: unknown, cancelled: boolean): string {
  if (cancelled) return 'Cancelled';
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof TimeoutFailure) return 'Timeout';
  if (cause instanceof ApplicationFailure && isExplainedFailure(cause.type)) return cause.type as string;
  return 'Unexpected';
}
