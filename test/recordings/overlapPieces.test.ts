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
import { startDeepgramServer, type SttServer } from '../support/sttServers';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// Deepgram (and AssemblyAI) label speakers per request and take no known speakers. Their pieces exist
// only past their own limits, or when the operator asks for shorter ones (STT_MAX_CHUNK_DURATION, as
// here); then each piece repeats the last 20 s of the one before, and the words both heard there map
// the later piece's labels onto the earlier one's. The second piece here starts in a silence just
// before the customer speaks: Deepgram labels the customer 0 in it, the rep's label in the first.

interface StoredSegment {
  startMs: number;
  endMs: number;
  speaker: string | null;
}

describe('recordings: overlapping pieces carry speaker labels across (Deepgram)', function () {
  this.timeout(300_000);
  let call: LongCall;
  let files: FileServer;
  let receiver: WebhookReceiver;
  let stt: SttServer;
  let stack: RecordingStack;
  let tenant: TenantFixture;

  before(async () => {
    call = await longTwoVoiceCall({ seconds: 300, customerAt: 81, silenceBefore: 12 });
    files = await startFileServer();
    receiver = await startWebhookReceiver();
    stt = await startDeepgramServer({ segments: [], sentences: call.sentences, apiKey: 'test-stt-key' });
    stack = await startRecordingStack({
      STT_PROVIDER: 'deepgram',
      STT_BASE_URL: stt.url,
      STT_MAX_CHUNK_DURATION: '2m',
    });
    tenant = await createTenant();
  });
  after(async () => {
    await stack?.stop();
    await Promise.all([stt?.close(), files?.close(), receiver?.close()]);
  });

  it('pieces overlap by 20 s; the later piece labels are mapped by shared words; the rep is the rep in every piece', async () => {
    await registerWebhook(stack.api, tenant.apiKey, receiver, '/overlap');
    const url = files.serve('/overlap/call.mp3', { body: call.mp3, contentType: 'audio/mpeg' });
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
    const [hook] = await receiver.waitFor('/overlap', 1, 240_000);
    expect(hook.event?.type, JSON.stringify(hook.event?.data)).to.equal('recording.processing.completed');
    const result = (hook.event?.data as RecordingCompletedData).result as RecordingAnalysis;

    const pieces: Array<{ start_ms: number; duration_ms: number }> = await testEnv()
      .db('recording_chunks')
      .where({ recording_id: id })
      .orderBy('chunk_index')
      .select('start_ms', 'duration_ms');
    expect(pieces.length).to.be.within(3, 4);
    expect(stt.requests).to.have.length(pieces.length);
    for (const r of stt.requests) expect(r.heardSeconds).to.be.at.most(120.5);
    for (let i = 1; i < pieces.length; i += 1) {
      // Each piece starts 20 s before the one before it ends.
      expect(pieces[i - 1].start_ms + pieces[i - 1].duration_ms - pieces[i].start_ms).to.be.closeTo(20_000, 5);
    }
    // The set-up holds: the second piece's first voice is the customer's, and its overlap heard both voices whole.
    const second = pieces[1].start_ms / 1000;
    const overlapEnd = (pieces[0].start_ms + pieces[0].duration_ms) / 1000;
    const firstLine = call.lines.find((l) => l.end > second)!;
    expect(firstLine.voice).to.equal('customer');
    expect(firstLine.start).to.be.above(second);
    const heardWhole = call.lines.filter((l) => l.start > second && l.end < overlapEnd).map((l) => l.voice);
    expect(heardWhole).to.include.members(['customer', 'rep']);

    // Every segment carries its voice's label from the first piece: the rep's "0" throughout.
    const row = await testEnv().db('recordings').where({ id }).first('transcript');
    const segments = fromJson<{ segments: StoredSegment[] }>(row.transcript).segments;
    const voiceAt = (s: StoredSegment) =>
      call.lines.find((l) => l.start * 1000 < s.endMs && l.end * 1000 > s.startMs)?.voice;
    expect(segments.length).to.be.above(20);
    for (const s of segments) expect(s.speaker === '0', `${s.startMs} ms`).to.equal(voiceAt(s) === 'rep');
    expect(new Set(segments.map((s) => s.speaker))).to.deep.equal(new Set(['0', '1']));
    // Nothing heard twice: the overlap is kept once, in time order.
    for (let i = 1; i < segments.length; i += 1) expect(segments[i].startMs).to.be.at.least(segments[i - 1].endMs);
    expect(result.talkRatio).to.be.closeTo(generatedTalkRatio(call.lines), 0.05);
  });
});
