import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { audioFacts, expectRendition } from '../support/renditionCheck';
import type { RecordingAnalysis } from '../../common/recordingAnalysis';
import type { RecordingCompletedData } from '../../common/webhookEvents';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { standInTokens, startLlmServer } from '../support/llmServer';
import { NOT_JUDGED_WITHOUT_LLM } from '../../activities/analysis/scorecard';
import { getAnalysisUsage } from '../../db/queries/analysisUsage';
import {
  acceptRecording,
  CONVERSATION,
  filesUnder,
  keepHistory,
  registerWebhook,
  SAMPLE_AUDIO,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { startDeepgramServer, startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// From POST /api/recording to a verified `recording.processing.completed` webhook, on a real worker.

interface SessionResult {
  id: string;
  activityType: string;
  activityId: string;
  score: number;
  didPass: boolean;
  length: number;
  user: { id: string; firstName: string };
  snippets: Array<{ isUser: boolean; text: string }>;
  criteriaResponses: Array<{ title: string; passed: boolean }>;
  metricResponses: Array<{ title: string; passed: boolean }>;
  audioUrl?: string | null;
}

describe('recordings: processing', function () {
  this.timeout(90_000);
  let files: FileServer;
  let receiver: WebhookReceiver;
  let stt: SttServer | undefined;
  let stack: RecordingStack | undefined;
  let tenant: TenantFixture;
  let hookPath: string;
  let n = 0;

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
  });
  after(async () => {
    await files.close();
    await receiver.close();
  });
  beforeEach(async () => {
    tenant = await createTenant();
    hookPath = `/hooks/${++n}`;
  });
  afterEach(async () => {
    await stack?.stop();
    await stt?.close();
    stack = undefined;
    stt = undefined;
  });

  async function completedWebhook(recordingId: string): Promise<RecordingCompletedData> {
    const [hook] = await receiver.waitFor(hookPath, 1);
    expect(hook.verified, hook.signatureProblem ?? '').to.equal(true);
    expect(hook.standardVerified).to.equal(true);
    expect(hook.event?.type).to.equal('recording.processing.completed');
    const data = hook.event?.data as RecordingCompletedData;
    expect(data.recordingId).to.equal(recordingId);
    expect(data.status).to.equal('completed');
    return data;
  }

  it('storeRecording=true with a roleplay (OpenAI-compatible STT): stored file, completed recording, session, verified webhook', async () => {
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
    const roleplay = await createRoleplayFixture(tenant.company.id);
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const url = files.serve(`/stored/${n}/call.mp3`, { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });

    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: url,
      storeRecording: true,
      roleplayId: roleplay.id,
    });
    const data = await completedWebhook(id);
    const view = await waitForRecording(stack.api, tenant.apiKey, id);

    expect(view).to.include({
      status: 'completed',
      failureReason: null,
      sessionId: data.sessionId,
      userId: data.user.id,
      roleplayId: roleplay.id,
    });
    expect(view.completedAt).to.be.a('string');
    expect(data.user).to.deep.equal({ id: view.userId, name: 'Sam Seller', userUniqueIdentifier: 'crm-42' });
    const result = view.result as RecordingAnalysis;
    expect(data.result).to.deep.equal(result);
    expect(result.length).to.be.closeTo(audioFacts(SAMPLE_AUDIO).seconds * 1000, 1000);
    expect(result).to.include({
      analyzer: 'builtin',
      language: 'en',
      numQuestions: 4,
      numFillerWords: 2,
      customerName: 'Dana',
      nameCount: 2,
    });
    expect(result.snippets.map((s) => s.isUser)).to.deep.equal([true, false, true, false, true, false]);
    // A free-text criterion is not judged without an LLM; the score is over the judged talk ratio alone.
    expect(result.criteriaResponses).to.deep.equal([
      {
        title: 'Opened well',
        passed: false,
        explanation: NOT_JUDGED_WITHOUT_LLM,
        weight: 2,
        sectionTitle: 'Opening',
        assessable: false,
        evidence: [],
        noEvidenceReason: NOT_JUDGED_WITHOUT_LLM,
      },
    ]);
    expect(result.metricResponses.map((m) => [m.title, m.passed])).to.deep.equal([['Talk ratio', false]]);
    expect(result).to.include({ score: 0, passingScore: 70, didPass: false });

    // The file is stored once under <companyId>/<recordingId>.mp3, byte for byte; a mono 64 kbps MP3 that
    // fits in one piece is what a rendition would be, so the provider got it as it is.
    expect(await filesUnder(stack.storageDir)).to.deep.equal([`${tenant.company.id}/${id}.mp3`]);
    expect(await fs.readFile(path.join(stack.storageDir, tenant.company.id, `${id}.mp3`))).to.deep.equal(SAMPLE_AUDIO);
    expect(stt.requests).to.have.length(1);
    expectRendition(stt.requests[0].audio, 26);
    expect(stt.requests[0].audio).to.deep.equal(SAMPLE_AUDIO);
    expect(stt.requests[0].fields).to.include({ model: 'whisper-1', response_format: 'verbose_json', language: 'en' });
    expect(stt.requests[0].headers.authorization).to.equal('Bearer test-stt-key');

    // The new Integration user sits in the company's Integration team.
    const user = await testEnv()
      .db('users as u')
      .join('teams as t', 't.id', 'u.team_id')
      .where('u.id', view.userId)
      .first('u.role', 'u.external_id', 'u.first_name', 'u.last_name', 'u.email', 't.type');
    expect(user).to.include({
      role: 'Integration',
      external_id: 'crm-42',
      first_name: 'Sam',
      last_name: 'Seller',
      type: 'integration',
    });
    expect(user.email).to.match(/^crm-42\+[0-9a-f-]{36}@integration\.invalid$/);

    // The session shows up like any other roleplay session.
    const session = await stack.api.request<SessionResult>('GET', `/api/roleplay/session/${data.sessionId}`, {
      apiKey: tenant.apiKey,
    });
    expect(session.status).to.equal(200);
    expect(session.body).to.include({
      activityType: 'premade-roleplay',
      activityId: roleplay.id,
      score: 0,
      didPass: false,
      length: result.length,
    });
    // The session's responses are the analysis's, evidence and all.
    expect(session.body.criteriaResponses).to.deep.equal(result.criteriaResponses);
    expect(session.body.metricResponses).to.deep.equal(result.metricResponses);
    expect(session.body.user.id).to.equal(view.userId);
    expect(session.body.snippets).to.deep.equal(result.snippets);
    expect(session.body.audioUrl).to.be.a('string');
    const list = await stack.api.request<{ data: Array<{ id: string }> }>(
      'GET',
      `/api/roleplay/session?roleplayId=${roleplay.id}`,
      { apiKey: tenant.apiKey },
    );
    expect(list.body.data.map((s) => s.id)).to.deep.equal([data.sessionId]);

    await keepHistory(stack.api, id, 'stored-openai-roleplay');
  });

  it('storeRecording=false (OpenAI-compatible STT): the remote bytes are streamed to the provider, nothing is stored', async () => {
    // Plain Whisper: no speaker labels.
    stt = await startOpenAiSttServer({ segments: CONVERSATION.map(({ speaker: _s, ...rest }) => rest) });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: `${stt.url}/v1` });
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const url = files.serve(`/remote/${n}/call.wav`, { body: SAMPLE_AUDIO, contentType: 'audio/wav' });

    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
    const data = await completedWebhook(id);
    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view).to.include({ status: 'completed', sessionId: null, roleplayId: null, storeRecording: false });
    expect(data.sessionId).to.equal(null);

    expect(await filesUnder(stack.storageDir)).to.deep.equal([]);
    // The provider gets the media step's rendition of the caller's file, not the file itself.
    expectRendition(stt.requests[0].audio, 26);
    expect(stt.requests[0].audioType).to.equal('audio/mpeg');
    expect(stt.requests[0].fields).not.to.have.property('language');

    // Without a roleplay: the default scorecard, passing score 70; without speaker labels every
    // segment is its own snippet attributed to the rep, the two-speaker measures are left out, and
    // talk time and the (unknowable) customer's name are not assessable: they do not count.
    const result = view.result as RecordingAnalysis;
    expect(result.speakerAttribution).to.equal('none');
    expect(result).not.to.have.any.keys(
      'talkRatio',
      'interactivity',
      'patience',
      'longestMonologue',
      'longestCustomerStory',
      'customerQuestions',
    );
    expect(result.snippets).to.have.length(CONVERSATION.length);
    expect(result.snippets.every((s) => s.isUser)).to.equal(true);
    expect(result.criteriaResponses).to.deep.equal([]);
    expect(result.metricResponses.map((m) => [m.title, m.assessable ?? true])).to.deep.equal([
      ['Asks discovery questions', true],
      ["Uses the customer's name", false],
      ['Speaking pace', true],
      ['Few filler words', true],
      ['Balanced talk time', false],
    ]);
    expect(result.passingScore).to.equal(70);
    const passed = result.metricResponses.filter((m) => m.passed).length;
    expect(result.score).to.equal(Math.round((1000 * passed) / 3) / 10);
    expect(result.didPass).to.equal(result.score >= 70);
    expect(files.hits(`/remote/${n}/call.wav`)).to.equal(1);

    await keepHistory(stack.api, id, 'remote-openai');
  });

  it('storeRecording=false with Deepgram: the rendition of the remote file is sent, utterances become snippets', async () => {
    stt = await startDeepgramServer({ segments: CONVERSATION });
    stack = await startRecordingStack({ STT_PROVIDER: 'deepgram', STT_BASE_URL: stt.url });
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const url = files.serve(`/dg/${n}/call.mp3`, { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });

    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
    await completedWebhook(id);
    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view.status).to.equal('completed');
    const [req] = stt.requests;
    expect(req.path).to.equal('/v1/listen');
    // The worker fetched the file through its outbound checks and sent the rendition, not the URL.
    expect(req.url).to.equal(null);
    expectRendition(req.audio, 26);
    // The Deepgram stand-in decoded all of it (it refuses audio it cannot decode, as Deepgram does).
    expect(req.heardSeconds).to.be.closeTo(26, 0.5);
    expect(req.headers.authorization).to.equal('Token test-stt-key');
    expect(Object.fromEntries(req.query)).to.include({
      diarize_model: 'latest',
      punctuate: 'true',
      utterances: 'true',
    });
    expect(await filesUnder(stack.storageDir)).to.deep.equal([]);
    const result = view.result as RecordingAnalysis;
    expect(result.snippets.map((s) => s.isUser)).to.deep.equal([true, false, true, false, true, false]);
    expect(result.customerName).to.equal('Dana'); // introduced herself: "my name is Dana"
    expect(result.metricResponses.map((m) => m.title)).to.include('Balanced talk time');

    await keepHistory(stack.api, id, 'remote-deepgram');
  });

  it('storeRecording=true with Deepgram: the stored bytes are sent; a redirect and octet-stream with a media extension are followed', async () => {
    stt = await startDeepgramServer({ segments: CONVERSATION });
    stack = await startRecordingStack({ STT_PROVIDER: 'deepgram', STT_BASE_URL: stt.url, STT_MODEL: 'nova-3' });
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const target = files.serve(`/dgs/${n}/meeting.m4a`, {
      body: SAMPLE_AUDIO,
      contentType: 'application/octet-stream',
    });
    const url = files.serve(`/dgs/${n}/short-link`, { redirectTo: target });

    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: true });
    await completedWebhook(id);
    expect((await waitForRecording(stack.api, tenant.apiKey, id)).status).to.equal('completed');
    expect(await filesUnder(stack.storageDir)).to.deep.equal([`${tenant.company.id}/${id}.m4a`]);
    const [req] = stt.requests;
    expect(req.url).to.equal(null);
    expectRendition(req.audio, 26);
    expect(req.heardSeconds).to.be.closeTo(26, 0.5);
    expect(req.audioType).to.equal('audio/mpeg');
    expect(req.query.get('model')).to.equal('nova-3');
  });

  it('retries a host answering 503 and a provider answering 429, honouring Retry-After', async () => {
    stt = await startOpenAiSttServer({ segments: CONVERSATION, failTimes: 1, failStatus: 429, retryAfter: '1' });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
    await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const filePath = `/flaky/${n}/call.mp3`;
    const url = files.serve(filePath, {
      body: SAMPLE_AUDIO,
      contentType: 'audio/mpeg',
      failTimes: 1,
      failStatus: 503,
      retryAfter: '1',
    });

    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: true });
    await completedWebhook(id);
    expect((await waitForRecording(stack.api, tenant.apiKey, id)).status).to.equal('completed');
    expect(files.hits(filePath)).to.equal(2);
    expect(stt.requests).to.have.length(2);
    // Retry-After: 1 replaced the 5 s / 10 s first retry intervals: each first attempt's failure asked
    // Temporal for a 1 s delay (recorded with the second attempt), and the second attempt came no sooner
    // (Temporal's own timestamps; how much later depends on the machine's load, so no upper bound).
    const history = await stack.api.temporal.workflow.getHandle(`recording-${id}`).fetchHistory();
    const events = history.events ?? [];
    const seconds = (t: { seconds?: unknown; nanos?: number | null } | null | undefined): number =>
      Number(t?.seconds ?? 0) + (t?.nanos ?? 0) / 1e9;
    for (const activity of ['storeRecording', 'transcribeRecordingPiece']) {
      const scheduled = events.find((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === activity);
      const started = events.find(
        (e) => e.activityTaskStartedEventAttributes?.scheduledEventId?.toString() === scheduled?.eventId?.toString(),
      );
      expect(started?.activityTaskStartedEventAttributes?.attempt, activity).to.equal(2);
      const asked = started?.activityTaskStartedEventAttributes?.lastFailure?.applicationFailureInfo?.nextRetryDelay;
      expect(seconds(asked), `${activity}: the delay the first attempt asked for`).to.equal(1);
      expect(seconds(started?.eventTime) - seconds(scheduled?.eventTime), activity).to.be.at.least(0.9);
    }
  });

  it('judges the roleplay scorecard with the chat-completions model when LLM_BASE_URL is set', async () => {
    const llm = await startLlmServer();
    try {
      stt = await startOpenAiSttServer({ segments: CONVERSATION });
      stack = await startRecordingStack({
        STT_PROVIDER: 'openai',
        STT_BASE_URL: stt.url,
        LLM_BASE_URL: llm.url,
        LLM_API_KEY: 'llm-key',
        LLM_MODEL: 'judge-1',
        LLM_PROMPT_PRICE: '0.15',
        LLM_COMPLETION_PRICE: '0.6',
      });
      const roleplay = await createRoleplayFixture(tenant.company.id);
      await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
      const url = files.serve(`/llm/${n}/call.mp3`, { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
      const id = await acceptRecording(stack.api, tenant.apiKey, {
        recordingPresignedUrl: url,
        storeRecording: false,
        roleplayId: roleplay.id,
      });
      const data = await completedWebhook(id);
      const result = data.result;
      expect(result.analyzer).to.equal('llm');
      // The stand-in quotes the transcript's first line for each criterion: the quote is the rep's words with their time.
      const opening =
        'Hi Dana, this is Sam from Acme. The reason for my call is your delivery costs. Um, do you have a minute?';
      expect(result.criteriaResponses).to.deep.equal([
        {
          title: 'Opened well',
          passed: true,
          explanation: 'LLM: met "Opened well".',
          weight: 2,
          sectionTitle: 'Opening',
          evidence: [{ quote: opening, startMs: 0, speaker: 'rep' }],
        },
      ]);
      expect(result.metricResponses).to.deep.equal([
        {
          title: 'Talk ratio',
          passed: false,
          explanation: 'LLM: missed "Talk ratio".',
          weight: 1,
          sectionTitle: 'Delivery',
          evidence: [],
          noEvidenceReason: 'The model quoted nothing for this verdict.',
        },
      ]);
      expect(result).to.include({ score: 66.7, didPass: false, numQuestions: 4 });
      expect(llm.requests).to.have.length(1);
      expect(llm.requests[0].body).to.include({ model: 'judge-1', temperature: 0 });
      expect(llm.requests[0].body.response_format).to.deep.include({ type: 'json_schema' });
      expect(String(llm.requests[0].prompt.transcript)).to.match(/^Rep: Hi Dana/);
      // Model, tokens and cost: the stand-in counts a token per 4 characters; prices are USD per million tokens.
      const messages = llm.requests[0].body.messages as Array<{ role: string; content: string }>;
      const promptTokens = standInTokens(messages.find((m) => m.role === 'user')!.content);
      // Kept on the recording for the operator, never in the result or the webhook.
      expect(result).not.to.have.property('llm');
      const usage = await getAnalysisUsage(testEnv().db, id);
      const completionTokens = usage!.completionTokens;
      expect(completionTokens).to.be.greaterThan(0);
      expect(usage).to.deep.equal({
        model: 'judge-1-2026-01-01',
        requests: 1,
        promptTokens,
        completionTokens,
        costUsd: Math.round(promptTokens * 0.15 + completionTokens * 0.6) / 1_000_000,
      });
      const session = await stack.api.request<SessionResult>('GET', `/api/roleplay/session/${data.sessionId}`, {
        apiKey: tenant.apiKey,
      });
      expect(session.body.criteriaResponses.map((c) => c.passed)).to.deep.equal([true]);
      expect((await waitForRecording(stack.api, tenant.apiKey, id)).result).to.deep.equal(result);
    } finally {
      await llm.close();
    }
  });
});
