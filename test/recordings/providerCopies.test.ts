import { expect } from 'chai';
import { plannedSweep, sweepExpiredRows } from '../../activities/sweeps';
import { PROVIDER_COPY_GRACE_MS } from '../../activities/stt/providerCopies';
import { createSpeechToText } from '../../activities/transcribe';
import { startAssemblyAiServer, type AssemblyAiServer } from '../support/assemblyAiServer';
import { testConfig, testEnv, testLogger } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import {
  acceptRecording,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { synthesizeCall } from '../support/speech';

// AssemblyAI keeps every upload and transcript until `DELETE /v2/transcript/{id}` (its published document:
// deleteTranscript). The service deletes its copy once the answer is kept; a deletion that fails is kept
// in stt_provider_copies and retried by the `stt-provider-copies` sweep (issue 51 §2).

describe('recordings: what AssemblyAI keeps is deleted there', function () {
  this.timeout(180_000);
  let files: FileServer;
  let aai: AssemblyAiServer;
  let stack: RecordingStack;
  let wav: Buffer;

  before(async () => {
    files = await startFileServer();
    const script = ['Hi Dana, this is Sam from Acme. Do you have a minute?', 'Sure. What is this about?'];
    aai = await startAssemblyAiServer({ apiKey: 'test-stt-key', script, queuedMs: 100, processingMs: 200 });
    stack = await startRecordingStack({
      STT_PROVIDER: 'assemblyai',
      STT_BASE_URL: aai.url,
      STT_POLL_INTERVAL: '100ms',
    });
    wav = (
      await synthesizeCall([
        { voice: 'rep', text: script[0] },
        { voice: 'customer', text: script[1] },
      ])
    ).wav;
  });
  after(async () => {
    await stack.stop();
    await Promise.all([files.close(), aai.close()]);
  });

  const copiesOf = (recordingId: string) => testEnv().db('stt_provider_copies').where({ recording_id: recordingId });

  it('deletes the transcript and its upload once the answer is kept', async () => {
    const tenant = await createTenant();
    const url = files.serve('/copies/1/call.wav', { body: wav, contentType: 'audio/wav' });
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view.status, view.failureReason ?? '').to.equal('completed');
    const [chunk] = await testEnv().db('recording_chunks').where({ recording_id: id }).select('stt_job_id');
    const deletes = aai.requests.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => r.path)).to.deep.equal([`/v2/transcript/${chunk.stt_job_id}`]);
    expect(aai.kept()).to.deep.equal([]);
    expect(await copiesOf(id)).to.deep.equal([]);
  });

  it('a deletion AssemblyAI refuses is kept with its reason and retried by the sweep', async () => {
    const tenant = await createTenant();
    aai.set({ failDeletes: 1 });
    const url = files.serve('/copies/2/call.wav', { body: wav, contentType: 'audio/wav' });
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    // The recording's answer was kept: a provider that fails to delete never fails the recording.
    expect(view.status, view.failureReason ?? '').to.equal('completed');
    const [owed] = await copiesOf(id);
    expect(owed, 'the deletion still owed').to.include({
      provider: 'assemblyai',
      company_id: tenant.company.id,
      attempts: 1,
    });
    expect(owed.last_error).to.include('HTTP 503');
    expect(aai.kept()).to.deep.equal([owed.job_id]);

    const config = testConfig(stack.config);
    const sweep = plannedSweep('stt-provider-copies', config);
    expect(sweep.retentionMs).to.equal(PROVIDER_COPY_GRACE_MS);
    const outside = { logger: testLogger, stt: createSpeechToText(config) };
    // Within the grace the worker's own deletion may still be coming: the sweep leaves the copy alone.
    expect(await sweepExpiredRows(testEnv().db, sweep, new Date(), undefined, undefined, outside)).to.equal(0);
    expect(aai.kept()).to.deep.equal([owed.job_id]);
    const later = new Date(Date.now() + PROVIDER_COPY_GRACE_MS + 60_000);
    expect(await sweepExpiredRows(testEnv().db, sweep, later, undefined, undefined, outside)).to.be.at.least(1);
    expect(aai.kept()).to.deep.equal([]);
    expect(await copiesOf(id)).to.deep.equal([]);
  });

  it('leaves a copy alone while its recording still waits for the answer', async () => {
    const tenant = await createTenant();
    aai.set({ processingMs: 4_000 });
    const processing = aai.sawProcessing();
    const url = files.serve('/copies/3/call.wav', { body: wav, contentType: 'audio/wav' });
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
    await processing;
    const [copy] = await copiesOf(id);
    expect(copy, 'owed from the moment the job exists').to.include({ provider: 'assemblyai', attempts: 0 });

    const config = testConfig(stack.config);
    const later = new Date(Date.now() + PROVIDER_COPY_GRACE_MS + 60_000);
    const outside = { logger: testLogger, stt: createSpeechToText(config) };
    await sweepExpiredRows(
      testEnv().db,
      plannedSweep('stt-provider-copies', config),
      later,
      undefined,
      undefined,
      outside,
    );
    expect(aai.kept()).to.include(copy.job_id);

    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view.status, view.failureReason ?? '').to.equal('completed');
    expect(aai.kept()).not.to.include(copy.job_id);
    expect(await copiesOf(id)).to.deep.equal([]);
    aai.set({ processingMs: 200 });
  });
});
