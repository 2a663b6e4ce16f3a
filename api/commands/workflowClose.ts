import { WorkflowFailedError, WorkflowNotFoundError, type WorkflowHandle } from '@temporalio/client';
import { isTemporalUnavailable } from '../../common/temporalClient';

// A request that started or signalled a workflow and answers with what it did (cancel, webhook test,
// redelivery) waits for the run to close through Temporal's own long poll (the client's result call), not
// by polling MySQL. Each long poll is one gRPC call bounded by the client's call deadline
// (TEMPORAL_START_TIMEOUT, common/temporalClient.ts): when it runs out the wait asks again, and a wait the
// request gives up on ends by itself within that deadline, without an abort signal (whose AsyncLocalStorage
// would cost every request; BENCHMARKS.md).

type Polled = { closed: true } | { again: true } | { error: unknown };

/**
 * Resolves true once the run has closed (completed, failed, cancelled, terminated), false when `ms` passed
 * first. The caller reads what the run wrote (the recording, the attempt's record) once afterwards.
 */
export async function waitForClose(handle: WorkflowHandle, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    // Never rejects, so a poll left behind by the timer cannot become an unhandled rejection.
    const poll: Promise<Polled> = handle.result().then(
      (): Polled => ({ closed: true }),
      (err: unknown): Polled =>
        isTemporalUnavailable(err) ? { again: true } : isClosedRun(err) ? { closed: true } : { error: err },
    );
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), remaining)));
    const outcome = await Promise.race([poll, timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') return false;
    if ('closed' in outcome) return true;
    if ('error' in outcome) throw outcome.error;
    // The long poll reached its call deadline (or Temporal was briefly unreachable): a short pause, then ask again.
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, Math.max(0, deadline - Date.now()))));
  }
}

/**
 * result() rejects for a run that closed without completing (failed, cancelled, terminated, timed out),
 * and for one Temporal no longer keeps (past the namespace's retention): closed either way.
 */
function isClosedRun(err: unknown): boolean {
  return err instanceof WorkflowFailedError || err instanceof WorkflowNotFoundError;
}
