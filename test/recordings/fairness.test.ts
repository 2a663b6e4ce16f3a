import { expect } from 'chai';
import type { RecordingList } from '../../api/schemas/recordings';
import { activeCompanyLeases } from '../../db/queries/companyActivityLeases';
import { testEnv } from '../support/env';
import {
  allCompleted,
  fairBound,
  submit,
  submitMany,
  timeToComplete,
  transcriptSubmission,
  unfinished,
} from '../support/fairnessScenario';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import {
  CONVERSATION,
  SAMPLE_AUDIO,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { startWorker, type RunningWorker } from '../support/worker';

// Issue 41 §4 on the tests' dev server, which runs with matching.enableFairness=true like every server of the
// project: a worker with few slots (as a busy fleet is), one company's backlog, then another company's (or the
// same company's normal) recording. Each bound is against that recording's own time alone, measured here on
// the same machine a moment before, so a loaded machine moves both.

/** The worker a small fleet is: few slots, so what waits, waits in Temporal's task queues. */
const FEW_SLOTS = {
  WORKER_MAX_CONCURRENT_ACTIVITIES: 2,
  WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: 2,
  WORKER_MAX_CACHED_WORKFLOWS: 600,
} as const;

const BACKLOG = 200;

describe('fairness: one backlog does not hold up other work (dev server, fairness on)', function () {
  this.timeout(600_000);
  let stack: RecordingStack;
  let worker: RunningWorker;

  before(async () => {
    stack = await startRecordingStack(FEW_SLOTS, { worker: false });
    worker = await startWorker(stack.config, { tuned: true });
  });
  after(async () => {
    await worker.stop();
    await stack.stop();
  });

  it("company B's transcript finishes within max(10 s, 3 × its time alone) behind company A's backlog of 200", async () => {
    const a = await createTenant('Backfilling company');
    const b = await createTenant('Live company');
    await timeToComplete(stack.api, b.apiKey, transcriptSubmission(), 60_000); // warm-up
    const alone = await timeToComplete(stack.api, b.apiKey, transcriptSubmission(), 60_000);

    const backlog = await submitMany(stack.api, a.apiKey, BACKLOG, transcriptSubmission());
    const behind = await timeToComplete(stack.api, b.apiKey, transcriptSubmission(), 120_000);
    const waiting = await unfinished(testEnv().db, backlog);

    expect(behind.ms, `alone ${Math.round(alone.ms)} ms`).to.be.below(fairBound(alone.ms));
    expect(waiting, "A's recordings not finished when B's was").to.be.at.least(BACKLOG / 4);
    await allCompleted(testEnv().db, backlog, 480_000);
  });

  it('a normal recording finishes within the bound behind its own company’s bulk backlog; the bulk ones all complete', async () => {
    const c = await createTenant('Importing company');
    await timeToComplete(stack.api, c.apiKey, transcriptSubmission(), 60_000); // warm-up
    const alone = await timeToComplete(stack.api, c.apiKey, transcriptSubmission(), 60_000);

    const bulk = await submitMany(stack.api, c.apiKey, BACKLOG, transcriptSubmission({ priority: 'bulk' }));
    const normal = await timeToComplete(stack.api, c.apiKey, transcriptSubmission({ priority: 'normal' }), 120_000);
    const waiting = await unfinished(testEnv().db, bulk);

    expect(normal.ms, `alone ${Math.round(alone.ms)} ms`).to.be.below(fairBound(alone.ms));
    expect(waiting, 'bulk recordings not finished when the normal one was').to.be.at.least(BACKLOG / 4);
    // What the company sees: the list by priority.
    const listed = await stack.api.request<RecordingList>('GET', '/api/recording?priority=bulk&limit=1', {
      apiKey: c.apiKey,
    });
    expect(listed.status, listed.text).to.equal(200);
    expect(listed.body.pagination.total).to.equal(BACKLOG);
    expect(listed.body.data[0].priority).to.equal('bulk');
    await allCompleted(testEnv().db, bulk, 480_000);
  });
});

describe('fairness: one company’s long calls do not fill every worker slot (COMPANY_MAX_HEAVY_ACTIVITIES)', function () {
  this.timeout(600_000);
  /** How long each of A's calls holds its media activity (a slow file host: a long call's download). */
  const LONG_CALL_MS = 15_000;
  let files: FileServer;
  let stt: SttServer;
  let stack: RecordingStack;
  let worker: RunningWorker;

  before(async () => {
    files = await startFileServer();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    const settings = {
      ...FEW_SLOTS,
      WORKER_MAX_CONCURRENT_ACTIVITIES: 3,
      // One place per company: A's calls hold one slot of three, whatever A has queued.
      COMPANY_MAX_HEAVY_ACTIVITIES: 1,
      STT_CONCURRENCY: 1,
      STT_PROVIDER: 'openai',
      STT_BASE_URL: stt.url,
    } as const;
    stack = await startRecordingStack(settings, { worker: false });
    worker = await startWorker(stack.config, { tuned: true });
  });
  after(async () => {
    await worker.stop();
    await stack.stop();
    await stt.close();
    await files.close();
  });

  const audio = (url: string) => ({
    userUniqueIdentifier: 'crm-fair',
    userName: 'Sam Seller',
    recordingPresignedUrl: url,
    storeRecording: false,
  });

  it("company B's short call finishes within the bound while company A's long calls are queued for every slot", async () => {
    const a = await createTenant('Company with long calls');
    const b = await createTenant('Company with a short call');
    const short = files.serve('/short.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
    const alone = await timeToComplete(stack.api, b.apiKey, audio(short), 120_000);

    // As many long calls as the worker has slots: without the limit they would hold all three for LONG_CALL_MS.
    const long = await Promise.all(
      [1, 2, 3].map((i) =>
        submit(
          stack.api,
          a.apiKey,
          audio(
            files.serve(`/long-${i}.mp3`, { body: SAMPLE_AUDIO, contentType: 'audio/mpeg', delayMs: LONG_CALL_MS }),
          ),
        ),
      ),
    );
    // A's calls have reached their media step (the slow host has been asked) before B submits.
    for (let i = 1; files.hits('/long-1.mp3') + files.hits('/long-2.mp3') + files.hits('/long-3.mp3') === 0; i += 1) {
      if (i > 600) throw new Error("A's calls never reached the file host");
      await new Promise((r) => setTimeout(r, 50));
    }
    const behind = await timeToComplete(stack.api, b.apiKey, audio(short), 120_000);

    expect(behind.ms, `alone ${Math.round(alone.ms)} ms`).to.be.below(Math.min(fairBound(alone.ms), LONG_CALL_MS));
    expect(await activeCompanyLeases(testEnv().db, a.company.id), "A's places").to.be.at.most(1);
    expect(await unfinished(testEnv().db, long), "A's calls not finished when B's was").to.be.at.least(2);
    for (const id of long) {
      const done = await waitForRecording(stack.api, a.apiKey, id, 240_000);
      expect(done.status, done.failureReason ?? '').to.equal('completed');
    }
    // Every place is given back once the calls are done.
    expect(await activeCompanyLeases(testEnv().db, a.company.id)).to.equal(0);
  });
});
