import { expect } from 'chai';
import { parseWebVtt } from '../../common/transcript';
import type { ErrorBody } from '../../api/schemas/common';
import type { RecordingAccepted, RecordingView } from '../../api/schemas/recordings';
import type { TranscriptView } from '../../api/schemas/transcripts';
import type { UserErasure } from '../../api/schemas/userErasure';
import { toTranscriptView } from '../../common/views/transcripts';
import { createApiKey } from '../../db/queries/credentials';
import { markRecordingMediaDeleted } from '../../db/queries/recordingRetention';
import { getRecording } from '../../db/queries/recordings';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { startRecordingStack, waitForRecording, type RecordingStack } from '../support/recordingFixtures';

// GET /api/recording/{id}/transcript (issue 34 §3): the kept transcript as JSON utterances and as
// WebVTT; 409 before it exists, 410 once retention or an erasure deleted it.

const WEBVTT = `WEBVTT

00:00:00.000 --> 00:00:04.250
<v Sam Seller>Hi Dana, this is Sam from Acme & Co. Do you have a minute?

00:00:04.500 --> 00:00:07.000
<v Dana Reyes>Sure. What is this &lt;about&gt;?

00:01:02.000 --> 01:00:03.125
<v Sam Seller>Routing costs.
`;

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('recordings: the time-coded transcript endpoint', function () {
  this.timeout(120_000);
  let stack: RecordingStack;
  let tenant: TenantFixture;

  before(async () => {
    stack = await startRecordingStack();
  });
  after(async () => {
    await stack.stop();
  });
  beforeEach(async () => {
    tenant = await createTenant();
  });

  const submitTranscript = async (userUniqueIdentifier: string, repSpeaker?: string): Promise<string> => {
    const res = await stack.api.request<RecordingAccepted>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: { userUniqueIdentifier, userName: 'Sam Seller', storeRecording: false, transcript: WEBVTT, repSpeaker },
    });
    expect(res.status, res.text).to.equal(200);
    return res.body.recordingId;
  };
  const transcriptOf = (id: string, headers: Record<string, string> = {}) =>
    stack.api.request<TranscriptView>('GET', `/api/recording/${id}/transcript`, { apiKey: tenant.apiKey, headers });

  it('answers the utterances with times, roles and labels as JSON, and as WebVTT that parses back to them', async () => {
    const id = await submitTranscript('crm-transcript', 'Sam Seller');
    const json = await transcriptOf(id);
    expect(json.status, json.text).to.equal(200);
    expect(json.headers.get('content-type')).to.match(/^application\/json/);
    expect(json.body).to.deep.include({
      recordingId: id,
      provider: 'submitted',
      speakerAttribution: 'transcript',
      timing: 'measured',
    });
    expect(json.body.utterances).to.deep.equal([
      {
        startMs: 0,
        endMs: 4250,
        speaker: 'rep',
        speakerLabel: 'Sam Seller',
        text: 'Hi Dana, this is Sam from Acme & Co. Do you have a minute?',
        timing: 'measured',
      },
      {
        startMs: 4500,
        endMs: 7000,
        speaker: 'customer',
        speakerLabel: 'Dana Reyes',
        text: 'Sure. What is this <about>?',
        timing: 'measured',
      },
      {
        startMs: 62_000,
        endMs: 3_603_125,
        speaker: 'rep',
        speakerLabel: 'Sam Seller',
        text: 'Routing costs.',
        timing: 'measured',
      },
    ]);

    const vtt = await transcriptOf(id, { accept: 'text/vtt' });
    expect(vtt.status, vtt.text).to.equal(200);
    expect(vtt.headers.get('content-type')).to.match(/^text\/vtt/);
    expect(vtt.text).to.match(/^WEBVTT\n/);
    expect(vtt.text).to.include('00:01:02.000 --> 01:00:03.125\n<v Sam Seller>Routing costs.');
    expect(vtt.text).to.include('<v Dana Reyes>Sure. What is this &lt;about&gt;?');
    // The service's own WebVTT reader (the one submissions go through) reads it back to the same words, times and voices.
    expect(parseWebVtt(vtt.text)).to.deep.equal(
      json.body.utterances.map((u) => ({ startMs: u.startMs, endMs: u.endMs, text: u.text, speaker: u.speakerLabel })),
    );
    // JSON stays the answer when the client prefers it or takes anything.
    const either = await transcriptOf(id, { accept: 'application/json, text/vtt;q=0.5' });
    expect(either.headers.get('content-type')).to.match(/^application\/json/);
    const any = await transcriptOf(id, { accept: '*/*' });
    expect(any.headers.get('content-type')).to.match(/^application\/json/);
  });

  it('is the one read of the transcript: the status read leaves it where it is', async () => {
    const id = await submitTranscript('crm-status-read', 'Sam Seller');
    // Polled while it runs, the status read would otherwise fetch and parse a transcript of megabytes each time.
    const row = await getRecording(testEnv().db, tenant.company.id, id);
    expect(row?.id).to.equal(id);
    expect(row?.transcript).to.equal(null);
    const status = await stack.api.request<RecordingView>('GET', `/api/recording/${id}`, { apiKey: tenant.apiKey });
    expect(status.status, status.text).to.equal(200);
    expect(status.body.id).to.equal(id);
    const json = await transcriptOf(id);
    expect(json.status, json.text).to.equal(200);
    expect(json.body.utterances.map((u) => u.text)).to.include('Routing costs.');
  });

  it('says when the times were placed and when speakers cannot be told apart', () => {
    const view = toTranscriptView('4b0b1c46-8f7e-4c55-9f0e-0d3f5b0c2b11', {
      provider: 'openai',
      language: 'en',
      durationMs: 9000.4,
      timing: 'placed',
      segments: [
        { startMs: 0, endMs: 3999.6, text: ' Hello there. ', speaker: null },
        { startMs: 4000, endMs: 4000, text: '   ', speaker: null },
        { startMs: 5000, endMs: 9000, text: 'Who is this?', speaker: null },
      ],
    });
    expect(view).to.deep.include({ speakerAttribution: 'none', timing: 'placed', durationMs: 9000 });
    expect(view.utterances).to.deep.equal([
      { startMs: 0, endMs: 4000, speaker: 'unknown', speakerLabel: null, text: 'Hello there.', timing: 'placed' },
      { startMs: 5000, endMs: 9000, speaker: 'unknown', speakerLabel: null, text: 'Who is this?', timing: 'placed' },
    ]);
  });

  it('is 409 before transcription, 404 for another company, and needs recordings:read', async () => {
    const accepted = await stack.api.request<RecordingAccepted>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: {
        userUniqueIdentifier: 'crm-audio',
        userName: 'Sam Seller',
        // Nothing listens there: the recording stays before transcription (and then fails) without a transcript.
        recordingPresignedUrl: 'http://127.0.0.1:9/call.mp3',
        storeRecording: false,
      },
    });
    expect(accepted.status, accepted.text).to.equal(200);
    const early = await transcriptOf(accepted.body.recordingId);
    expect(early.status, early.text).to.equal(409);
    expect((early.body as unknown as ErrorBody).error.code).to.equal('transcript_not_ready');

    const id = await submitTranscript('crm-other');
    const other = await createTenant();
    const foreign = await stack.api.request('GET', `/api/recording/${id}/transcript`, { apiKey: other.apiKey });
    expect(foreign.status).to.equal(404);

    const writer = await createApiKey(testEnv().db, tenant.company.id, 'writer only', ['recordings:write']);
    const refused = await stack.api.request('GET', `/api/recording/${id}/transcript`, { apiKey: writer.key });
    expect(refused.status).to.equal(403);
    expect((refused.body as ErrorBody).error.code).to.equal('insufficient_scope');
  });

  it('is 410 transcript_expired after retention and 410 transcript_erased after the erasure of the person', async () => {
    const kept = await submitTranscript('crm-retained');
    await waitForRecording(stack.api, tenant.apiKey, kept);
    // What the retention cleanup does to a recording past RECORDING_RETENTION (its own tests run the schedule).
    await testEnv().db.transaction((trx) => markRecordingMediaDeleted(trx, kept));
    const expired = await transcriptOf(kept, { accept: 'text/vtt' });
    expect(expired.status, expired.text).to.equal(410);
    expect(expired.headers.get('content-type')).to.match(/^application\/json/);
    expect((expired.body as unknown as ErrorBody).error.code).to.equal('transcript_expired');
    expect((expired.body as unknown as ErrorBody).error.message).to.match(/retention/);

    const erasedId = await submitTranscript('crm-erased');
    const done = await waitForRecording(stack.api, tenant.apiKey, erasedId);
    expect((await transcriptOf(erasedId)).status).to.equal(200);
    const erase = await stack.api.request<UserErasure>('POST', `/api/user/${done.userId}/erase`, {
      apiKey: tenant.apiKey,
    });
    expect(erase.status, erase.text).to.be.oneOf([200, 202]);
    const gone = await transcriptOf(erasedId);
    expect(gone.status, gone.text).to.equal(410);
    expect((gone.body as unknown as ErrorBody).error.code).to.equal('transcript_erased');
    await until('the erasure to finish', async () => {
      const state = await stack.api.request<UserErasure>('GET', `/api/user/${done.userId}/erase`, {
        apiKey: tenant.apiKey,
      });
      return state.body.status === 'erased';
    });
    const after = await transcriptOf(erasedId);
    expect(after.status).to.equal(410);
    expect((after.body as unknown as ErrorBody).error.code).to.equal('transcript_erased');
  });
});
