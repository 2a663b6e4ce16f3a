import { expect } from 'chai';
import type { RecordingAnalysis } from '../../common/recordingAnalysis';
import type { RecordingCompletedData } from '../../common/webhookEvents';
import { fromJson } from '../../db/connection';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { generatedTalkRatio, longTwoVoiceCall, type LongCall } from '../support/longTwoVoiceCall';
import {
  acceptRecording,
  registerWebhook,
  startRecordingStack,
  type RecordingStack,
} from '../support/recordingFixtures';
import { GPT4O_MAX_SECONDS, startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// A 30-minute mono call in two voices through gpt-4o-transcribe-diarize, which labels speakers per
// request in order of appearance (the stand-in does so by voice). The call is cut into pieces within
// the model's 1400 s, and the second piece starts with the customer: without the first piece's
// speakers sent along (known_speaker_references), the customer would come back as "A", the rep's
// label, and every one of their words would be credited to the rep.

interface StoredSegment {
  startMs: number;
  endMs: number;
  speaker: string | null;
}

const CUSTOMER_AT = 1393.5;

describe('recordings: a 30-minute diarised call keeps its speakers across pieces', function () {
  this.timeout(600_000);
  let call: LongCall;
  let files: FileServer;
  let receiver: WebhookReceiver;
  let stt: SttServer;
  let stack: RecordingStack;
  let tenant: TenantFixture;

  before(async () => {
    // Generated once and kept in the temp directory (it takes a few seconds of both cores).
    call = await longTwoVoiceCall({ seconds: 1830, customerAt: CUSTOMER_AT });
    files = await startFileServer();
    receiver = await startWebhookReceiver();
    stt = await startOpenAiSttServer({ segments: [], apiKey: 'test-stt-key' });
    stack = await startRecordingStack({
      STT_PROVIDER: 'openai',
      STT_BASE_URL: stt.url,
      STT_MODEL: 'gpt-4o-transcribe-diarize',
    });
    tenant = await createTenant();
  });
  after(async () => {
    await stack?.stop();
    await Promise.all([stt?.close(), files?.close(), receiver?.close()]);
  });

  it('pieces within 1400 s; later pieces send the first piece speakers; talk ratio within 0.05; the rep is the rep in every piece', async () => {
    expect(call.duration).to.be.above(1800);
    await registerWebhook(stack.api, tenant.apiKey, receiver, '/long-diarized');
    const url = files.serve('/long-diarized/call.mp3', { body: call.mp3, contentType: 'audio/mpeg' });
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
    const [hook] = await receiver.waitFor('/long-diarized', 1, 500_000);
    expect(hook.event?.type, JSON.stringify(hook.event?.data)).to.equal('recording.processing.completed');
    const result = (hook.event?.data as RecordingCompletedData).result as RecordingAnalysis;

    // Two pieces, each within the model's limit; the first went alone, the second carried its speakers.
    expect(stt.requests).to.have.length(2);
    for (const r of stt.requests) {
      expect(r.heardSeconds).to.be.at.most(GPT4O_MAX_SECONDS);
      expect(r.fields).to.include({
        model: 'gpt-4o-transcribe-diarize',
        response_format: 'diarized_json',
        chunking_strategy: 'auto',
      });
      expect(r.fields).not.to.have.any.keys('prompt', 'timestamp_granularities[]');
    }
    const pieces = await testEnv()
      .db('recording_chunks')
      .where({ recording_id: id })
      .orderBy('chunk_index')
      .select('start_ms');
    expect(pieces.map((p) => p.start_ms)).to.have.length(2);
    expect(pieces[1].start_ms / 1000).to.be.within(CUSTOMER_AT - 8, CUSTOMER_AT);
    const [first, second] = [...stt.requests].sort((a, b) =>
      (a.fields['file.filename'] ?? '').localeCompare(b.fields['file.filename'] ?? ''),
    );
    expect(first.body).not.to.have.property('known_speaker_names');
    expect((second.body as Record<string, unknown>).known_speaker_names).to.deep.equal(['A', 'B']);
    expect((second.body as Record<string, string[]>).known_speaker_references).to.have.length(2);

    // Every segment is labelled as the voice that spoke it: the rep's label ("A", first to speak) in both pieces.
    const row = await testEnv().db('recordings').where({ id }).first('transcript');
    const segments = fromJson<{ segments: StoredSegment[] }>(row.transcript).segments;
    const voiceAt = (s: StoredSegment) =>
      call.lines.find((l) => l.start * 1000 < s.endMs && l.end * 1000 > s.startMs)?.voice;
    const secondPieceStart = pieces[1].start_ms as number;
    for (const piece of [
      segments.filter((s) => s.startMs < secondPieceStart),
      segments.filter((s) => s.startMs >= secondPieceStart),
    ]) {
      expect(piece.length).to.be.above(20);
      for (const s of piece) expect(s.speaker === 'A', `${s.startMs} ms`).to.equal(voiceAt(s) === 'rep');
    }
    // The second piece opens with the customer, and the customer is not the rep.
    expect(voiceAt(segments.find((s) => s.startMs >= secondPieceStart)!)).to.equal('customer');
    expect(result.speakerAttribution).to.equal('diarization');
    expect(result.talkRatio).to.be.closeTo(generatedTalkRatio(call.lines), 0.05);
    expect(result.length).to.be.closeTo(call.duration * 1000, 2000);
  });
});
