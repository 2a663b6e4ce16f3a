import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { expect } from 'chai';
import { StorageLimitError } from '../../common/storage/recordingStorage';
import { createS3Client, createS3Storage } from '../../common/storage/s3Storage';
import { createRoleplayFixture } from '../support/contentFixtures';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import { acceptRecording, CONVERSATION, filesUnder, SAMPLE_AUDIO, startRecordingStack, waitForRecording } from '../support/recordingFixtures';
import { startLoopbackS3, type LoopbackS3 } from '../support/s3Server';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';

// STORAGE_BACKEND=s3 against a real S3-compatible server on loopback (versitygw, SigV4 checked): the
// worker streams the recording into the bucket, the session result links a presigned GET valid for
// MEDIA_URL_TTL, and that link plays the same bytes.

async function objectKeys(s3: LoopbackS3, bucket: string): Promise<string[]> {
  const client = createS3Client(s3.s3(bucket));
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
  } finally {
    client.destroy();
  }
}

describe('recordings: S3-compatible storage', function () {
  this.timeout(90_000);
  let s3: LoopbackS3;
  let bucket: string;

  before(async () => {
    s3 = await startLoopbackS3();
  });
  after(async () => s3.close());
  beforeEach(async () => {
    bucket = `rec-${randomBytes(4).toString('hex')}`;
    await s3.createBucket(bucket);
  });

  it('a stored recording plays back through the presigned link in its session result', async () => {
    const files: FileServer = await startFileServer();
    const stt: SttServer = await startOpenAiSttServer({ segments: CONVERSATION });
    const stack = await startRecordingStack({ ...s3.settings(bucket), STT_PROVIDER: 'openai', STT_BASE_URL: stt.url, MEDIA_URL_TTL: '15m' });
    try {
      const tenant = await createTenant();
      const roleplay = await createRoleplayFixture(tenant.company.id);
      const url = files.serve('/s3/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
      const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: true, roleplayId: roleplay.id });
      const view = await waitForRecording(stack.api, tenant.apiKey, id);
      expect(view.status, view.failureReason ?? '').to.equal('completed');

      expect(await objectKeys(s3, bucket)).to.deep.equal([`${tenant.company.id}/${id}.mp3`]);
      expect(await filesUnder(stack.storageDir), 'nothing in the local directory').to.deep.equal([]);

      const session = await stack.api.request<{ audioUrl?: string | null }>('GET', `/api/roleplay/session/${view.sessionId}`, { apiKey: tenant.apiKey });
      expect(session.status, session.text).to.equal(200);
      const link = new URL(String(session.body.audioUrl));
      expect(link.origin).to.equal(s3.endpoint);
      expect(link.pathname).to.equal(`/${bucket}/${tenant.company.id}/${id}.mp3`);
      expect(link.searchParams.get('X-Amz-Expires')).to.equal('900');
      const played = await fetch(link);
      expect(played.status).to.equal(200);
      expect(Buffer.from(await played.arrayBuffer())).to.deep.equal(SAMPLE_AUDIO);

      // The server checks the signature: a changed link is refused.
      const tampered = new URL(link);
      tampered.searchParams.set('X-Amz-Expires', '86400');
      const refused = await fetch(tampered);
      expect(refused.status).to.equal(403);
      expect(await refused.text()).to.include('SignatureDoesNotMatch');
    } finally {
      await stack.stop();
      await stt.close();
      await files.close();
    }
  });

  it('streams a large file in parts and reads it back; past the limit it leaves nothing', async () => {
    const storage = createS3Storage(s3.s3(bucket));
    const big = randomBytes(19 * 1024 * 1024);
    const chunks = Array.from({ length: 19 }, (_, i) => big.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    expect(await storage.put('c/big.mp3', Readable.from(chunks), { maxBytes: big.length })).to.deep.equal({ sizeBytes: big.length });
    const stored = await storage.get('c/big.mp3');
    expect(stored?.sizeBytes).to.equal(big.length);
    const read: Buffer[] = [];
    for await (const chunk of stored!.stream) read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(big)).to.equal(true);

    let failure: unknown;
    await storage.put('c/too-big.mp3', Readable.from(chunks), { maxBytes: 10 * 1024 * 1024 }).catch((err: unknown) => (failure = err));
    expect(failure).to.be.instanceOf(StorageLimitError);
    expect(await storage.exists('c/too-big.mp3')).to.equal(false);
    expect(await objectKeys(s3, bucket)).to.deep.equal(['c/big.mp3']);

    expect(await storage.get('c/missing.mp3')).to.equal(undefined);
    await storage.delete('c/big.mp3');
    expect(await storage.exists('c/big.mp3')).to.equal(false);
  });

  it('refuses wrong credentials', async () => {
    const storage = createS3Storage({ ...s3.s3(bucket), S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    let failure: unknown;
    await storage.get('c/any.mp3').catch((err: unknown) => (failure = err));
    expect((failure as Error | undefined)?.name).to.equal('SignatureDoesNotMatch');
  });
});
