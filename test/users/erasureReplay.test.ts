import path from 'node:path';
import { expectRecordedHistoriesReplay, ofPreviousRelease } from '../support/replayHistories';

// Recorded histories of real userErasure runs (written by test/users/erasure.test.ts with
// RECORD_HISTORIES=1) replayed against today's workflow code: a change that would break erasures in
// flight fails here, and so does a missing history (today's and the previous release's, recorded by its own tests).

export const ERASURE_HISTORIES = ['recordings-in-every-state'] as const;
/**
 * A shape the previous release cannot have left (recorded by test/operations/historyBudgetsLongRuns.test.ts): the
 * run an erasure continued as new as, from its `resume` to its end (patch `erasure-continues-as-new`).
 */
const ERASURE_HISTORIES_SINCE_PREVIOUS_RELEASE = ['resumed'] as const;

describe('users: replay of recorded erasure histories', function () {
  this.timeout(120_000);

  it('replays every history under test/histories/userErasure without a nondeterminism error', async () => {
    await expectRecordedHistoriesReplay(path.join(__dirname, '..', 'histories', 'userErasure'), [
      ...ERASURE_HISTORIES,
      ...ERASURE_HISTORIES_SINCE_PREVIOUS_RELEASE,
      ...ofPreviousRelease(ERASURE_HISTORIES),
    ]);
  });
});
