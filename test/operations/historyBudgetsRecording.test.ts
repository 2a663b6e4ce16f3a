import { expect } from 'chai';
import { workflowIds } from '../../common/temporal';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { longCall } from '../support/mediaFiles';
import {
  acceptRecording,
  CONVERSATION,
  SAMPLE_AUDIO,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { expectChainWithinBudget } from '../support/runChain';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';

// docs/operations.md, "History budgets" (issue 50 §3): a recording's run at its largest cases, at reduced size.
// A long call cut into many pieces (1-minute pieces of a 20-minute call instead of 10-minute pieces of a 4-hour
// one: the events a piece adds are measured and extrapolated to the largest call), and a call whose provider
// fails until its last allowed attempt (Temporal retries an activity without adding events: the history does
// not grow with retries). The recording waiting behind a full company: test/recordings/backlog.test.ts.

const BUDGET = 2_000;
/**
 * The most pieces a call accepted by default can be cut into: RECORDING_MAX_DURATION (4 h) at OpenAI's shortest
 * piece limit (whisper-1, 10 minutes), each piece cut in the second half of its window (at least 5 minutes).
 */
const LARGEST_PIECES = (4 * 60) / 5;
/** The speech-to-text profile's maximumAttempts (workflows/activityProfiles.ts): failing one less, the last succeeds. */
const STT_ATTEMPTS = 8;
const CALL_MINUTES = 20;

describe('history budgets: a recording in many pieces, and one retried (issue 50 §3)', function () {
  this.timeout(600_000);
  let files: FileServer;
  let stt: SttServer;
  let stack: RecordingStack;
  let tenant: TenantFixture;

  before(async () => {
    files = await startFileServer();
    stt = await startOpenAiSttServer({ segments: [], script: CONVERSATION.map((l) => l.text) });
    stack = await startRecordingStack({
      STT_PROVIDER: 'openai',
      STT_BASE_URL: stt.url,
      STT_MAX_CHUNK_DURATION: '1m',
    });
    tenant = await createTenant('Budgets of recordings');
  });
  after(async () => {
    await stack?.stop();
    await stt?.close();
    await files?.close();
  });

  const historyOf = async (id: string) =>
    (await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).fetchHistory()).events ?? [];
  const pieces = async (id: string): Promise<number> =>
    Number((await testEnv().db('recording_chunks').where({ recording_id: id }).count({ n: '*' }))[0]['n']);
  const completed = async (name: string, body: Buffer): Promise<string> => {
    const url = files.serve(`/budgets/${name}.mp3`, { body, contentType: 'audio/mpeg' });
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
    expect((await waitForRecording(stack.api, tenant.apiKey, id, 480_000)).status).to.equal('completed');
    // The row is final a step before the run's end: its history is measured once the run has closed.
    await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).result();
    return id;
  };

  /** A short call in one piece: the base every piece adds to (measured once, by whichever test asks first). */
  let shortCall: Promise<number> | undefined;
  const shortEvents = (): Promise<number> =>
    (shortCall ??= (async () => {
      const id = await completed('short', SAMPLE_AUDIO);
      expect(await pieces(id)).to.equal(1);
      const [run] = await expectChainWithinBudget(stack.api.temporal, workflowIds.recording(id), BUDGET);
      return run.events;
    })());

  it(`a short call whose provider fails ${STT_ATTEMPTS - 1} times: retried to its last attempt, no larger`, async () => {
    const base = await shortEvents();
    stt.set({ failTimes: stt.requests.length + STT_ATTEMPTS - 1, failStatus: 429, retryAfter: '1' });
    const id = await completed('retried', SAMPLE_AUDIO);
    stt.set({ failTimes: 0 });
    const events = await historyOf(id);
    const started = events.find(
      (e) => e.activityTaskStartedEventAttributes && e.activityTaskStartedEventAttributes.attempt === STT_ATTEMPTS,
    );
    expect(started, `an activity ran its ${STT_ATTEMPTS}th attempt`).to.not.equal(undefined);
    await expectChainWithinBudget(stack.api.temporal, workflowIds.recording(id), BUDGET);
    // The attempts are the server's: a few events of difference at most (a workflow task more or less).
    expect(events.length, `${events.length} events against ${base} without failures`).to.be.at.most(base + 6);
  });

  it(`a ${CALL_MINUTES}-minute call in 1-minute pieces: within budget, and so is the largest call at its events a piece`, async () => {
    const base = await shortEvents();
    const id = await completed('long', longCall(CALL_MINUTES));
    const cut = await pieces(id);
    expect(cut, 'pieces of the call').to.be.within(CALL_MINUTES, 2 * CALL_MINUTES);
    const [run] = await expectChainWithinBudget(stack.api.temporal, workflowIds.recording(id), BUDGET);
    const perPiece = (run.events - base) / (cut - 1);
    const largest = base + perPiece * (LARGEST_PIECES - 1);
    expect(
      largest,
      `${run.events} events for ${cut} pieces (${perPiece.toFixed(1)} a piece): ${LARGEST_PIECES} pieces would be ${Math.round(largest)}`,
    ).to.be.at.most(BUDGET);
  });
});
