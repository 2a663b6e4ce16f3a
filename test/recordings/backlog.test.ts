import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { workflowIds } from '../../common/temporal';
import { testEnv } from '../support/env';
import { allCompleted, fairBound, submit, timeToComplete, unfinished } from '../support/fairnessScenario';
import { startDelayProxy, type DelayProxy } from '../support/delayProxy';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import { CONVERSATION, SAMPLE_AUDIO, startRecordingStack, type RecordingStack } from '../support/recordingFixtures';
import { heldIntervals, SHORT_CALL_BUDGET, wokenByHandOff } from '../support/placeHandOff';
import { expectNoWaiters, expectPlacesHandedOn } from '../support/placeHandOffChecks';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { startWorker, type RunningWorker } from '../support/worker';

// Issue 50 on the tests' dev server: a company's backlog behind one place (COMPANY_MAX_HEAVY_ACTIVITIES=1) against a
// slow speech-to-text stand-in. The runs queue for the place and are handed it when it is released: every call
// completes, no run passes its history budget (a wait costs a few events, not ten per 10 s), and each released
// place is taken by the next waiter within about a second, read from the runs' own activity events; another
// company's call, submitted while the backlog waits, finishes within max(10 s, 3 × its time alone). Then a run
// terminated mid-recording: the sweep fails its row with the recording's failed event.

const CALLS = 12;
const STT_DELAY_MS = 800;

describe('a company backlog behind its places: queued, handed on, within budget (issue 50)', function () {
  this.timeout(600_000);
  let files: FileServer;
  let stt: SttServer;
  let slow: DelayProxy;
  let stack: RecordingStack;
  let worker: RunningWorker;

  before(async () => {
    files = await startFileServer();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    slow = await startDelayProxy(stt.url, STT_DELAY_MS);
    stack = await startRecordingStack(
      {
        WORKER_MAX_CONCURRENT_ACTIVITIES: 6,
        COMPANY_MAX_HEAVY_ACTIVITIES: 1,
        STT_CONCURRENCY: 1,
        STT_PROVIDER: 'openai',
        STT_BASE_URL: slow.url,
      },
      { worker: false },
    );
    worker = await startWorker(stack.config, { tuned: true });
  });
  after(async () => {
    await worker.stop();
    await stack.stop();
    await slow.close();
    await stt.close();
    await files.close();
  });

  const audio = (url: string) => ({
    userUniqueIdentifier: 'crm-backlog',
    userName: 'Sam Seller',
    recordingPresignedUrl: url,
    storeRecording: false,
  });

  it('completes every call, each run within its budget, each released place taken within about a second', async () => {
    const a = await createTenant('Backfilling company');
    const b = await createTenant('Live company');
    const url = files.serve('/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
    // The other company's call alone first (after a warm-up), on the same worker and stand-in.
    await timeToComplete(stack.api, b.apiKey, audio(url), 120_000);
    const alone = await timeToComplete(stack.api, b.apiKey, audio(url), 120_000);

    const ids: string[] = [];
    for (let i = 0; i < CALLS; i += 1) ids.push(await submit(stack.api, a.apiKey, audio(url)));
    const behind = await timeToComplete(stack.api, b.apiKey, audio(url), 120_000);
    const waiting = await unfinished(testEnv().db, ids);
    expect(behind.ms, `alone ${Math.round(alone.ms)} ms`).to.be.below(fairBound(alone.ms));
    // It was measured while the backlog still waited behind A's one place, not after it.
    expect(waiting, "A's calls not finished when B's was").to.be.at.least(CALLS / 2);
    await allCompleted(testEnv().db, ids, 480_000);

    const held: Array<[number, number]> = [];
    let queued = 0;
    for (const id of ids) {
      const history = await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).fetchHistory();
      const events = history.events ?? [];
      expect(events.length, `history of recording ${id}`).to.be.at.most(SHORT_CALL_BUDGET);
      held.push(...heldIntervals(events));
      if (wokenByHandOff(events)) queued += 1;
    }
    // Most runs found the place held, queued, and were woken by the signal that handed it to them.
    expect(queued, 'runs woken by a hand-off').to.be.at.least(CALLS / 2);
    // One place: the holding attempts never overlap, each starts soon after the one before ended; nobody left queued.
    expectPlacesHandedOn(held, 1);
    await expectNoWaiters(a.company.id);
  });

  it('a run terminated mid-recording is failed, with its event, by the next sweep', async () => {
    const b = await createTenant('Company whose run is terminated');
    const stuck = files.serve('/stuck.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg', delayMs: 120_000 });
    const id = await submit(stack.api, b.apiKey, audio(stuck));
    // Its media step has begun (the status is that step's first write): the slow host holds it there.
    for (let i = 0; ; i += 1) {
      const at = (await testEnv().db('recordings').where({ id }).first('status')) as { status: string } | undefined;
      if (at?.status === 'transcribing') break;
      if (i > 600) throw new Error('the recording never reached its media step');
      await new Promise((r) => setTimeout(r, 50));
    }
    await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).terminate('test: stuck recording');

    // Visibility records the close asynchronously: sweep until the row is failed (a positive signal).
    let row: { status: string; failure_reason: string | null } | undefined;
    for (let i = 0; i < 30; i += 1) {
      await stack.api.temporal.workflow.execute('retentionSweep', {
        taskQueue: stack.config.TEMPORAL_TASK_QUEUE!,
        workflowId: `test-sweep-${randomUUID()}`,
        args: [{ sweeps: [], recordingRetentionMs: 0 }],
      });
      row = (await testEnv().db('recordings').where({ id }).first('status', 'failure_reason')) as typeof row;
      if (row?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(row?.status).to.equal('failed');
    expect(row?.failure_reason).to.match(/workflow run ended terminated/);
    const events = (await testEnv()
      .db('webhook_events')
      .where({ company_id: b.company.id, type: 'recording.processing.failed' })
      .select('payload')) as Array<{ payload: string | { data: { recordingId: string } } }>;
    const about = events.map(
      (e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload) as { data: { recordingId: string } },
    );
    expect(about.map((e) => e.data.recordingId)).to.include(id);
  });
});
