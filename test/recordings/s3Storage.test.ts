import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../common/config';
import { StorageLimitError } from '../../common/storage/recordingStorage';
import { createS3Storage, S3StorageError, type S3StorageOptions } from '../../common/storage/s3Storage';
import { createRoleplayFixture } from '../support/contentFixtures';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import {
  acceptRecording,
  CONVERSATION,
  filesUnder,
  SAMPLE_AUDIO,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from '../support/s3Server';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';

// STORAGE_BACKEND=s3 against a real S3-compatible server on loopback that checks SigV4 signatures.

const MiB = 1024 * 1024;
const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('recordings: S3-compatible storage', function () {
  this.timeout(90_000);
  let s3: S3TestServer;
  let options: S3StorageOptions;
  let inspector: S3Client;

  before(async () => {
    s3 = await startS3Server();
    options = {
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.url,
      forcePathStyle: true,
      partSize: 5 * MiB,
      ...S3_TEST_CREDENTIALS,
    };
    inspector = new S3Client({
      region: 'us-east-1',
      endpoint: s3.url,
      forcePathStyle: true,
      credentials: S3_TEST_CREDENTIALS,
    });
  });
  after(async () => {
    inspector.destroy();
    await s3.close();
  });

  const keysInBucket = async (prefix: string): Promise<string[]> =>
    ((await inspector.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []).map(
      (o) => o.Key as string,
    );

  describe('a recording stored in the bucket', () => {
    let files: FileServer;
    let stt: SttServer;
    let stack: RecordingStack;
    before(async () => {
      files = await startFileServer();
      stt = await startOpenAiSttServer({ segments: CONVERSATION });
      stack = await startRecordingStack({ ...s3.config, STT_PROVIDER: 'openai', STT_BASE_URL: stt.url });
    });
    after(async () => {
      await stack.stop();
      await stt.close();
      await files.close();
    });

    it('plays back through the presigned GET link in its session result; the local directory stays empty', async () => {
      const tenant = await createTenant();
      const roleplay = await createRoleplayFixture(tenant.company.id);
      const url = files.serve('/s3/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
      const id = await acceptRecording(stack.api, tenant.apiKey, {
        recordingPresignedUrl: url,
        storeRecording: true,
        roleplayId: roleplay.id,
      });
      const view = await waitForRecording(stack.api, tenant.apiKey, id);
      expect(view.status).to.equal('completed');

      expect(await keysInBucket(tenant.company.id)).to.deep.equal([`${tenant.company.id}/${id}.mp3`]);
      expect(await filesUnder(stack.storageDir)).to.deep.equal([]);

      const session = await stack.api.request<{ audioUrl?: string }>('GET', `/api/roleplay/session/${view.sessionId}`, {
        apiKey: tenant.apiKey,
      });
      expect(session.status).to.equal(200);
      const link = new URL(session.body.audioUrl as string);
      expect(link.origin + link.pathname).to.equal(`${s3.url}/${s3.bucket}/${tenant.company.id}/${id}.mp3`);
      expect(link.searchParams.get('X-Amz-Expires')).to.equal('900'); // MEDIA_URL_TTL's default, 15m
      expect(link.searchParams.get('X-Amz-Algorithm')).to.equal('AWS4-HMAC-SHA256');

      const played = await fetch(link);
      expect(played.status).to.equal(200);
      expect(played.headers.get('content-type')).to.equal('audio/mpeg');
      expect(Buffer.from(await played.arrayBuffer())).to.deep.equal(SAMPLE_AUDIO);

      // The server checks the signature: an edited link is refused.
      const edited = new URL(link);
      edited.searchParams.set('X-Amz-Expires', '3600');
      expect((await fetch(edited)).status).to.equal(403);
    });
  });

  it('a file larger than the part size goes up as a streamed multipart upload and reads back byte for byte', async () => {
    const storage = createS3Storage(options);
    const body = randomBytes(11 * MiB + 123);
    const key = `multipart/${randomBytes(4).toString('hex')}.wav`;
    // Fed in 64 KiB pieces, as a download arrives.
    const pieces = Array.from({ length: Math.ceil(body.length / (64 * 1024)) }, (_, i) =>
      body.subarray(i * 64 * 1024, (i + 1) * 64 * 1024),
    );
    const seen = s3.requests.length;
    expect(await storage.put(key, Readable.from(pieces), { maxBytes: 20 * MiB })).to.deep.equal({
      sizeBytes: body.length,
    });

    // What the server received: create, three parts (5 + 5 + 1 MiB), complete; never one whole-file PUT.
    // (The store asks once whether the bucket keeps versions: not part of the upload.)
    const upload = s3.requests
      .slice(seen)
      .filter((r) => !r.queryKeys.includes('versioning'))
      .map(
        (r) =>
          `${r.method} ${r.queryKeys
            .filter((k) => !k.startsWith('x-id'))
            .sort()
            .join('&')} ${r.status}`,
      );
    expect(upload.sort()).to.deep.equal([
      'POST uploadId 200',
      'POST uploads 200',
      'PUT partNumber&uploadId 200',
      'PUT partNumber&uploadId 200',
      'PUT partNumber&uploadId 200',
    ]);
    const head = await inspector.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentType).to.equal('audio/wav');
    const read = await storage.get(key);
    expect(read?.sizeBytes).to.equal(body.length);
    expect(sha256(await readAll(read!.stream))).to.equal(sha256(body));
    expect(await storage.exists(key)).to.equal(true);
    await storage.delete(key);
    expect(await storage.exists(key)).to.equal(false);
    expect(await storage.get(key)).to.equal(undefined);
    storage.close();
  });

  it('a file past maxBytes is refused with StorageLimitError and leaves no object behind', async () => {
    const storage = createS3Storage(options);
    const key = `limit/${randomBytes(4).toString('hex')}.mp3`;
    const err = await storage
      .put(key, Readable.from([randomBytes(6 * MiB), randomBytes(1 * MiB)]), { maxBytes: 6 * MiB })
      .catch((e: unknown) => e);
    expect(err).to.be.instanceOf(StorageLimitError);
    expect(await keysInBucket('limit/')).to.deep.equal([]);
    storage.close();
  });

  it('bad credentials fail with an error naming the bucket, what S3 said and which settings to check', async () => {
    const wrongSecret = createS3Storage({ ...options, secretAccessKey: 'not-the-secret' });
    const err = await wrongSecret
      .put('x/y.mp3', Readable.from([Buffer.from('abc')]), { maxBytes: 100 })
      .catch((e: unknown) => e);
    expect(err).to.be.instanceOf(S3StorageError);
    const where = `bucket "${s3.bucket}" at ${s3.url}`.replace(/[./]/g, (c) => `\\${c}`);
    expect((err as Error).message).to.match(
      new RegExp(
        `^S3 storage ${where} refused the request: SignatureDoesNotMatch 403: .+ \\(check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY and the bucket policy\\)$`,
      ),
    );
    const unknownKey = createS3Storage({ ...options, accessKeyId: 'NOBODY' });
    const err2 = await unknownKey.get('x/y.mp3').catch((e: unknown) => e);
    expect((err2 as S3StorageError).code).to.equal('InvalidAccessKeyId');
    const err3 = await unknownKey.exists('x/y.mp3').catch((e: unknown) => e);
    expect((err3 as Error).message).to.match(/refused the request: Forbidden 403: .*check S3_ACCESS_KEY_ID/);
    // A link presigned with the wrong secret does not play.
    expect((await fetch(await wrongSecret.playbackUrl!('x/y.mp3', 60_000))).status).to.equal(403);
    expect(await keysInBucket('x/')).to.deep.equal([]);
    wrongSecret.close();
    unknownKey.close();
  });

  it('STORAGE_BACKEND=s3 needs a bucket, and both credential halves or neither', () => {
    expect(() => loadConfig({ STORAGE_BACKEND: 's3' })).to.throw(
      ConfigError,
      'S3_BUCKET="": must name a bucket when STORAGE_BACKEND=s3',
    );
    expect(() => loadConfig({ STORAGE_BACKEND: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).to.throw(
      ConfigError,
      'set both or neither',
    );
    expect(() => loadConfig({ STORAGE_BACKEND: 'gcs' })).to.throw(
      ConfigError,
      'STORAGE_BACKEND="gcs": must be one of "local", "s3"',
    );
    expect(loadConfig({}).STORAGE_BACKEND).to.equal('local');
  });
});
