import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { RecordingView } from '../../api/schemas/recordings';
import type { RecordingFailedData, RecordingCompletedData } from '../../common/webhookEvents';
import { analyzeBuiltin } from '../../activities/analysis/builtin';
import type { ApiResponse } from '../support/api';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { startLlmServer, type LlmServer } from '../support/llmServer';
import {
  acceptRecording,
  CONVERSATION,
  registerWebhook,
  SAMPLE_AUDIO,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';
import { startWorker } from '../support/worker';

// POST /api/recording/{id}/cancel and /retry in every state a recording can be in, on a real worker.

/** A chat model that takes the request and never answers: keeps a recording `analyzing`. */
async function startSilentModel(): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const server = http.createServer(() => void (requests += 1));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('recordings: cancel and retry', function () {
  this.timeout(120_000);
  let files: FileServer;
  let receiver: WebhookReceiver;
  let n = 0;

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
  });
  after(async () => {
    await files.close();
    await receiver.close();
  });

  const post = <T>(stack: RecordingStack, tenant: TenantFixture, id: string, action: 'cancel' | 'retry') =>
    stack.api.request<T>('POST', `/api/recording/${id}/${action}`, { apiKey: tenant.apiKey });
  const status = async (stack: RecordingStack, tenant: TenantFixture, id: string) =>
    (await stack.api.request<RecordingView>('GET', `/api/recording/${id}`, { apiKey: tenant.apiKey })).body.status;

  async function expectFailedWebhook(hookPath: string, recordingId: string, reason: string): Promise<void> {
    const [hook] = await receiver.waitFor(hookPath, 1);
    expect(hook.verified).to.equal(true);
    expect(hook.event?.type).to.equal('recording.processing.failed');
    expect(hook.event?.data).to.deep.include({
      recordingId,
      status: 'failed',
      reason,
    } satisfies Partial<RecordingFailedData>);
  }

  describe('a recording in progress', () => {
    let stack: RecordingStack;
    let stt: SttServer;
    let model: Awaited<ReturnType<typeof startSilentModel>>;
    before(async () => {
      stt = await startOpenAiSttServer({ segments: CONVERSATION, holdFirst: true });
      model = await startSilentModel();
      stack = await startRecordingStack({
        STT_BASE_URL: stt.url,
        LLM_BASE_URL: model.url,
        OUTBOUND_ALLOW_PRIVATE: true,
        RECORDING_CANCEL_WAIT: '15s',
      });
    });
    after(async () => {
      await stack.stop();
      await stt.close();
      await model.close();
    });

    /** Brings a fresh recording to `state`, checks retry refuses it, cancels it and checks the outcome. */
    async function cancelWhile(
      state: string,
      submit: (tenant: TenantFixture) => Promise<string>,
      reached: (id: string) => Promise<boolean> | boolean,
    ): Promise<void> {
      const tenant = await createTenant();
      const hookPath = `/control/${++n}`;
      await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
      const id = await submit(tenant);
      await until(`${state}`, async () => (await status(stack, tenant, id)) === state && (await reached(id)));

      const retry = await post<ErrorBody>(stack, tenant, id, 'retry');
      expect(retry.status, state).to.equal(409);
      expect(retry.body.error.code).to.equal('recording_not_failed');

      const cancelled = await post<RecordingView>(stack, tenant, id, 'cancel');
      expect(cancelled.status, cancelled.text).to.equal(200);
      expect(cancelled.body).to.deep.include({
        id,
        status: 'failed',
        failureReason: 'Processing was cancelled',
        result: null,
      });
      await expectFailedWebhook(hookPath, id, 'Processing was cancelled');

      const again = await post<ErrorBody>(stack, tenant, id, 'cancel');
      expect(again.status).to.equal(409);
      expect(again.body.error.code).to.equal('recording_finished');
      const run = await stack.api.temporal.workflow.getHandle(`recording-${id}`).describe();
      expect(run.status.name).to.equal('CANCELLED');
    }

    it('cancels one that is fetching (its download retrying)', async () => {
      const url = files.serve(`/control/fetching-${n}.mp3`, { body: SAMPLE_AUDIO, failTimes: 1000, retryAfter: '60' });
      const path = new URL(url).pathname;
      await cancelWhile(
        'fetching',
        (tenant) => acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: true }),
        () => files.hits(path) > 0,
      );
    });

    it('cancels one that is transcribing (the provider holding the request)', async () => {
      const url = files.serve(`/control/transcribing-${n}.mp3`, { body: SAMPLE_AUDIO });
      await cancelWhile(
        'transcribing',
        (tenant) => acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: true }),
        async () => {
          await stt.held();
          return true;
        },
      );
    });

    it('cancels one that is analyzing (the model not answering)', async () => {
      const url = files.serve(`/control/analyzing-${n}.mp3`, { body: SAMPLE_AUDIO });
      const before = model.requests();
      await cancelWhile(
        'analyzing',
        async (tenant) => {
          const roleplay = await createRoleplayFixture(tenant.company.id);
          return acceptRecording(stack.api, tenant.apiKey, {
            recordingPresignedUrl: url,
            storeRecording: true,
            roleplayId: roleplay.id,
          });
        },
        () => model.requests() > before,
      );
    });
  });

  it('cancels one that is still accepted (no worker has picked it up): the worker records the cancellation when it comes', async () => {
    const stt = await startOpenAiSttServer({ segments: CONVERSATION });
    const stack = await startRecordingStack(
      { STT_BASE_URL: stt.url, OUTBOUND_ALLOW_PRIVATE: true, RECORDING_CANCEL_WAIT: '300ms' },
      { worker: false },
    );
    try {
      const tenant = await createTenant();
      const hookPath = `/control/${++n}`;
      await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
      const url = files.serve(`/control/accepted-${n}.mp3`, { body: SAMPLE_AUDIO });
      const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
      expect((await post<ErrorBody>(stack, tenant, id, 'retry')).status).to.equal(409);

      // Nothing runs the workflow yet: the answer after RECORDING_CANCEL_WAIT shows the recording as it is.
      // Meanwhile the API waits on Temporal (the run's close), not by reading the row again and again: the
      // recording is read once before the cancellation and once for the answer.
      let recordingReads = 0;
      const countReads = (q: { sql: string }): void => {
        if (/^select\b/i.test(q.sql) && /from `recordings`/i.test(q.sql)) recordingReads += 1;
      };
      testEnv().db.on('query', countReads);
      let cancelled: ApiResponse<RecordingView>;
      try {
        cancelled = await post<RecordingView>(stack, tenant, id, 'cancel');
      } finally {
        testEnv().db.off('query', countReads);
      }
      expect(cancelled.status).to.equal(200);
      expect(cancelled.body.status).to.equal('accepted');
      expect(recordingReads, 'reads of the recording during the cancel request').to.equal(2);

      const worker = await startWorker(stack.config);
      try {
        const done = await waitForRecording(stack.api, tenant.apiKey, id);
        expect(done).to.deep.include({ status: 'failed', failureReason: 'Processing was cancelled' });
        await expectFailedWebhook(hookPath, id, 'Processing was cancelled');
        expect(stt.requests).to.have.length(0);
      } finally {
        await worker.stop();
      }
    } finally {
      await stack.stop();
      await stt.close();
    }
  });

  describe('a finished recording', () => {
    let stack: RecordingStack;
    let stt: SttServer;
    let llm: LlmServer;
    let tenant: TenantFixture;
    let hookPath: string;
    before(async () => {
      stt = await startOpenAiSttServer({ segments: CONVERSATION });
      llm = await startLlmServer();
      stack = await startRecordingStack({ STT_BASE_URL: stt.url, LLM_BASE_URL: llm.url, OUTBOUND_ALLOW_PRIVATE: true });
    });
    after(async () => {
      await stack.stop();
      await stt.close();
      await llm.close();
    });
    beforeEach(async () => {
      tenant = await createTenant();
      hookPath = `/control/${++n}`;
      await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
      llm.rejectWith(null);
      stt.set({ rejectStatus: undefined });
    });

    it('completed: neither cancelled nor retried (409), and nothing changes', async () => {
      const url = files.serve(`/control/completed-${n}.mp3`, { body: SAMPLE_AUDIO });
      const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
      const done = await waitForRecording(stack.api, tenant.apiKey, id);
      expect(done.status).to.equal('completed');
      const cancel = await post<ErrorBody>(stack, tenant, id, 'cancel');
      expect([cancel.status, cancel.body.error.code]).to.deep.equal([409, 'recording_finished']);
      const retry = await post<ErrorBody>(stack, tenant, id, 'retry');
      expect([retry.status, retry.body.error.code]).to.deep.equal([409, 'recording_not_failed']);
      const after = await stack.api.request<RecordingView>('GET', `/api/recording/${id}`, { apiKey: tenant.apiKey });
      expect(after.body).to.deep.equal(done);
    });

    it('failed after transcription: cancel is 409; retry runs it again under the same id, reusing the transcript', async () => {
      llm.rejectWith(400);
      const url = files.serve(`/control/failed-analysis-${n}.mp3`, { body: SAMPLE_AUDIO });
      const roleplay = await createRoleplayFixture(tenant.company.id);
      const id = await acceptRecording(stack.api, tenant.apiKey, {
        recordingPresignedUrl: url,
        storeRecording: true,
        roleplayId: roleplay.id,
      });
      const failed = await waitForRecording(stack.api, tenant.apiKey, id);
      expect(failed.status).to.equal('failed');
      expect(failed.failureReason).to.match(/^Analysis failed/);
      const [failedHook] = await receiver.waitFor(hookPath, 1);
      const transcriptions = stt.requests.length;
      const downloads = files.hits(new URL(url).pathname);

      const cancel = await post<ErrorBody>(stack, tenant, id, 'cancel');
      expect([cancel.status, cancel.body.error.code]).to.deep.equal([409, 'recording_finished']);

      // As if the failed run had kept an analysis it never saved (made before the scorecard was edited):
      // the retry analyses again instead of saving it.
      const stale = analyzeBuiltin({
        transcript: {
          provider: 'openai',
          language: 'en',
          durationMs: 26_000,
          segments: CONVERSATION.map((s) => ({
            startMs: s.start * 1000,
            endMs: s.end * 1000,
            text: s.text,
            speaker: String(s.speaker),
          })),
        },
        scorecard: {
          criteria: [
            {
              title: 'A removed item',
              description: 'Was on the scorecard before the edit',
              weight: 1,
              sectionTitle: 'Old',
            },
          ],
          metrics: [],
        },
        passingScore: 50,
        customerName: null,
        language: 'en',
      });
      await testEnv()
        .db('recordings')
        .where({ id })
        .update({ pending_analysis: JSON.stringify(stale) });

      llm.rejectWith(null);
      // The failed run may still be closing after its webhook was sent (a retry then is 409 recording_busy).
      const firstHandle = stack.api.temporal.workflow.getHandle(`recording-${id}`);
      await firstHandle.result();
      const firstRun = await firstHandle.describe();
      const retry = await post<RecordingView>(stack, tenant, id, 'retry');
      expect(retry.status, retry.text).to.equal(200);
      expect(retry.body.id).to.equal(id);
      expect(retry.body.failureReason).to.equal(null);
      expect(retry.body.status).to.not.equal('failed');

      const done = await waitForRecording(stack.api, tenant.apiKey, id);
      expect(done.status).to.equal('completed');
      expect(done.result?.analyzer).to.equal('llm');
      expect(done.result?.criteriaResponses.map((r) => r.title)).to.deep.equal(
        roleplay.scorecard.criteria.map((c) => c.title),
      );
      expect(done.sessionId).to.be.a('string');
      expect(stt.requests.length, 'the transcript of the first run is reused').to.equal(transcriptions);
      expect(files.hits(new URL(url).pathname), 'the stored file is reused').to.equal(downloads);

      const hooks = await receiver.waitFor(hookPath, 2);
      expect(hooks[1].verified).to.equal(true);
      expect(hooks[1].event?.type).to.equal('recording.processing.completed');
      expect((hooks[1].event?.data as RecordingCompletedData).recordingId).to.equal(id);
      expect(hooks[1].event?.id).to.not.equal(failedHook.event?.id);

      const secondRun = await stack.api.temporal.workflow.getHandle(`recording-${id}`).describe();
      expect(secondRun.runId).to.not.equal(firstRun.runId);
      const again = await post<ErrorBody>(stack, tenant, id, 'retry');
      expect([again.status, again.body.error.code]).to.deep.equal([409, 'recording_not_failed']);
    });

    it('failed in transcription: retry transcribes again; two retries at once start one run', async () => {
      stt.set({ rejectStatus: 400 });
      const url = files.serve(`/control/failed-stt-${n}.mp3`, { body: SAMPLE_AUDIO });
      const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
      const failed = await waitForRecording(stack.api, tenant.apiKey, id);
      expect(failed.failureReason).to.match(/^Transcription failed/);
      await receiver.waitFor(hookPath, 1);
      // The failed run may still be closing after its webhook was sent.
      await stack.api.temporal.workflow.getHandle(`recording-${id}`).result();
      stt.set({ rejectStatus: undefined });
      const before = stt.requests.length;

      const answers = await Promise.all([
        post<RecordingView | ErrorBody>(stack, tenant, id, 'retry'),
        post<RecordingView | ErrorBody>(stack, tenant, id, 'retry'),
      ]);
      expect(answers.map((a) => a.status).sort()).to.deep.equal([200, 409]);
      const done = await waitForRecording(stack.api, tenant.apiKey, id);
      expect(done.status).to.equal('completed');
      expect(stt.requests.length).to.equal(before + 1);
    });

    it("another company's recording is unknown (404) to cancel and retry", async () => {
      const url = files.serve(`/control/theirs-${n}.mp3`, { body: SAMPLE_AUDIO });
      const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
      const other = await createTenant();
      for (const action of ['cancel', 'retry'] as const) {
        const res = await post<ErrorBody>(stack, other, id, action);
        expect([res.status, res.body.error.code]).to.deep.equal([404, 'not_found']);
      }
      expect((await waitForRecording(stack.api, tenant.apiKey, id)).status).to.equal('completed');
    });
  });
});
