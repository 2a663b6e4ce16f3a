import { PREVIOUS_RELEASE_HISTORIES, RECORDING_HISTORIES, recordingHistoryDir } from '../support/recordingFixtures';
import { expectRecordedHistoriesReplay } from '../support/replayHistories';

// Recorded histories of real recordingIntake runs (written by the processing, failures and workerCrash
// tests with RECORD_HISTORIES=1, and by the previous release's tests for the runs it started) replayed
// against today's workflow code: a change that breaks determinism for recordings already in flight fails
// here, and so does a missing history.

describe('recordings: replay of recorded histories', function () {
  this.timeout(120_000);

  it('replays every history under test/histories/recordingIntake without a nondeterminism error', async () => {
    await expectRecordedHistoriesReplay(recordingHistoryDir(), [...RECORDING_HISTORIES, ...PREVIOUS_RELEASE_HISTORIES]);
  });
});
