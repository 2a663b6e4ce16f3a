import { expectRecordedHistoriesReplay } from '../support/replayHistories';
import {
  PREVIOUS_RELEASE_RETENTION_HISTORIES,
  PREVIOUS_RELEASE_SWEEP_HISTORIES,
  RETENTION_HISTORIES,
  retentionHistoryDir,
  SWEEP_HISTORIES,
  sweepHistoryDir,
} from '../support/retentionFixtures';

// Recorded histories of real recordingRetention runs (written by retention.test.ts with
// RECORD_HISTORIES=1) replayed against today's workflow code: a change that would break a cleanup in
// flight fails here, and so does a missing history.

describe('recordings: replay of recorded retention histories', function () {
  this.timeout(120_000);

  it('replays every history under test/histories/recordingRetention without a nondeterminism error', async () => {
    await expectRecordedHistoriesReplay(retentionHistoryDir(), [
      ...RETENTION_HISTORIES,
      ...PREVIOUS_RELEASE_RETENTION_HISTORIES,
    ]);
  });

  it('replays every history under test/histories/retentionSweep (the sweep run with its cleanup child)', async () => {
    await expectRecordedHistoriesReplay(sweepHistoryDir(), [...SWEEP_HISTORIES, ...PREVIOUS_RELEASE_SWEEP_HISTORIES]);
  });
});
