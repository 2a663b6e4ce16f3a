import {
  CancellationScope,
  condition,
  isCancellation,
  patched,
  proxyLocalActivities,
  setHandler,
  sleep,
  defineSignal,
  workflowInfo,
  ActivityFailure,
  ApplicationFailure,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { QueuedDetails } from '../activities/companyLimit';
import { FailureTypes } from '../common/failureTypes';
import { COMPANY_PLACE_SIGNAL } from '../common/temporal';
import { recordingLocalProfiles } from './activityProfiles';
import { failureType } from './recordingIntakeCommon';

// The workflow's side of COMPANY_MAX_HEAVY_ACTIVITIES (activities/companyLimit.ts): a long activity asked with
// `{ companyLimit: true }` ends at once with CompanyAtActivityLimit when its company holds all its places.
// Waiting here rather than in Temporal's retry keeps the activity's maximumAttempts for real failures.
//
// Since patch `company-place-queue` (issue 50) the attempt that found no place has also put the step in the
// company's queue of waiters; the run then waits for the signal that hands it a released place, with a long,
// jittered timer only as a fallback (a hand-off whose signal was lost, a place a dead worker let expire). A
// wait costs about 11 history events per wake (the attempt, its workflow tasks, the timer or the signal) and
// no database write, so a run that waits for hours stays far below Temporal's history limits.

/** Patch id: runs started before never ask for a place (their activities run as they always did). */
export const COMPANY_ACTIVITY_LIMIT = 'company-activity-limit';
/** Patch id: a run without a place queues and waits for a signal (runs started before poll on a doubling timer). */
export const COMPANY_PLACE_QUEUE = 'company-place-queue';

/** Before the queue: first wait, then doubling up to the longest. */
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 10_000;

/**
 * The fallback for a waiter that may be next (fewer waiters ahead than places): about the lease's TTL, so a
 * place a dead worker held is found soon after it expires even when no live holder of the company hands it on;
 * never under a minute at the default TTL, which keeps a head waiter at or under ~10 events a minute.
 */
const HEAD_FALLBACK_TTLS = 1.1;
/** Further back, a signal wakes it: the timer only guards against a lost one, and grows. */
const BACK_FALLBACK_FIRST_MS = 10 * 60_000;
const BACK_FALLBACK_LONGEST_MS = 60 * 60_000;

const companyPlace = defineSignal<[string]>(COMPANY_PLACE_SIGNAL);
const bookkeeping = proxyLocalActivities<Activities>(recordingLocalProfiles.bookkeeping);

/** Keys of this run's steps that were handed a place (the signal arrived), not yet taken. */
const granted = new Set<string>();
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  setHandler(companyPlace, (key: string) => {
    // The signal names `<runId>/<step>`; the step is what this run waits on.
    granted.add(key.slice(key.indexOf('/') + 1));
  });
}

function queuedDetails(err: unknown): QueuedDetails | undefined {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (!(cause instanceof ApplicationFailure)) return undefined;
  const [details] = (cause.details ?? []) as Array<QueuedDetails | undefined>;
  return details;
}

/** How long a waiter waits for its signal before it asks again: jittered so a backlog never asks at once. */
export function fallbackMs(details: QueuedDetails | undefined, wakes: number, random: number): number {
  const jitter = 1 + 0.4 * random;
  if (!details || details.ahead < details.limit)
    return Math.round(HEAD_FALLBACK_TTLS * (details?.ttlMs ?? 60_000) * jitter);
  return Math.round(Math.min(BACK_FALLBACK_FIRST_MS * 2 ** Math.min(wakes, 8), BACK_FALLBACK_LONGEST_MS) * jitter);
}

/**
 * Runs `schedule` (one activity) holding one of the company's places: `step` names the wait within the run
 * (unique among the run's concurrent steps); `since` is the patch its step first took a place under.
 */
export async function withinCompanyLimit<T>(
  step: string,
  schedule: (limit?: { companyLimit: true; queue?: string }) => Promise<T>,
  since: 'limit' | 'queue' = 'limit',
): Promise<T> {
  // The media step and speech-to-text took places since `company-activity-limit`; the download, the silencing
  // and the analysis only since `company-place-queue` (asked first there, so older runs replay as they ran).
  if (since === 'limit' && !patched(COMPANY_ACTIVITY_LIMIT)) return schedule();
  if (!patched(COMPANY_PLACE_QUEUE)) return since === 'limit' ? polling(schedule) : schedule();
  listen();
  for (let wakes = 0; ; wakes += 1) {
    granted.delete(step);
    let details: QueuedDetails | undefined;
    try {
      return await schedule({ companyLimit: true, queue: step });
    } catch (err) {
      if (failureType(err) !== FailureTypes.CompanyAtActivityLimit) throw err;
      details = queuedDetails(err);
    }
    try {
      await condition(() => granted.has(step), fallbackMs(details, wakes, Math.random()));
    } catch (err) {
      // Cancelled while queued: the step leaves the queue, so no place is reserved for a run that will not take it.
      if (isCancellation(err))
        await CancellationScope.nonCancellable(() =>
          bookkeeping.leaveCompanyQueue.executeWithOptions({ summary: 'Leave the company queue' }, [
            `${workflowInfo().runId}/${step}`,
          ]),
        );
      throw err;
    }
  }
}

/** Runs started before `company-place-queue`: ask again after a wait doubling to LONGEST_WAIT_MS. */
async function polling<T>(schedule: (limit?: { companyLimit: true }) => Promise<T>): Promise<T> {
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    try {
      return await schedule({ companyLimit: true });
    } catch (err) {
      if (failureType(err) !== FailureTypes.CompanyAtActivityLimit) throw err;
    }
    await sleep(wait);
  }
}
