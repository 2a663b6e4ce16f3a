import { patched, sleep } from '@temporalio/workflow';
import { FailureTypes } from '../common/failureTypes';
import { failureType } from './recordingIntakeCommon';

// The workflow's side of COMPANY_MAX_HEAVY_ACTIVITIES (activities/companyLimit.ts): a media or speech-to-text
// activity asked with `{ companyLimit: true }` ends at once with CompanyAtActivityLimit when its company holds
// all its places; the run waits a little and schedules it again, through the fair queue, until it gets one.
// Waiting here rather than in Temporal's retry keeps the activity's maximumAttempts for real failures.

/** Patch id: runs started before never ask for a place (their activities run as they always did). */
export const COMPANY_ACTIVITY_LIMIT = 'company-activity-limit';

/** First wait, then doubling up to the longest: a freed place is found within seconds, and a large backlog asks rarely. */
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 10_000;

/** Runs `schedule` (one activity), again after a wait for as long as the company is at its limit. */
export async function withinCompanyLimit<T>(schedule: (limit?: { companyLimit: true }) => Promise<T>): Promise<T> {
  if (!patched(COMPANY_ACTIVITY_LIMIT)) return schedule();
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    try {
      return await schedule({ companyLimit: true });
    } catch (err) {
      if (failureType(err) !== FailureTypes.CompanyAtActivityLimit) throw err;
    }
    await sleep(wait);
  }
}
