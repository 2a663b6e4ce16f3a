import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { expect } from 'chai';
import { ScheduleNotFoundError, type Client, type ScheduleDescription } from '@temporalio/client';
import type { RecordingView } from '../../api/schemas/recordings';
import { QUOTES_DELETED, type RecordingAnalysis, type ScorecardResponse } from '../../common/recordingAnalysis';
import { plannedSweeps } from '../../activities/sweeps';
import { SWEEP_SCHEDULE_ID } from '../../common/temporal';
import { insertRecording } from '../../db/queries/recordings';
import type { RecordingRetentionResult } from '../../workflows/recordingRetention';
import type { RetentionSweepResult } from '../../workflows/retentionSweep';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testConfig, testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  acceptRecording,
  CONVERSATION,
  filesUnder,
  SAMPLE_AUDIO,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { keepRetentionHistory, keepSweepHistory } from '../support/retentionFixtures';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { spawnWorker, type WorkerProcess } from '../support/workerProcess';

// Retention (issue 16.1): the worker keeps the `retention-sweep` schedule in line with RECORDING_RETENTION
// (and the other retention settings), and its run's recordings cleanup deletes stored files and transcripts
// of old recordings while the sessions, scores and measures stay.

const WEBVTT = `WEBVTT

00:00:00.000 --> 00:00:06.000
<v Sam Seller>Hi Dana, this is Sam from Acme. Do you have a minute?

00:00:06.500 --> 00:00:09.000
<v Dana Reyes>Sure. What is this about?
`;

interface SessionResult {
  score: number;
  didPass: boolean;
  length: number;
  wpm: number;
  snippets: Array<{ isUser: boolean; text: string }>;
  criteriaResponses: ScorecardResponse[];
  metricResponses: ScorecardResponse[];
  audioUrl?: string | null;
  videoUrl?: string | null;
}

interface RecordingDbState {
  transcript: unknown;
  source_url: string | null;
  media_deleted_at: Date | null;
}

const DAY_MS = 86_400_000;
const SWEEP_EVERY_MS = 10 * 60_000;
// A worker process bundles the workflow code before it is ready: minutes on a loaded machine.
const SPAWN_TIMEOUT_MS = 240_000;

/** What retention leaves of scorecard responses: the verdicts, without the quotes, saying why. */
function withoutQuotes<T extends { criteriaResponses?: ScorecardResponse[]; metricResponses?: ScorecardResponse[] }>(
  before: T,
): T {
  const forget = (r: ScorecardResponse): ScorecardResponse =>
    r.evidence.length === 0 ? r : { ...r, evidence: [], noEvidenceReason: QUOTES_DELETED };
  return {
    ...before,
    criteriaResponses: before.criteriaResponses?.map(forget),
    metricResponses: before.metricResponses?.map(forget),
  };
}

async function dbState(id: string): Promise<RecordingDbState> {
  return (await testEnv()
    .db('recordings')
    .where({ id })
    .first('transcript', 'source_url', 'media_deleted_at')) as RecordingDbState;
}

/**
 * Moves the recordings' creation an hour back: older than the retention the test sets, now, instead of
 * after a wait (the cleanup's cutoff is its run's time less the retention).
 */
async function ageRecordings(ids: string[]): Promise<void> {
  const { db } = testEnv();
  await db('recordings')
    .whereIn('id', ids)
    .update({ created_at: db.raw('created_at - INTERVAL 1 HOUR') });
}

async function describeSchedule(client: Client): Promise<ScheduleDescription> {
  return client.schedule.getHandle(SWEEP_SCHEDULE_ID).describe();
}

const HOUR_MS = 60 * 60 * 1000;

/** The schedule once it shows a change sent to it (the scheduler applies patches a moment after they are taken). */
async function scheduleSettled(client: Client, shows: (d: ScheduleDescription) => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const d = await describeSchedule(client);
    if (shows(d)) return;
    if (Date.now() > deadline)
      throw new Error(`the schedule never showed the change: ${JSON.stringify({ state: d.state, spec: d.spec })}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Schedule ids the namespace lists (the list is eventually consistent: waits until it names ours). */
async function sweepScheduleIds(client: Client): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ids: string[] = [];
    for await (const schedule of client.schedule.list()) ids.push(schedule.scheduleId);
    if (ids.includes(SWEEP_SCHEDULE_ID) || Date.now() > deadline)
      return ids.filter((id) => id.startsWith('retention-sweep') || id.startsWith('recording-retention'));
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Triggers the schedule now and waits for the sweep run it started (its recordings cleanup a child run). */
async function triggerSweep(
  client: Client,
): Promise<{ workflowId: string; runId: string; result: RetentionSweepResult }> {
  const handle = client.schedule.getHandle(SWEEP_SCHEDULE_ID);
  const before = (await handle.describe()).info.recentActions.length;
  await handle.trigger();
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { info } = await handle.describe();
    const started = info.recentActions[before]?.action ?? info.runningActions[0];
    if (started) {
      const result = await client.workflow
        .getHandle<() => Promise<RetentionSweepResult>>(started.workflow.workflowId)
        .result();
      return { workflowId: started.workflow.workflowId, runId: started.workflow.firstExecutionRunId, result };
    }
    if (Date.now() > deadline) throw new Error('the triggered schedule started no run');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('recordings: retention', function () {
  this.timeout(600_000);
  let files: FileServer;
  let stt: SttServer;
  let stack: RecordingStack;
  let worker: WorkerProcess | undefined;
  let tenant: TenantFixture;

  before(async () => {
    files = await startFileServer();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
  });
  after(async () => Promise.all([files.close(), stt.close()]));
  beforeEach(async () => {
    tenant = await createTenant();
  });

  describe('the schedule kept by the worker process', () => {
    const deleteSchedule = () =>
      stack.api.temporal.schedule
        .getHandle(SWEEP_SCHEDULE_ID)
        .delete()
        .catch((err: unknown) => {
          if (!(err instanceof ScheduleNotFoundError)) throw err;
        });
    before(async () => {
      stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url }, { worker: false });
      // A worker process of an earlier suite on the same dev server may have left its schedule: start from none.
      await deleteSchedule();
    });
    after(async () => {
      await worker?.stop();
      worker = undefined;
      // Leave no schedule behind for later suites (its daily run would start on a queue nobody polls).
      await deleteSchedule();
      await stack.stop();
    });

    it('a short retention: the sweep schedule exists, and its run deletes files and transcripts while sessions stay', async () => {
      worker = await spawnWorker({ ...stack.config, RECORDING_RETENTION: '1s' }, SPAWN_TIMEOUT_MS);
      const client = stack.api.temporal;
      const schedule = await describeSchedule(client);
      expect(schedule.spec.intervals?.map((i) => i.every)).to.deep.equal([SWEEP_EVERY_MS]);
      expect(schedule.action).to.deep.include({
        type: 'startWorkflow',
        workflowType: 'retentionSweep',
        taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      });
      expect(schedule.action.args).to.deep.equal([
        {
          sweeps: plannedSweeps(testConfig({ ...stack.config, RECORDING_RETENTION: '1s' })),
          recordingRetentionMs: 1000,
        },
      ]);
      expect(schedule.state.paused).to.equal(false);
      expect(schedule.policies.overlap).to.equal('SKIP');
      expect(worker.output()).to.match(/"change":"created".*"msg":"retention sweep schedule checked"/);

      // A scorecard with an item the built-in analyzer quotes the call for (the questions the rep asked).
      const roleplay = await createRoleplayFixture(tenant.company.id, {
        scorecard: {
          criteria: [
            { title: 'Opened well', description: 'Stated the reason for the call', weight: 2, sectionTitle: 'Opening' },
          ],
          metrics: [
            { title: 'Talk ratio', description: 'Listened more than talked', weight: 1, sectionTitle: 'Delivery' },
            { title: 'Discovery', description: 'Asks questions', weight: 1, sectionTitle: 'Discovery' },
          ],
        },
      });
      const storedUrl = files.serve(`/retention/${randomUUID()}/call.mp3`, {
        body: SAMPLE_AUDIO,
        contentType: 'audio/mpeg',
      });
      const remoteUrl = files.serve(`/retention/${randomUUID()}/call.mp3`, {
        body: SAMPLE_AUDIO,
        contentType: 'audio/mpeg',
      });
      const stored = await acceptRecording(stack.api, tenant.apiKey, {
        recordingPresignedUrl: storedUrl,
        storeRecording: true,
        roleplayId: roleplay.id,
      });
      const remote = await acceptRecording(stack.api, tenant.apiKey, {
        recordingPresignedUrl: remoteUrl,
        storeRecording: false,
        roleplayId: roleplay.id,
      });
      const submitted = await stack.api.request<{ recordingId: string }>('POST', '/api/recording', {
        apiKey: tenant.apiKey,
        json: {
          userUniqueIdentifier: 'crm-vtt',
          userName: 'Sam Seller',
          storeRecording: false,
          transcript: WEBVTT,
          roleplayId: roleplay.id,
        },
      });
      expect(submitted.status, submitted.text).to.equal(200);
      const ids = [stored, remote, submitted.body.recordingId];
      const views = await Promise.all(ids.map((id) => waitForRecording(stack.api, tenant.apiKey, id, 90_000)));
      expect(views.map((v) => [v.status, v.mediaDeletedAt])).to.deep.equal(ids.map(() => ['completed', null]));
      expect(await filesUnder(stack.storageDir)).to.deep.equal([`${tenant.company.id}/${stored}.mp3`]);
      const sessionOf = async (view: RecordingView): Promise<SessionResult> => {
        const res = await stack.api.request<SessionResult>('GET', `/api/roleplay/session/${view.sessionId}`, {
          apiKey: tenant.apiKey,
        });
        expect(res.status, res.text).to.equal(200);
        return res.body;
      };
      const sessionsBefore = await Promise.all(views.map(sessionOf));
      expect(sessionsBefore[0].audioUrl).to.be.a('string');
      expect(sessionsBefore[1].audioUrl).to.equal(remoteUrl);
      expect(sessionsBefore.every((s) => s.snippets.length > 0)).to.equal(true);
      const storedLink = new URL(sessionsBefore[0].audioUrl ?? '');
      expect(
        (await stack.api.request('GET', storedLink.pathname + storedLink.search, { skipSchema: true })).status,
      ).to.equal(200);

      // Older than the 1 s retention when the run computes its cutoff.
      await ageRecordings(ids);
      const { workflowId, runId, result: sweep } = await triggerSweep(client);
      expect(workflowId).to.match(/^retention-sweep-/);
      await keepSweepHistory(client, workflowId, runId, 'recordings-swept');
      expect(Object.keys(sweep.rows), 'every sweep with a retention ran').to.include.members([
        'idempotency-keys',
        'webhook-events',
        'webhook-deliveries',
        'webhook-events-with-words',
      ]);
      const result = sweep.recordings as RecordingRetentionResult;
      expect(result.files, 'the one stored file').to.equal(1);
      // The run's cutoff covers every finished recording of the test database, not only this test's.
      expect(result.recordings).to.be.at.least(3);
      expect(result.transcripts).to.be.at.least(3);
      expect(result.snippets).to.be.at.least(sessionsBefore.reduce((n, s) => n + s.snippets.length, 0));
      expect(result.pieces).to.be.at.least(2);

      expect(await filesUnder(stack.storageDir), 'the stored file is gone').to.deep.equal([]);
      for (const id of ids) {
        const row = await dbState(id);
        expect(row, id).to.include({ transcript: null, source_url: null });
        expect(row.media_deleted_at).to.be.instanceOf(Date);
        expect(await testEnv().db('recording_chunks').where({ recording_id: id }).count({ n: '*' })).to.deep.equal([
          { n: 0 },
        ]);
      }
      const viewsAfter = await Promise.all(
        ids.map(
          async (id) =>
            (await stack.api.request<RecordingView>('GET', `/api/recording/${id}`, { apiKey: tenant.apiKey })).body,
        ),
      );
      for (const [i, view] of viewsAfter.entries()) {
        expect(view.mediaDeletedAt).to.be.a('string');
        const { snippets, ...analysis } = view.result as RecordingAnalysis;
        const { snippets: before, ...analysisBefore } = views[i].result as RecordingAnalysis;
        expect(snippets, 'the analysis keeps no transcript').to.deep.equal([]);
        expect(before.length).to.be.above(0);
        // The quotes are the call's words too: they go, and each response says why; verdicts stay.
        expect(
          analysisBefore.metricResponses.some((r) => r.evidence.length > 0),
          'a quote before',
        ).to.equal(true);
        expect(analysis, 'scores and measures stay').to.deep.equal(withoutQuotes(analysisBefore));
      }
      const list = await stack.api.request<{ data: RecordingView[] }>('GET', '/api/recording', {
        apiKey: tenant.apiKey,
      });
      expect(list.body.data.map((r) => typeof r.mediaDeletedAt)).to.deep.equal(['string', 'string', 'string']);

      const sessionsAfter = await Promise.all(views.map(sessionOf));
      for (const [i, session] of sessionsAfter.entries()) {
        const { snippets, audioUrl, videoUrl, ...kept } = session;
        const { snippets: _s, audioUrl: _a, videoUrl: _v, ...keptBefore } = sessionsBefore[i];
        expect(kept, 'the session answers with its scores and measures').to.deep.equal(withoutQuotes(keptBefore));
        expect(snippets).to.deep.equal([]);
        expect([audioUrl, videoUrl]).to.deep.equal([null, null]);
      }
      expect(
        (await stack.api.request('GET', storedLink.pathname + storedLink.search, { skipSchema: true })).status,
        'the old link serves nothing',
      ).to.equal(404);
    });

    it('a restarted worker updates the one schedule (spec, retention) and keeps it paused; without retention it keeps it too', async () => {
      const client = stack.api.temporal;
      await worker?.stop();
      worker = undefined;
      const handle = client.schedule.getHandle(SWEEP_SCHEDULE_ID);
      // An operator paused it, and its spec drifted (an older version of the worker, a hand edit).
      await handle.update((previous) => ({ ...previous, spec: { intervals: [{ every: '1 hour' }] } }));
      // The scheduler may apply a patch before an update sent ahead of it: one change at a time.
      await scheduleSettled(client, (d) => d.spec.intervals?.[0]?.every === HOUR_MS);
      await handle.pause('legal hold: keep everything');
      await scheduleSettled(client, (d) => d.state.paused);

      worker = await spawnWorker({ ...stack.config, RECORDING_RETENTION: '2d' }, SPAWN_TIMEOUT_MS);
      expect(worker.output()).to.match(/"change":"updated".*"msg":"retention sweep schedule checked"/);
      const schedule = await describeSchedule(client);
      expect(schedule.spec.intervals?.map((i) => i.every)).to.deep.equal([SWEEP_EVERY_MS]);
      expect(schedule.action.args).to.deep.equal([
        {
          sweeps: plannedSweeps(testConfig({ ...stack.config, RECORDING_RETENTION: '2d' })),
          recordingRetentionMs: 2 * DAY_MS,
        },
      ]);
      expect(schedule.state).to.include({ paused: true, note: 'legal hold: keep everything' });
      expect(await sweepScheduleIds(client), 'one sweep schedule').to.deep.equal([SWEEP_SCHEDULE_ID]);
      await worker.stop();

      // Recordings kept for ever: the schedule stays for the other sweeps, and its runs skip the recordings.
      worker = await spawnWorker({ ...stack.config, RECORDING_RETENTION: '0' }, SPAWN_TIMEOUT_MS);
      expect(worker.output()).to.match(/"change":"updated".*"msg":"retention sweep schedule checked"/);
      const kept = await describeSchedule(client);
      expect(kept.action.args).to.deep.equal([
        { sweeps: plannedSweeps(testConfig({ ...stack.config, RECORDING_RETENTION: '0' })), recordingRetentionMs: 0 },
      ]);
      await handle.unpause();
      const { workflowId, runId, result } = await triggerSweep(client);
      expect(result.recordings).to.equal(null);
      await keepSweepHistory(client, workflowId, runId, 'recordings-kept');
      expect(result.rows).to.have.property('idempotency-keys');
      await worker.stop();
      worker = undefined;
    });
  });

  describe('the cleanup run', () => {
    before(async () => {
      stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
    });
    after(async () => stack.stop());

    it('is idempotent: a file already gone does not fail it, a second run removes nothing, runs in progress stay untouched', async () => {
      const a = await acceptRecording(stack.api, tenant.apiKey, {
        recordingPresignedUrl: files.serve(`/idem/${randomUUID()}.mp3`, {
          body: SAMPLE_AUDIO,
          contentType: 'audio/mpeg',
        }),
        storeRecording: true,
      });
      const b = await acceptRecording(stack.api, tenant.apiKey, {
        recordingPresignedUrl: files.serve(`/idem/${randomUUID()}.mp3`, {
          body: SAMPLE_AUDIO,
          contentType: 'audio/mpeg',
        }),
        storeRecording: true,
      });
      const failed = await acceptRecording(stack.api, tenant.apiKey, {
        recordingPresignedUrl: `${files.url}/missing/${randomUUID()}.mp3`,
        storeRecording: true,
      });
      expect((await waitForRecording(stack.api, tenant.apiKey, a, 90_000)).status).to.equal('completed');
      expect((await waitForRecording(stack.api, tenant.apiKey, b, 90_000)).status).to.equal('completed');
      expect((await waitForRecording(stack.api, tenant.apiKey, failed, 90_000)).status).to.equal('failed');
      // A recording still being processed (its row only: no run picks it up) is never the cleanup's.
      const inProgress = randomUUID();
      await insertRecording(testEnv().db, {
        id: inProgress,
        companyId: tenant.company.id,
        userUniqueIdentifier: 'crm-busy',
        userName: 'Busy Rep',
        sourceUrl: 'https://files.example.test/busy.mp3',
        storeRecording: true,
        roleplayId: null,
        workflowId: `recording-${inProgress}`,
      });
      // As if the failed run had kept an analysis (with the words of the call) it never saved.
      await testEnv()
        .db('recordings')
        .where({ id: failed })
        .update({ pending_analysis: JSON.stringify({ snippets: [{ isUser: true, text: 'Words of the call' }] }) });
      // As if an earlier attempt deleted a's file and crashed before marking the row.
      await fs.rm(`${stack.storageDir}/${tenant.company.id}/${a}.mp3`);
      // All of them older than the run's 10 ms retention.
      await ageRecordings([a, b, failed, inProgress]);

      const client = stack.api.temporal;
      const run = async (workflowId: string): Promise<{ result: RecordingRetentionResult; firstRunId: string }> => {
        const handle = await client.workflow.start('recordingRetention', {
          taskQueue: stack.config.TEMPORAL_TASK_QUEUE ?? '',
          workflowId,
          // One recording per batch and two batches per run: the cleanup continues as new on the way.
          args: [{ retentionMs: 10, batchSize: 1, batchesPerRun: 2 }],
        });
        return { result: (await handle.result()) as RecordingRetentionResult, firstRunId: handle.firstExecutionRunId };
      };
      const firstId = `retention-test-${randomUUID()}`;
      const { result: first, firstRunId } = await run(firstId);
      expect(first.files, 'b only: a was already gone').to.equal(1);
      expect(first.recordings).to.be.at.least(3);
      expect(first.batches).to.equal(first.recordings);
      expect((await client.workflow.getHandle(firstId, firstRunId).describe()).status.name).to.equal(
        'CONTINUED_AS_NEW',
      );
      await keepRetentionHistory(client, firstId, firstRunId, 'continued-as-new');
      expect(await filesUnder(stack.storageDir)).to.deep.equal([]);
      for (const id of [a, b, failed]) expect((await dbState(id)).media_deleted_at, id).to.be.instanceOf(Date);
      expect((await dbState(inProgress)).media_deleted_at).to.equal(null);
      expect(await testEnv().db('recordings').where({ id: failed }).first('pending_analysis')).to.deep.equal({
        pending_analysis: null,
      });

      const secondId = `retention-test-${randomUUID()}`;
      const { result: second, firstRunId: secondRunId } = await run(secondId);
      expect(second).to.deep.equal({
        cutoff: second.cutoff,
        batches: 0,
        recordings: 0,
        files: 0,
        transcripts: 0,
        pieces: 0,
        snippets: 0,
      });
      await keepRetentionHistory(client, secondId, secondRunId, 'nothing-due');

      // The failed recording cannot be retried: what a new run would start from is gone.
      const retry = await stack.api.request('POST', `/api/recording/${failed}/retry`, { apiKey: tenant.apiKey });
      expect(retry.status, retry.text).to.equal(409);
      expect((retry.body as { error: { code: string } }).error.code).to.equal('recording_media_deleted');
      await testEnv().db('recordings').where({ id: inProgress }).delete();
    });
  });
});
