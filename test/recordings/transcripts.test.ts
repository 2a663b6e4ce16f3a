import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { RecordingAccepted, RecordingView } from '../../api/schemas/recordings';
import type { RecordingAnalysis } from '../../common/recordingAnalysis';
import { workflowIds } from '../../common/temporal';
import type { RecordingCompletedData } from '../../common/webhookEvents';
import { createRoleplayFixture } from '../support/contentFixtures';
import { dbSnapshot } from '../support/dbSnapshot';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  keepHistory,
  registerWebhook,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// Transcripts without audio: POST /api/recording with `transcript` (WebVTT or segments) goes through
// analysis, session and webhook like a recording, without storage or speech-to-text.

const WEBVTT = `WEBVTT

1
00:00:00.000 --> 00:00:06.000
<v Sam Seller>Hi Dana, this is Sam from Acme. Um, do you have a minute?

2
00:00:06.500 --> 00:00:09.000
<v Dana Reyes>Sure, my name is Dana. What is this about?

3
00:00:09.500 --> 00:00:17.000
<v Sam Seller>We help logistics teams cut costs. How do you handle routing today?

4
00:00:17.500 --> 00:00:20.000
<v Dana Reyes>Spreadsheets, mostly.
`;

const SEGMENTS = [
  { speaker: 'Customer', start: 0, end: 2, text: 'Hello, Acme purchasing?' },
  { speaker: 'Rep', start: 2.5, end: 8, text: 'Hi, this is Sam. Could we talk about your routing costs?' },
  { speaker: 'Customer', start: 9, end: 12, text: 'Go ahead.' },
  { speaker: 'Rep', start: 12, end: 20, text: 'What do you spend per truck each month?' },
];

describe('recordings: transcripts without audio', function () {
  this.timeout(90_000);
  let receiver: WebhookReceiver;
  let stt: SttServer;
  let stack: RecordingStack;
  let tenant: TenantFixture;

  before(async () => {
    receiver = await startWebhookReceiver();
    // A provider that would be called for audio: the tests check it never is.
    stt = await startOpenAiSttServer({ segments: [{ start: 0, end: 1, text: 'never asked' }] });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
  });
  after(async () => {
    await stack.stop();
    await Promise.all([receiver.close(), stt.close()]);
  });
  beforeEach(async () => {
    tenant = await createTenant();
  });

  const submit = (body: Record<string, unknown>) =>
    stack.api.request<RecordingAccepted>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: { userUniqueIdentifier: 'crm-vtt', userName: 'Sam Seller', storeRecording: false, ...body },
    });

  it('a WebVTT transcript makes a session and a webhook, with no speech-to-text call', async () => {
    const roleplay = await createRoleplayFixture(tenant.company.id);
    await registerWebhook(stack.api, tenant.apiKey, receiver, '/vtt');
    const res = await submit({ transcript: WEBVTT, roleplayId: roleplay.id });
    expect(res.status, res.text).to.equal(200);
    const id = res.body.recordingId;

    const [hook] = await receiver.waitFor('/vtt', 1);
    expect(hook.verified).to.equal(true);
    expect(hook.event?.type).to.equal('recording.processing.completed');
    const data = hook.event?.data as RecordingCompletedData;
    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view).to.include({ status: 'completed', storeRecording: false, sessionId: data.sessionId });
    expect(data.sessionId).to.be.a('string');
    const result = view.result as RecordingAnalysis;
    expect(data.result).to.deep.equal(result);
    expect(result.speakerAttribution).to.equal('transcript');
    expect(result.snippets).to.deep.equal([
      { isUser: true, text: 'Hi Dana, this is Sam from Acme. Um, do you have a minute?' },
      { isUser: false, text: 'Sure, my name is Dana. What is this about?' },
      { isUser: true, text: 'We help logistics teams cut costs. How do you handle routing today?' },
      { isUser: false, text: 'Spreadsheets, mostly.' },
    ]);
    // Rep 6 + 7.5 = 13.5 s, customer 2.5 + 2.5 = 5 s → 13.5 / 18.5 = 0.730.
    expect(result).to.include({
      length: 20_000,
      talkRatio: 0.73,
      numQuestions: 2,
      customerQuestions: 1,
      numFillerWords: 1,
      interactivity: 9,
    });
    expect(stt.requests).to.have.length(0);

    // No speech-to-text step at all: the workflow went from the user straight to analysis.
    const history = await stack.api.temporal.workflow.getHandle(`recording-${id}`).fetchHistory();
    // (The short database steps, saving the result among them, are local activities: markers, not scheduled activities.)
    const activities = (history.events ?? [])
      .map((e) => e.activityTaskScheduledEventAttributes?.activityType?.name)
      .filter(Boolean);
    expect(activities).to.deep.equal(['analyzeAndKeepRecording', 'firstWebhookAttempt']);
    const row = await testEnv().db('recordings').where({ id }).first();
    expect(row.source_url).to.equal(null);
    // The transcript is kept once, parsed (recordings.transcript); the submitted text is not kept beside it.
    expect(row.submitted_transcript).to.equal(null);
    expect(row.transcript).to.not.equal(null);
    const session = await stack.api.request<{ snippets: unknown[]; audioUrl?: string | null }>(
      'GET',
      `/api/roleplay/session/${data.sessionId}`,
      { apiKey: tenant.apiKey },
    );
    expect(session.status).to.equal(200);
    expect(session.body.snippets).to.deep.equal(result.snippets);
    expect(session.body.audioUrl ?? null).to.equal(null);

    await keepHistory(stack.api, id, 'submitted-webvtt');
  });

  it('a segments array with repSpeaker makes a session and a webhook, with no speech-to-text call', async () => {
    const roleplay = await createRoleplayFixture(tenant.company.id);
    await registerWebhook(stack.api, tenant.apiKey, receiver, '/segments');
    const res = await submit({ transcript: SEGMENTS, repSpeaker: 'Rep', roleplayId: roleplay.id });
    expect(res.status, res.text).to.equal(200);
    const [hook] = await receiver.waitFor('/segments', 1);
    const data = hook.event?.data as RecordingCompletedData;
    expect(data.sessionId).to.be.a('string');
    const result = data.result;
    // The customer speaks first; repSpeaker says who the rep is.
    expect(result.snippets.map((s) => s.isUser)).to.deep.equal([false, true, false, true]);
    // Pauses before the rep: 2.5 − 2 = 0.5 s and 12 − 12 = 0 s → 0.25 s.
    expect(result).to.include({ speakerAttribution: 'transcript', patience: 0.25, numQuestions: 2, length: 20_000 });
    expect(stt.requests).to.have.length(0);
    const view = await waitForRecording(stack.api, tenant.apiKey, res.body.recordingId);
    expect(view.result).to.deep.equal(result);
  });

  it('accepts the sample transcript npm run dev offers in its curl, and completes it', async () => {
    const sample = JSON.parse(
      await fs.readFile(path.join(__dirname, '..', '..', 'scripts', 'sample-transcript.json'), 'utf8'),
    ) as Record<string, unknown>;
    const res = await stack.api.request<RecordingAccepted>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: sample,
    });
    expect(res.status, res.text).to.equal(200);
    const view = await waitForRecording(stack.api, tenant.apiKey, res.body.recordingId);
    expect(view.status).to.equal('completed');
    const result = view.result as RecordingAnalysis;
    // The customer is the named speaker <v Jordan Lee> (test/recordings/sampleTranscript.test.ts has the rest).
    expect(result).to.include({
      speakerAttribution: 'transcript',
      customerName: 'Jordan Lee',
      customerNameSource: 'speakerName',
      nameCount: 2,
    });
    expect(result.snippets.map((s) => s.isUser)).to.deep.equal([true, false, true, false, true, false]);
    // The run writes its event after the status (patch keep-every-event): let it close before the next test
    // snapshots the tables.
    await stack.api.temporal.workflow.getHandle(workflowIds.recording(res.body.recordingId)).result();
  });

  it('rejects malformed or contradictory submissions with 400 and writes nothing', async () => {
    const before = await dbSnapshot();
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      [
        'malformed WebVTT',
        { transcript: WEBVTT.replace('00:00:06.500 --> 00:00:09.000', '00:00:06.500 -> 00:00:09.000') },
        'transcript',
        /line 8/,
      ],
      ['no WEBVTT signature', { transcript: WEBVTT.replace('WEBVTT', 'VTT') }, 'transcript', /line 1/],
      [
        'both a URL and a transcript',
        { transcript: WEBVTT, recordingPresignedUrl: 'https://files.example.test/a.mp3' },
        'transcript',
        /exactly one/,
      ],
      // The schema itself asks for one of them (OpenAPI shows it): ajv names both.
      ['neither', {}, 'recordingPresignedUrl', /recordingPresignedUrl.*transcript/],
      [
        'storeRecording with a transcript',
        { transcript: WEBVTT, storeRecording: true },
        'storeRecording',
        /must be false/,
      ],
      ['repSpeaker not in the transcript', { transcript: SEGMENTS, repSpeaker: 'Nobody' }, 'repSpeaker', /Customer/],
      [
        'segment ending before it starts',
        { transcript: [{ speaker: 'A', start: 3, end: 1, text: 'x' }] },
        'transcript.0.end',
        /end before/,
      ],
      [
        'segment without a speaker',
        { transcript: [{ start: 0, end: 1, text: 'x' }] },
        'transcript.0.speaker',
        /speaker/,
      ],
      ['repChannel with a transcript', { transcript: WEBVTT, repChannel: 'left' }, 'repChannel', /repChannel/],
      [
        'repSpeaker with audio',
        { recordingPresignedUrl: 'https://files.example.test/a.mp3', repSpeaker: 'Sam' },
        'repSpeaker',
        /repSpeaker/,
      ],
    ];
    for (const [label, body, field, message] of cases) {
      const res = await stack.api.request<{
        error: { code: string; message: string; details: Array<{ field: string; message: string }> };
      }>('POST', '/api/recording', {
        apiKey: tenant.apiKey,
        json: { userUniqueIdentifier: 'crm-bad', userName: 'Sam', storeRecording: false, ...body },
      });
      expect(res.status, label).to.equal(400);
      expect(res.body.error.code, label).to.equal('validation_failed');
      expect(
        res.body.error.details.map((d) => d.field),
        label,
      ).to.include(field);
      expect(res.body.error.message, label).to.match(message);
    }
    expect(await dbSnapshot()).to.deep.equal(before);
    expect(stt.requests).to.have.length(0);
  });

  it('treats a repeated Idempotency-Key with the same transcript as the same recording, and a different transcript as a conflict', async () => {
    const headers = { 'Idempotency-Key': 'vtt-once' };
    const first = await stack.api.request<RecordingAccepted>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      headers,
      json: { userUniqueIdentifier: 'u', userName: 'U', storeRecording: false, transcript: SEGMENTS },
    });
    const again = await stack.api.request<RecordingAccepted>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      headers,
      json: { userUniqueIdentifier: 'u', userName: 'U', storeRecording: false, transcript: SEGMENTS },
    });
    expect(first.status).to.equal(200);
    expect(again.body.recordingId).to.equal(first.body.recordingId);
    const other = await stack.api.request('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      headers,
      json: { userUniqueIdentifier: 'u', userName: 'U', storeRecording: false, transcript: SEGMENTS.slice(1) },
    });
    expect(other.status).to.equal(409);
    const view: RecordingView = await waitForRecording(stack.api, tenant.apiKey, first.body.recordingId);
    expect(view.status).to.equal('completed');
  });
});
