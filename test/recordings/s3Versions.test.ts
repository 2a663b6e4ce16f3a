import { Readable } from 'node:stream';
import { expect } from 'chai';
import type { RecordingRetentionResult } from '../../workflows/recordingRetention';
import { recordingStorageFor } from '../../common/storage/configuredStorage';
import { workflowIds } from '../../common/temporal';
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

// A bucket with versioning Enabled keeps what a PUT replaces and what a DELETE removes as noncurrent versions
// (a DELETE only adds a delete marker). The recording store removes every version itself: the silencing's
// overwrite leaves only the silenced audio, and a deletion (retention here; erasure and offboarding call the
// same delete) leaves no version and no marker (issue 51 §2).

describe('recordings: an S3 bucket that keeps versions', function () {
  this.timeout(120_000);
  let s3: S3TestServer;
  let files: FileServer;
  let stt: SttServer;
  let stack: RecordingStack;

  before(async () => {
    s3 = await startS3Server('recordings', { versioning: true });
    files = await startFileServer();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    stack = await startRecordingStack({ ...s3.config, STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
  });
  after(async () => {
    await stack.stop();
    await Promise.all([stt.close(), files.close(), s3.close()]);
  });

  const versionsOf = (key: string) => s3.versions?.of(key) ?? [];

  it('an overwrite leaves only the new bytes; a deletion leaves no version and no marker', async () => {
    const storage = recordingStorageFor(testConfig(stack.config));
    const key = 'versions-test/call.mp3';
    await storage.put(key, Readable.from([Buffer.from('the caller said 4111 1111 1111 1111')]), { maxBytes: 1000 });
    await storage.put(key, Readable.from([Buffer.from('the caller said [silence]')]), { maxBytes: 1000 });
    expect(versionsOf(key)).to.have.length(1);
    const got = await storage.get(key);
    const chunks: Buffer[] = [];
    for await (const c of got?.stream ?? []) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).to.equal('the caller said [silence]');

    await storage.delete(key);
    expect(versionsOf(key)).to.deep.equal([]);
    expect(await storage.exists(key)).to.equal(false);
    // Deleting what is already gone is still fine.
    await storage.delete(key);
    expect(versionsOf(key)).to.deep.equal([]);
  });

  it("retention removes a stored recording's every version", async () => {
    const tenant = await createTenant();
    const url = files.serve('/s3-versions/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: true });
    const view = await waitForRecording(stack.api, tenant.apiKey, id, 90_000);
    expect(view.status, view.failureReason ?? '').to.equal('completed');
    const key = `${tenant.company.id}/${id}.mp3`;
    expect(versionsOf(key)).to.have.length(1);
    // The cut's pieces went through the bucket and were deleted when the recording's run ended: no version is left.
    await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).result();
    expect(versionsOf(`pieces/${id}/mono-0000.mp3`)).to.deep.equal([]);

    const result: RecordingRetentionResult = await stack.api.temporal.workflow.execute('recordingRetention', {
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE ?? '',
      workflowId: `retention-s3-versions-${id}`,
      args: [{ retentionMs: 1 }],
    });
    expect(result.files).to.be.at.least(1);
    expect(versionsOf(key)).to.deep.equal([]);
  });
});
