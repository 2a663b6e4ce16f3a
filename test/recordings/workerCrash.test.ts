import { expect } from 'chai';
import type { RecordingView } from '../../api/schemas/recordings';
import type { RecordingCompletedData } from '../../common/webhookEvents';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
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
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';
import { spawnWorker, type WorkerProcess } from '../support/workerProcess';

// The worker process is SIGKILLed while the speech-to-text provider holds its request; a new worker
// process picks the recording up after the heartbeat timeout and finishes it exactly once.

describe('recordings: worker killed mid-recording', function () {
  this.timeout(180_000);
  let files: FileServer;
  let receiver: WebhookReceiver;
  let stt: SttServer;
  let stack: RecordingStack;
  const workers: WorkerProcess[] = [];

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
    stt = await startOpenAiSttServer({ segments: CONVERSATION, holdFirst: true });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url }, { worker: false });
  });
  after(async () => {
    for (const w of workers) await w.stop();
    await stack.stop();
    await Promise.all([files.close(), receiver.close(), stt.close()]);
  });

  it('completes after a restart with one user, one session and one stored file', async () => {
    const tenant = await createTenant();
    const roleplay = await createRoleplayFixture(tenant.company.id);
    await registerWebhook(stack.api, tenant.apiKey, receiver, '/crash');
    const filePath = '/crash/call.mp3';
    const url = files.serve(filePath, { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });

    const first = await spawnWorker(stack.config);
    workers.push(first);
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      userUniqueIdentifier: 'crm-crash',
      recordingPresignedUrl: url,
      storeRecording: true,
      roleplayId: roleplay.id,
    });
    await stt.held();
    const during = await stack.api.request<RecordingView>('GET', `/api/recording/${id}`, { apiKey: tenant.apiKey });
    expect(during.body.status).to.equal('transcribing');
    await first.kill();

    const second = await spawnWorker(stack.config);
    workers.push(second);
    const [hook] = await receiver.waitFor('/crash', 1, 120_000);
    expect(hook.verified).to.equal(true);
    const data = hook.event?.data as RecordingCompletedData;
    expect(data.recordingId).to.equal(id);

    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view).to.include({ status: 'completed', sessionId: data.sessionId });
    const db = testEnv().db;
    expect(await db('users').where({ company_id: tenant.company.id, external_id: 'crm-crash' })).to.have.length(1);
    expect(await db('roleplay_sessions').where({ company_id: tenant.company.id })).to.have.length(1);
    expect(await filesUnder(stack.storageDir)).to.deep.equal([`${tenant.company.id}/${id}.mp3`]);
    // The file was fetched once (stored before the crash); transcription was asked twice (the held request, then the retry).
    expect(files.hits(filePath)).to.equal(1);
    expect(stt.requests).to.have.length(2);

    await keepHistory(stack.api, id, 'worker-killed');
  });
});
