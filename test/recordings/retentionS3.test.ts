import { expect } from 'chai';
import type { RecordingRetentionResult } from '../../workflows/recordingRetention';
import { recordingStorageFor } from '../../common/storage/configuredStorage';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testConfig } from '../support/env';
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
import { startS3Server, type S3TestServer } from '../support/s3Server';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';

// Retention with STORAGE_BACKEND=s3: the cleanup deletes the object from the bucket through the same
// storage abstraction, and a second run (the object already gone) neither fails nor counts it again.

describe('recordings: retention in an S3 bucket', function () {
  this.timeout(120_000);
  let s3: S3TestServer;
  let files: FileServer;
  let stt: SttServer;
  let stack: RecordingStack;

  before(async () => {
    s3 = await startS3Server();
    files = await startFileServer();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    stack = await startRecordingStack({ ...s3.config, STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
  });
  after(async () => {
    await stack.stop();
    await Promise.all([stt.close(), files.close(), s3.close()]);
  });

  it('deletes the stored object; the session keeps its score and offers no link', async () => {
    const tenant = await createTenant();
    const roleplay = await createRoleplayFixture(tenant.company.id);
    const url = files.serve('/s3-retention/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: url,
      storeRecording: true,
      roleplayId: roleplay.id,
    });
    const view = await waitForRecording(stack.api, tenant.apiKey, id, 90_000);
    expect(view.status).to.equal('completed');
    const key = `${tenant.company.id}/${id}.mp3`;
    const storage = recordingStorageFor(testConfig(stack.config));
    expect(await storage.exists(key)).to.equal(true);
    // The cut's piece went through the bucket: stored, read by the piece's activity, deleted when the recording ended.
    const piece = `pieces/${id}/mono-0000.mp3`;
    for (const method of ['PUT', 'GET', 'DELETE'])
      expect(
        s3.requests.some((r) => r.method === method && r.path.endsWith(piece)),
        `${method} ${piece}`,
      ).to.equal(true);
    expect(await storage.exists(piece)).to.equal(false);

    const run = async (): Promise<RecordingRetentionResult> =>
      stack.api.temporal.workflow.execute('recordingRetention', {
        taskQueue: stack.config.TEMPORAL_TASK_QUEUE ?? '',
        workflowId: `retention-s3-${id}-${Date.now()}`,
        args: [{ retentionMs: 1 }],
      });
    const first = await run();
    expect(first.files).to.equal(1);
    expect(await storage.exists(key)).to.equal(false);
    expect(s3.requests.filter((r) => r.method === 'DELETE' && r.path.endsWith(key)).map((r) => r.status)).to.deep.equal(
      [204],
    );

    const session = await stack.api.request<{ score: number; audioUrl?: string | null }>(
      'GET',
      `/api/roleplay/session/${view.sessionId}`,
      { apiKey: tenant.apiKey },
    );
    expect(session.body.score).to.equal((view.result as { score: number }).score);
    expect(session.body.audioUrl).to.equal(null);

    const second = await run();
    expect([second.recordings, second.files]).to.deep.equal([0, 0]);
  });
});
