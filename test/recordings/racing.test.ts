import { expect } from 'chai';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import {
  acceptRecording,
  CONVERSATION,
  SAMPLE_AUDIO,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';

// Two recordings for the same new identifier, processed at the same time, end with one user.

describe('recordings: racing recordings for one new identifier', function () {
  this.timeout(90_000);
  let files: FileServer;
  let stt: SttServer;
  let stack: RecordingStack;

  before(async () => {
    files = await startFileServer();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    stack = await startRecordingStack({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
  });
  after(async () => {
    await stack.stop();
    await Promise.all([files.close(), stt.close()]);
  });

  it('creates one Integration user shared by both recordings', async () => {
    const tenant = await createTenant();
    const url = files.serve('/race/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
    const submit = () =>
      acceptRecording(stack.api, tenant.apiKey, {
        userUniqueIdentifier: 'crm-new',
        userName: 'Nia New',
        recordingPresignedUrl: url,
        storeRecording: false,
      });
    const ids = await Promise.all([submit(), submit(), submit()]);
    expect(new Set(ids).size).to.equal(3);
    const views = await Promise.all(ids.map((id) => waitForRecording(stack.api, tenant.apiKey, id)));
    expect(views.map((v) => v.status)).to.deep.equal(['completed', 'completed', 'completed']);
    const users = await testEnv().db('users').where({ company_id: tenant.company.id });
    expect(users).to.have.length(1);
    expect(users[0]).to.include({ external_id: 'crm-new', role: 'Integration', first_name: 'Nia', last_name: 'New' });
    expect(new Set(views.map((v) => v.userId))).to.deep.equal(new Set([users[0].id]));
  });
});
