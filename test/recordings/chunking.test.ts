import { expect } from 'chai';
import type { RecordingCompletedData } from '../../common/webhookEvents';
import { fromJson } from '../../db/connection';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { longCall } from '../support/mediaFiles';
import {
  acceptRecording,
  CONVERSATION,
  filesUnder,
  keepHistory,
  registerWebhook,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { audioFacts } from '../support/renditionCheck';
import { OPENAI_MAX_UPLOAD_BYTES, startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { voicedStretches } from '../support/voiceActivity';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';
import { spawnWorker, type WorkerProcess } from '../support/workerProcess';

// Hour-long calls: the media step cuts the audio at pauses into pieces within OpenAI's limits, each
// piece is sent once, and the answers are put back on the recording's timeline. A worker killed in
// the middle sends again only the piece that had no answer.

interface StoredSegment {
  startMs: number;
  endMs: number;
  text: string;
}

const SCRIPT = CONVERSATION.map((l) => l.text);
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

describe('recordings: long calls in pieces', function () {
  this.timeout(600_000);
  let files: FileServer;
  let receiver: WebhookReceiver;
  let stt: SttServer | undefined;
  let stack: RecordingStack | undefined;
  let tenant: TenantFixture;
  const workers: WorkerProcess[] = [];

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
  });
  beforeEach(async () => {
    tenant = await createTenant();
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
    await stack?.stop();
    await stt?.close();
  });
  after(async () => {
    await files.close();
    await receiver.close();
  });

  async function piecesOf(id: string): Promise<Array<{ start_ms: number; duration_ms: number; chunk_index: number }>> {
    return testEnv()
      .db('recording_chunks')
      .where({ recording_id: id })
      .orderBy('chunk_index')
      .select('start_ms', 'duration_ms', 'chunk_index');
  }

  it('a 70-minute MP3 over 25 MB completes with the default openai limits: pieces cut at pauses, every second sent once, times stitched', async () => {
    const call = longCall(70);
    expect(call.length).to.be.above(25 * 1024 * 1024);
    const seconds = audioFacts(call).seconds;
    stt = await startOpenAiSttServer({ segments: [], script: SCRIPT });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
    const roleplay = await createRoleplayFixture(tenant.company.id);
    await registerWebhook(stack.api, tenant.apiKey, receiver, '/long');
    const url = files.serve('/long/call.mp3', { body: call, contentType: 'audio/mpeg' });
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: url,
      storeRecording: true,
      roleplayId: roleplay.id,
    });

    // Operators can follow it: the status query names the step and, once planned, the pieces.
    const handle = stack.api.temporal.workflow.getHandle(`recording-${id}`);
    let progress = await handle.query<{ step: string; piecesDone: number; piecesTotal: number }>('status');
    for (let i = 0; i < 600 && progress.piecesTotal === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 500));
      progress = await handle.query('status');
    }
    // Pieces of at most 10 minutes, each cut in the second half of its window: 7 to 14 for 70 minutes.
    expect(progress.piecesTotal).to.be.within(7, 14);
    expect(['Transcription', 'Analysis', 'Saving the result']).to.include(progress.step);

    const [hook] = await receiver.waitFor('/long', 1, 500_000);
    expect(hook.event?.type).to.equal('recording.processing.completed');
    const result = (hook.event?.data as RecordingCompletedData).result;
    expect(result.length).to.be.closeTo(seconds * 1000, 1000);

    // No upload over OpenAI's limit, and the pieces cover the call once, end to end, without overlap.
    const pieces = await piecesOf(id);
    expect(pieces).to.have.length(progress.piecesTotal);
    expect(stt.requests).to.have.length(pieces.length);
    for (const r of stt.requests) expect(r.audio!.length).to.be.at.most(OPENAI_MAX_UPLOAD_BYTES);
    // A mono MP3 of 64 kbps goes as it is: its pieces are the caller's own frames (44.1 kHz), cut, never re-encoded.
    for (const r of stt.requests) {
      const facts = audioFacts(r.audio!);
      expect(facts.sampleRate).to.equal(44_100);
      expect(facts.bitRate).to.be.closeTo(64_000, 2_000);
    }
    expect(sum(stt.requests.map((r) => r.heardSeconds ?? 0))).to.be.closeTo(seconds, 2);
    expect(pieces.map((p) => p.chunk_index)).to.deep.equal(pieces.map((_, i) => i));
    pieces.forEach((p, i) => {
      expect(p.duration_ms).to.be.at.most(10 * 60_000);
      if (i < pieces.length - 1) expect(p.duration_ms).to.be.above(5 * 60_000);
      if (i > 0) expect(p.start_ms).to.equal(pieces[i - 1].start_ms + pieces[i - 1].duration_ms);
    });
    expect(pieces[0].start_ms).to.equal(0);

    // Each cut falls in a pause of the original call, not in a word.
    const { stretches } = await voicedStretches(call);
    for (const p of pieces.slice(1)) {
      const at = p.start_ms / 1000;
      expect(
        stretches.some((s) => at > s.start + 0.05 && at < s.end - 0.05),
        `cut at ${at}s is inside speech`,
      ).to.equal(false);
    }

    // The transcript is on the call's timeline, in time order across the piece boundaries.
    const row = await testEnv().db('recordings').where({ id }).first('transcript');
    const segments = fromJson<{ segments: StoredSegment[] }>(row.transcript).segments;
    expect(result.snippets).not.to.be.empty;
    for (let i = 1; i < segments.length; i += 1) expect(segments[i].startMs).to.be.at.least(segments[i - 1].endMs);
    expect(segments[segments.length - 1].endMs).to.be.closeTo(seconds * 1000, 2000);
    for (const p of pieces.slice(1))
      expect(segments.some((s) => s.startMs >= p.start_ms && s.startMs < p.start_ms + 30_000)).to.equal(true);
    expect(await filesUnder(stack.scratchDir)).to.deep.equal([]);
  });

  it('a worker killed while a piece is with the provider: the recording completes, answered pieces are not sent again, no scratch files at any point', async () => {
    const call = longCall(5);
    // The third request is never answered: the worker that sent it is killed meanwhile.
    stt = await startOpenAiSttServer({ segments: [], script: SCRIPT, holdRequest: 3 });
    stack = await startRecordingStack(
      { STT_PROVIDER: 'openai', STT_BASE_URL: stt.url, STT_MAX_CHUNK_DURATION: '1m', STT_CONCURRENCY: 1 },
      { worker: false },
    );
    await registerWebhook(stack.api, tenant.apiKey, receiver, '/killed');
    const url = files.serve('/killed/call.mp3', { body: call, contentType: 'audio/mpeg' });
    const first = await spawnWorker(stack.config);
    workers.push(first);
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
    await stt.held();
    // The piece with the provider streams from the recording store: the worker holds no copy of it to leave behind.
    expect(await filesUnder(stack.storageDir)).to.include(`pieces/${id}/mono-0002.mp3`);
    expect(await filesUnder(stack.scratchDir)).to.deep.equal([]);
    await first.kill();

    const second = await spawnWorker(stack.config);
    workers.push(second);
    const [hook] = await receiver.waitFor('/killed', 1, 180_000);
    expect(hook.event?.type).to.equal('recording.processing.completed');
    expect((await waitForRecording(stack.api, tenant.apiKey, id)).status).to.equal('completed');

    const pieces = await piecesOf(id);
    expect(pieces.length).to.be.within(5, 7);
    const sent = new Map<string, number>();
    for (const r of stt.requests) sent.set(r.fields['file.filename'], (sent.get(r.fields['file.filename']) ?? 0) + 1);
    const held = stt.requests[2].fields['file.filename'];
    // Every piece reached the provider; only the one held when the worker died was sent twice.
    expect([...sent.keys()].sort()).to.deep.equal(pieces.map((p) => `mono-${p.chunk_index}.mp3`).sort());
    for (const [name, count] of sent) expect(count, name).to.equal(name === held ? 2 : 1);
    expect(await filesUnder(stack.scratchDir)).to.deep.equal([]);
    await keepHistory(stack.api, id, 'media-pieces-worker-killed');
  });
});
