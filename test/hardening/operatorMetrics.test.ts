import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Registry } from 'prom-client';
import type { ActivityMetrics } from '../../activities/deps';
import { workflowIds } from '../../common/temporal';
import { createDb } from '../../db/connection';
import { insertRecording, setRecordingStatus } from '../../db/queries/recordings';
import { createActivityMetrics } from '../../worker/metrics';
import { startApi } from '../support/api';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { startLlmServer, type LlmServer } from '../support/llmServer';
import { sample } from '../support/observedApi';
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
import { freePort } from '../support/temporalServer';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// The measures an operator asks for (issue 33 §2, docs/operations.md "Measures"): how many recordings
// ended and why, how long they took from acceptance, how many wait, what the speech provider answered
// and asked us to wait, what the model cost, and which webhook deliveries gave up. A real API and a
// real worker (its activities counting into a registry the test reads) against the loopback providers.

const TRANSCRIPT = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:04.000',
  '<v Sam Seller>Hi Dana, this is Sam from Acme. Do you have a minute?',
  '',
  '00:00:04.500 --> 00:00:07.000',
  '<v Dana>Sure, what is it about?',
  '',
].join('\n');

describe('measures an operator asks for', function () {
  this.timeout(180_000);
  let stack: RecordingStack;
  let stt: SttServer;
  let llm: LlmServer;
  let files: FileServer;
  let receiver: WebhookReceiver;
  let tenant: TenantFixture;
  const registry = new Registry();
  const metrics: ActivityMetrics = createActivityMetrics(registry);
  const worker = async (): Promise<string> => registry.metrics();
  /**
   * The measures once `ready` holds of them (or as they are after 30 s, for the assertions to tell): a recording's
   * end is counted just after its row is committed, so the API can show the status a moment before.
   */
  const workerOnce = async (ready: (text: string) => boolean): Promise<string> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const text = await worker();
      if (ready(text) || Date.now() > deadline) return text;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    llm = await startLlmServer();
    stack = await startRecordingStack(
      {
        STT_PROVIDER: 'openai',
        STT_BASE_URL: stt.url,
        STT_MODEL: 'whisper-1',
        LLM_BASE_URL: llm.url,
        LLM_MODEL: 'judge-2',
        LLM_PROMPT_PRICE: '2.5',
        LLM_COMPLETION_PRICE: '10',
        WEBHOOK_MAX_ATTEMPTS: 2,
        WEBHOOK_INITIAL_INTERVAL: '100ms',
        WEBHOOK_MAX_INTERVAL: '200ms',
      },
      { metrics },
    );
    tenant = await createTenant('Measured Co');
  });
  after(async () => {
    await stack?.stop();
    await Promise.all([files?.close(), receiver?.close(), stt?.close(), llm?.close()]);
  });

  const audio = (name: string): string =>
    files.serve(`/measured/${name}.mp3`, { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });

  it('counts recordings that ended by outcome and failure type, timed from acceptance, split by speech-to-text', async () => {
    const submitted = await stack.api.request<{ recordingId: string }>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: { userUniqueIdentifier: 'crm-m1', userName: 'Sam Seller', storeRecording: false, transcript: TRANSCRIPT },
    });
    expect(submitted.status, submitted.text).to.equal(200);
    expect((await waitForRecording(stack.api, tenant.apiKey, submitted.body.recordingId)).status).to.equal('completed');

    const heard = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: audio('heard'),
      storeRecording: false,
    });
    expect((await waitForRecording(stack.api, tenant.apiKey, heard)).status).to.equal('completed');

    stt.set({ rejectStatus: 400 });
    const refused = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: audio('refused'),
      storeRecording: false,
    });
    expect((await waitForRecording(stack.api, tenant.apiKey, refused)).status).to.equal('failed');
    stt.set({ rejectStatus: undefined });

    const ended = (text: string, outcome: string, failureType: string): number =>
      sample(text, 'sales_practice_recordings_finished_total', { outcome, failure_type: failureType });
    const text = await workerOnce(
      (t) => ended(t, 'completed', 'none') >= 2 && ended(t, 'failed', 'ProviderRejected') >= 1,
    );
    expect(ended(text, 'completed', 'none')).to.equal(2);
    expect(ended(text, 'failed', 'ProviderRejected')).to.equal(1);
    const timed = (outcome: string, stt: boolean): number =>
      sample(text, 'sales_practice_recording_duration_seconds_count', { outcome, speech_to_text: String(stt) });
    expect([timed('completed', false), timed('completed', true), timed('failed', true)]).to.deep.equal([1, 1, 1]);
    // Seconds from acceptance: more than nothing, less than the test has run.
    const took = sample(text, 'sales_practice_recording_duration_seconds_sum', {
      outcome: 'completed',
      speech_to_text: 'true',
    });
    expect(took).to.be.greaterThan(0).and.lessThan(180);
    // The provider's refusal is a speech-to-text request by its status.
    expect(
      sample(text, 'sales_practice_stt_request_duration_seconds_count', {
        provider: 'openai',
        model: 'whisper-1',
        status: '400',
      }),
    ).to.be.at.least(1);
    expect(text).to.not.match(/recording_id|company_id|user_id/);
  });

  it('counts speech-to-text requests by provider, model and status, a 429 and the Retry-After wait it asked for', async () => {
    const before = await worker();
    const ok = (t: string): number =>
      sample(t, 'sales_practice_stt_request_duration_seconds_count', {
        provider: 'openai',
        model: 'whisper-1',
        status: '200',
      });
    stt.set({ failTimes: stt.requests.length + 1, failStatus: 429, retryAfter: '1' });
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: audio('throttled'),
      storeRecording: false,
    });
    expect((await waitForRecording(stack.api, tenant.apiKey, id)).status).to.equal('completed');
    const text = await worker();
    expect(
      sample(text, 'sales_practice_stt_request_duration_seconds_count', {
        provider: 'openai',
        model: 'whisper-1',
        status: '429',
      }),
    ).to.equal(1);
    expect(ok(text)).to.be.greaterThan(ok(before));
    expect(
      sample(text, 'sales_practice_stt_retry_after_seconds_count', { provider: 'openai', model: 'whisper-1' }),
    ).to.equal(1);
    expect(
      sample(text, 'sales_practice_stt_retry_after_seconds_sum', { provider: 'openai', model: 'whisper-1' }),
    ).to.equal(1);
  });

  it('counts the tokens and the cost of the analysis model', async () => {
    const roleplay = await createRoleplayFixture(tenant.company.id);
    const res = await stack.api.request<{ recordingId: string }>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: {
        userUniqueIdentifier: 'crm-m2',
        userName: 'Sam Seller',
        storeRecording: false,
        transcript: TRANSCRIPT,
        roleplayId: roleplay.id,
      },
    });
    expect(res.status, res.text).to.equal(200);
    expect((await waitForRecording(stack.api, tenant.apiKey, res.body.recordingId)).status).to.equal('completed');
    const usage = (await testEnv().db('recordings').where({ id: res.body.recordingId }).first('analysis_usage')) as {
      analysis_usage: string | { promptTokens: number; completionTokens: number; costUsd: number };
    };
    const kept = typeof usage.analysis_usage === 'string' ? JSON.parse(usage.analysis_usage) : usage.analysis_usage;
    const text = await worker();
    expect(sample(text, 'sales_practice_llm_tokens_total', { model: 'judge-2', kind: 'prompt' })).to.equal(
      kept.promptTokens,
    );
    expect(sample(text, 'sales_practice_llm_tokens_total', { model: 'judge-2', kind: 'completion' })).to.equal(
      kept.completionTokens,
    );
    expect(kept.promptTokens).to.be.greaterThan(0);
    expect(sample(text, 'sales_practice_llm_cost_usd_total', { model: 'judge-2' })).to.be.closeTo(kept.costUsd, 1e-9);
  });

  it('counts a delivery whose last attempt fails as exhausted, not as failed_will_retry', async () => {
    const other = await createTenant('Measured Deliveries Co');
    await registerWebhook(stack.api, other.apiKey, receiver, '/measured-exhausted');
    receiver.respond('/measured-exhausted', () => ({ status: 500, body: 'down' }));
    const outcome = (t: string, o: string): number =>
      sample(t, 'sales_practice_webhook_deliveries_total', { outcome: o, trigger: 'event' });
    const before = await worker();
    const id = await acceptRecording(stack.api, other.apiKey, {
      recordingPresignedUrl: audio('delivered-to-nobody'),
      storeRecording: false,
    });
    expect((await waitForRecording(stack.api, other.apiKey, id)).status).to.equal('completed');
    // WEBHOOK_MAX_ATTEMPTS=2: the run's own first attempt, then the delivery workflow's last one.
    await receiver.waitFor('/measured-exhausted', 2);
    let text = await worker();
    const deadline = Date.now() + 20_000;
    while (outcome(text, 'exhausted') === outcome(before, 'exhausted') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      text = await worker();
    }
    expect(outcome(text, 'exhausted') - outcome(before, 'exhausted')).to.equal(1);
    expect(outcome(text, 'failed_will_retry') - outcome(before, 'failed_will_retry')).to.equal(1);
  });

  it("counts a customer's failed test event apart (trigger test), not as an event's delivery that gave up", async () => {
    const other = await createTenant('Measured Test Event Co');
    const endpoint = await registerWebhook(stack.api, other.apiKey, receiver, '/measured-test');
    receiver.respond('/measured-test', () => ({ status: 500, body: 'down' }));
    const exhausted = (t: string, trigger: string): number =>
      sample(t, 'sales_practice_webhook_deliveries_total', { outcome: 'exhausted', trigger });
    const before = await worker();
    const res = await stack.api.request('POST', `/api/webhook-endpoints/${endpoint.id}/test`, {
      apiKey: other.apiKey,
    });
    expect(res.status, res.text).to.equal(200);
    let text = await worker();
    const deadline = Date.now() + 20_000;
    while (exhausted(text, 'test') === exhausted(before, 'test') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      text = await worker();
    }
    expect(exhausted(text, 'test') - exhausted(before, 'test')).to.equal(1);
    expect(exhausted(text, 'event') - exhausted(before, 'event')).to.equal(0);
  });

  it('reports the recordings not finished by status, read from MySQL when scraped', async () => {
    const read = async (): Promise<Record<string, number>> => {
      const text = (await stack.api.request<string>('GET', '/metrics')).text;
      return Object.fromEntries(
        ['accepted', 'fetching', 'transcribing', 'analyzing'].map((status) => [
          status,
          sample(text, 'sales_practice_recordings_unfinished', { status }),
        ]),
      );
    };
    const before = await read();
    const db = testEnv().db;
    const place = async (status: 'accepted' | 'transcribing'): Promise<void> => {
      const id = randomUUID();
      await insertRecording(db, {
        id,
        companyId: tenant.company.id,
        userUniqueIdentifier: 'crm-waiting',
        userName: 'Wait Ing',
        sourceUrl: 'https://files.example.com/waiting.mp3',
        storeRecording: false,
        roleplayId: null,
        workflowId: workflowIds.recording(id),
      });
      if (status !== 'accepted') await setRecordingStatus(db, id, status);
    };
    await place('accepted');
    await place('transcribing');
    await place('transcribing');
    const after = await read();
    expect(after.accepted - before.accepted).to.equal(1);
    expect(after.transcribing - before.transcribing).to.equal(2);
    expect(after.fetching).to.equal(before.fetching);
    // Every unfinished status has a series, 0 included, so rules see the backlog empty rather than missing.
    const text = (await stack.api.request<string>('GET', '/metrics')).text;
    expect(text).to.match(/^sales_practice_recordings_unfinished\{status="analyzing"\} \d+$/m);
  });

  it('still answers GET /metrics when MySQL does not: without the backlog gauge, which is not a stale figure', async () => {
    const unreachable = createDb(`mysql://root@127.0.0.1:${await freePort()}/nowhere`, 1);
    const api = await startApi({}, unreachable);
    try {
      const res = await api.request<string>('GET', '/metrics');
      expect(res.status).to.equal(200);
      expect(res.text).to.contain('sales_practice_http_requests_total');
      expect(res.text).to.not.match(/^sales_practice_recordings_unfinished\{/m);
    } finally {
      await api.close();
      await unreachable.destroy();
    }
  });
});
