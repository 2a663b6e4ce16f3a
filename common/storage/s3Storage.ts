import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetBucketVersioningCommand,
  GetObjectCommand,
  ListObjectVersionsCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mediaTypeOfKey } from './mediaTypes';
import { StorageLimitError, type RecordingStorage } from './recordingStorage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Empty for AWS itself. */
  endpoint: string;
  /** Where browsers reach the same server, when it differs from `endpoint` (a container network name); presigned links name it. */
  publicEndpoint?: string;
  /** Both empty: the SDK's default credential chain. */
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  partSize: number;
}

/** S3's limits on a multipart upload: at most 10,000 parts, each at least 5 MiB (but the last) and at most 5 GiB. */
export const S3_MAX_PARTS = 10_000;
const S3_MIN_PART = 5 * 1024 * 1024;
const S3_MAX_PART = 5 * 1024 * 1024 * 1024;

/**
 * The part size of an upload: the configured S3_PART_SIZE, grown (to a whole MiB) when a file of
 * `expectedBytes` would need more than S3_MAX_PARTS of it. A file of unknown size keeps the configured one.
 */
export function partSizeFor(configured: number, expectedBytes: number | undefined): number {
  const floor = Math.max(configured, S3_MIN_PART);
  if (expectedBytes === undefined || expectedBytes <= floor * S3_MAX_PARTS) return floor;
  const mib = 1024 * 1024;
  return Math.min(S3_MAX_PART, Math.ceil(expectedBytes / S3_MAX_PARTS / mib) * mib);
}

/** SigV4 links live at most 7 days, whatever MEDIA_URL_TTL asks for. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
const CREDENTIAL_REFUSALS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'InvalidToken',
  'ExpiredToken',
]);

/** An S3 refusal in words an operator can act on: which bucket, which endpoint, what S3 said. */
export class S3StorageError extends Error {
  constructor(
    public readonly code: string,
    public readonly httpStatus: number | undefined,
    where: string,
    detail: string,
  ) {
    const hint =
      CREDENTIAL_REFUSALS.has(code) || httpStatus === 403
        ? ' (check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY and the bucket policy)'
        : '';
    super(`S3 storage ${where} refused the request: ${code}${httpStatus ? ` ${httpStatus}` : ''}: ${detail}${hint}`);
    this.name = 'S3StorageError';
  }
}

function clientConfig(options: S3StorageOptions, endpoint: string): S3ClientConfig {
  return {
    region: options.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: the SDK's default CRC trailers (aws-chunked bodies) are not
    // understood by every S3-compatible server (GCS interoperability, older MinIO releases).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

const statusOf = (err: unknown): number | undefined =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;

/** Recording storage in an S3-compatible bucket. Objects appear whole (S3 PUT and multipart completion are atomic). */
export function createS3Storage(options: S3StorageOptions): RecordingStorage & { close(): void } {
  const client = new S3Client(clientConfig(options, options.endpoint));
  const presigner =
    options.publicEndpoint && options.publicEndpoint !== options.endpoint
      ? new S3Client(clientConfig(options, options.publicEndpoint))
      : client;
  const where = `bucket "${options.bucket}"${options.endpoint ? ` at ${options.endpoint}` : ''}`;
  const refusal = (err: unknown): Error =>
    // A HEAD answer has no body, so the SDK knows only the status ("Unknown").
    err instanceof S3ServiceException
      ? new S3StorageError(
          err.name === 'Unknown' && statusOf(err) === 403 ? 'Forbidden' : err.name,
          statusOf(err),
          where,
          err.message,
        )
      : (err as Error);

  // A bucket that keeps versions (docs/operations.md suggests it for backups) keeps a replaced or deleted
  // object as a noncurrent version: the silencing's overwrite and every deletion (retention, erasure,
  // offboarding) would leave the unredacted or erased bytes there. Asked once per process; a server without
  // versioning (NotImplemented) keeps none; a refusal to say (AccessDenied) is treated as keeping them.
  let keepsVersions: Promise<boolean> | undefined;
  const bucketKeepsVersions = (): Promise<boolean> =>
    (keepsVersions ??= client.send(new GetBucketVersioningCommand({ Bucket: options.bucket })).then(
      (answer) => answer.Status === 'Enabled' || answer.Status === 'Suspended',
      (err: unknown) => {
        if (err instanceof S3ServiceException && err.name === 'NotImplemented') return false;
        keepsVersions = undefined;
        return true;
      },
    ));

  /** Every version and delete marker of exactly `key` (not of keys it prefixes), newest first. */
  async function versionsOf(key: string): Promise<Array<{ versionId: string; latest: boolean }>> {
    const found: Array<{ versionId: string; latest: boolean }> = [];
    let keyMarker: string | undefined;
    let versionIdMarker: string | undefined;
    for (;;) {
      const page = await client.send(
        new ListObjectVersionsCommand({
          Bucket: options.bucket,
          Prefix: key,
          KeyMarker: keyMarker,
          VersionIdMarker: versionIdMarker,
        }),
      );
      for (const v of [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])])
        if (v.Key === key && v.VersionId) found.push({ versionId: v.VersionId, latest: v.IsLatest === true });
      if (!page.IsTruncated) return found;
      keyMarker = page.NextKeyMarker;
      versionIdMarker = page.NextVersionIdMarker;
      // Past `key` itself the listing only holds keys it prefixes.
      if (keyMarker !== key) return found;
    }
  }

  /** Deletes the versions of `key` that `which` picks, each for good (a DELETE with its versionId). */
  async function deleteVersions(key: string, which: (v: { latest: boolean }) => boolean): Promise<void> {
    for (const v of (await versionsOf(key)).filter(which))
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key, VersionId: v.versionId }));
  }

  return {
    async put(key, body, { maxBytes, expectedBytes }) {
      let size = 0;
      let overLimit = false;
      async function* limited(): AsyncGenerator<Buffer> {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > maxBytes) {
            overLimit = true;
            throw new StorageLimitError(maxBytes);
          }
          yield chunk;
        }
      }
      // Streams part by part (never the whole file in memory); a failed multipart upload is aborted, so no parts linger.
      const upload = new Upload({
        client,
        params: { Bucket: options.bucket, Key: key, Body: Readable.from(limited()), ContentType: mediaTypeOfKey(key) },
        partSize: partSizeFor(options.partSize, expectedBytes),
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        if (overLimit) throw new StorageLimitError(maxBytes);
        throw refusal(err);
      }
      try {
        // What this write replaced (a recording's unsilenced audio) does not stay as a noncurrent version.
        if (await bucketKeepsVersions()) await deleteVersions(key, (v) => !v.latest);
      } catch (err) {
        throw refusal(err);
      }
      return { sizeBytes: size };
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return { stream: res.Body as Readable, sizeBytes: res.ContentLength ?? 0 };
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || statusOf(err) === 404)) return undefined;
        throw refusal(err);
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: key }));
        return true;
      } catch (err) {
        if (statusOf(err) === 404) return false;
        throw refusal(err);
      }
    },
    async delete(key) {
      try {
        // In a bucket that keeps versions a plain DELETE only adds a delete marker: every version goes instead.
        if (await bucketKeepsVersions()) await deleteVersions(key, () => true);
        else await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
      } catch (err) {
        throw refusal(err);
      }
    },
    async playbackUrl(key, ttlMs) {
      const expiresIn = Math.min(MAX_PRESIGN_SECONDS, Math.max(1, Math.ceil(ttlMs / 1000)));
      return getSignedUrl(
        presigner,
        new GetObjectCommand({ Bucket: options.bucket, Key: key, ResponseContentType: mediaTypeOfKey(key) }),
        { expiresIn },
      );
    },
    close() {
      client.destroy();
      if (presigner !== client) presigner.destroy();
    },
  };
}
