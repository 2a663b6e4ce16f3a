import {
  HISTORIES_DIR,
  INVITATION_HISTORIES,
  PREVIOUS_RELEASE_INVITATION_HISTORIES,
} from '../support/invitationFixtures';
import { expectRecordedHistoriesReplay } from '../support/replayHistories';

// Histories of completed invitation runs (recorded with RECORD_HISTORIES=1 by the other invitation
// tests) must replay with the current workflow code: a change that breaks determinism for runs
// already in flight fails here.

describe('invitations: replay of recorded histories', () => {
  it('replays every recorded invitation history without a determinism error', async () => {
    await expectRecordedHistoriesReplay(HISTORIES_DIR, [
      ...INVITATION_HISTORIES,
      ...PREVIOUS_RELEASE_INVITATION_HISTORIES,
    ]);
  });
});
