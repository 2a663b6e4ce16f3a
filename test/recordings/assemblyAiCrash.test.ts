import { expect } from 'chai';
import type { RecordingView } from '../../api/schemas/recordings';
import type { RecordingCompletedData } from '../../common/webhookEvents';
import { startAssemblyAiServer, type AssemblyAiServer } from '../support/assemblyAiServer';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import {
  acceptRecording,
  keepHistory,
  registerWebhook,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { synthesizeCall } from '../support/speech';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';
import { spawnWorker, type WorkerProcess } from '../support/workerProcess';

// The worker process is SIGKILLed while AssemblyAI is still processing the transcript it asked for.
// The transcript id was saved before polling began, so the next worker resumes polling that id:
// the recording completes with exactly one transcription (and one upload) paid for.

describe('recordings: worker killed while AssemblyAI processes', function () {
  this.timeout(180_000);
  let files: FileServer;
  let receiver: WebhookReceiver;
  let aai: AssemblyAiServer;
  let stack: RecordingStack;
  const workers: WorkerProcess[] = [];

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
    const script = ['Hi Dana, this is Sam from Acme. Do you have a minute?', 'Sure. What is this about?'];
    // Processing outlasts the kill, the heartbeat timeout (20 s) and the retry's start.
    aai = await startAssemblyAiServer({ apiKey: 'test-stt-key', script, queuedMs: 200, processingMs: 25_000 });
    stack = await startRecordingStack(
      { STT_PROVIDER: 'assemblyai', STT_BASE_URL: aai.url, STT_POLL_INTERVAL: '500ms' },
      { worker: false },
    );
  });
  after(async () => {
    for (const w of workers) await w.stop();
    await stack.stop();
    await Promise.all([files.close(), receiver.close(), aai.close()]);
  });

  it('resumes polling the same transcript after a restart: one upload, one transcription, one webhook', async () => {
    const call = await synthesizeCall([
      { voice: 'rep', text: 'Hi Dana, this is Sam from Acme. Do you have a minute?' },
      { voice: 'customer', text: 'Sure. What is this about?' },
    ]);
    const tenant = await createTenant();
    await registerWebhook(stack.api, tenant.apiKey, receiver, '/aai-crash');
    const url = files.serve('/aai-crash/call.wav', { body: call.wav, contentType: 'audio/wav' });

    const first = await spawnWorker(stack.config);
    workers.push(first);
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: true });
    await aai.sawProcessing();
    const during = await stack.api.request<RecordingView>('GET', `/api/recording/${id}`, { apiKey: tenant.apiKey });
    expect(during.body.status).to.equal('transcribing');
    // The job id is kept on the piece of audio it transcribes (one piece: AssemblyAI has no length limit).
    const row = await testEnv().db('recording_chunks').where({ recording_id: id }).first('stt_job_id');
    expect(row.stt_job_id).to.be.a('string');
    await first.kill();
    const pollsBeforeKill = aai.requests.filter((r) => r.method === 'GET').length;

    const second = await spawnWorker(stack.config);
    workers.push(second);
    const [hook] = await receiver.waitFor('/aai-crash', 1, 120_000);
    expect(hook.event?.type).to.equal('recording.processing.completed');
    const data = hook.event?.data as RecordingCompletedData;
    expect(data.result.snippets.map((s) => s.isUser)).to.deep.equal([true, false]);

    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view.status).to.equal('completed');
    expect(aai.uploads()).to.equal(1);
    expect(aai.created()).to.equal(1);
    // The new worker asked about the same transcript id.
    const gets = aai.requests.filter((r) => r.method === 'GET');
    expect(gets.length).to.be.greaterThan(pollsBeforeKill);
    expect(new Set(gets.map((r) => r.path))).to.deep.equal(new Set([`/v2/transcript/${row.stt_job_id}`]));
    expect(receiver.on('/aai-crash')).to.have.length(1);

    await keepHistory(stack.api, id, 'assemblyai-worker-killed');
  });
});
