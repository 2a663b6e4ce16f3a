import fs from 'node:fs/promises';
import { expect } from 'chai';
import { workflowIds } from '../../common/temporal';
import type { RecordingProgress } from '../../workflows/recordingIntake';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import { longCallMp3, mediaSeconds } from '../support/mediaFiles';
import { acceptRecording, filesUnder, startRecordingStack, waitForRecording, type RecordingStack } from '../support/recordingFixtures';
import { OPENAI_MAX_BYTES, startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { spawnWorker, type WorkerProcess } from '../support/workerProcess';

// Hour-long calls: a 70-minute MP3 over OpenAI's 25 MB limit is transcribed in chunks, every second
// once; a worker killed in the middle of the chunks leaves the answered ones answered.

interface StoredTranscript {
  durationMs: number;
  segments: { startMs: number; endMs: number; text: string }[];
}

async function storedTranscript(id: string): Promise<StoredTranscript> {
  const row = await testEnv().db('recordings').where({ id }).first('transcript');
  return (typeof row.transcript === 'string' ? JSON.parse(row.transcript) : row.transcript) as StoredTranscript;
}

describe('recordings: long calls in chunks', function () {
  this.timeout(600_000);
  let files: FileServer;
  let stt: SttServer;
  let stack: RecordingStack | undefined;
  const workers: WorkerProcess[] = [];

  before(async () => {
    files = await startFileServer();
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
    await stack?.stop();
    stack = undefined;
    await stt?.close();
  });
  after(async () => {
    await files.close();
  });

  it('a 70-minute MP3 over 25 MB completes with the default openai limits: no upload over the limit, every second sent once', async () => {
    const file = await longCallMp3(70);
    const body = await fs.readFile(file);
    const seconds = await mediaSeconds(file);
    expect(body.length).to.be.above(OPENAI_MAX_BYTES);
    stt = await startOpenAiSttServer({ segments: [], fromAudio: true });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
    const tenant = await createTenant();
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: files.serve('/long/call.mp3', { body, contentType: 'audio/mpeg' }), storeRecording: true });

    // The status query answers while the recording is under way.
    const handle = stack.api.temporal.workflow.getHandle(workflowIds.recording(id));
    let seen: RecordingProgress | undefined;
    // Preparing 70 minutes of audio takes minutes on a busy machine: ask until the chunks are known.
    for (let i = 0; i < 1600 && !(seen && seen.chunksTotal > 0); i += 1) {
      seen = await handle.query<RecordingProgress>('status');
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(seen?.step).to.equal('Transcription');
    // At most 10 minutes a chunk by default for openai, cut at a pause before the limit.
    expect(seen?.chunksTotal).to.be.within(7, 8);

    const view = await waitForRecording(stack.api, tenant.apiKey, id, 400_000);
    expect(view.status, view.failureReason ?? '').to.equal('completed');
    expect(stt.requests).to.have.length(seen?.chunksTotal ?? 0);
    for (const r of stt.requests) expect(r.bytes).to.be.at.most(OPENAI_MAX_BYTES);
    const sent = stt.requests.reduce((sum, r) => sum + (r.audioSeconds ?? 0), 0);
    expect(sent).to.be.closeTo(seconds, 1);
    // The chunks tile the recording: each starts where the previous ended.
    const chunks = await testEnv().db('recording_chunks').where({ recording_id: id }).orderBy('chunk_index');
    expect(chunks[0].start_ms).to.equal(0);
    for (let i = 1; i < chunks.length; i += 1) expect(chunks[i].start_ms).to.equal(chunks[i - 1].end_ms);
    expect(chunks[chunks.length - 1].end_ms / 1000).to.be.closeTo(seconds, 1);
    const result = view.result as { length: number };
    expect(result.length / 1000).to.be.closeTo(seconds, 1);
    // Segments in time order across chunk boundaries, none past the end.
    const transcript = await storedTranscript(id);
    const starts = transcript.segments.map((s) => s.startMs);
    expect(starts).to.deep.equal([...starts].sort((a, b) => a - b));
    expect(new Set(starts).size).to.equal(starts.length);
    expect(transcript.segments[transcript.segments.length - 1].endMs / 1000).to.be.at.most(seconds + 0.5);
    expect(await filesUnder(stack.scratchDir)).to.deep.equal([]);
  });

  it('a worker killed in the middle of the chunks: the recording completes, answered chunks are not sent again, no scratch files remain', async () => {
    const file = await longCallMp3(4);
    const body = await fs.readFile(file);
    // The second chunk's request is never answered: the worker dies while it waits.
    stt = await startOpenAiSttServer({ segments: [], fromAudio: true, holdAt: 2 });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url, STT_MAX_CHUNK_DURATION: '1m', STT_CONCURRENCY: 1 }, { worker: false });
    const tenant = await createTenant();
    const first = await spawnWorker(stack.config);
    workers.push(first);
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: files.serve('/crash/call.mp3', { body, contentType: 'audio/mpeg' }), storeRecording: true });
    await stt.held();
    const handle = stack.api.temporal.workflow.getHandle(workflowIds.recording(id));
    const during = await handle.query<RecordingProgress>('status');
    expect(during).to.include({ step: 'Transcription', chunksDone: 1 });
    expect(during.chunksTotal).to.be.at.least(4);
    await first.kill();
    expect((await filesUnder(stack.scratchDir)).length).to.be.above(0);

    const second = await spawnWorker(stack.config);
    workers.push(second);
    const view = await waitForRecording(stack.api, tenant.apiKey, id, 180_000);
    expect(view.status, view.failureReason ?? '').to.equal('completed');
    // Chunk 1 answered before the kill was not sent again: one request per chunk plus the held one.
    expect(stt.requests).to.have.length(during.chunksTotal + 1);
    const firstChunkBytes = stt.requests[0].audio;
    expect(stt.requests.slice(1).filter((r) => r.audio?.equals(firstChunkBytes as Buffer))).to.have.length(0);
    expect(await filesUnder(stack.scratchDir)).to.deep.equal([]);
  });
});
