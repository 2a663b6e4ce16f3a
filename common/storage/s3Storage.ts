import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { StorageLimitError, type RecordingStorage } from './recordingStorage';

export type S3Settings = Pick<Config, 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;

/** 8 MiB parts: above S3's 5 MiB minimum, and at most a few parts in memory per upload. */
const PART_SIZE = 8 * 1024 * 1024;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.S3_REGION,
    ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    ...(settings.S3_ACCESS_KEY_ID ? { credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY } } : {}),
    // The SDK's default (a CRC32 trailer in aws-chunked bodies) is AWS-only; GCS's interoperability API and
    // many S3-compatible servers refuse or mis-store such bodies. Checksums only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (err: unknown): boolean =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Recording storage in an S3-compatible bucket. Uploads stream in parts (multipart past one part), so a
 * large recording never sits in memory whole; an object only appears once its upload completes, and an
 * upload stopped by the size limit is aborted, leaving nothing.
 */
export function createS3Storage(settings: S3Settings, client: S3Client = createS3Client(settings)): RecordingStorage {
  const Bucket = settings.S3_BUCKET;
  return {
    async put(key, body: Readable, { maxBytes }) {
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _enc, callback) {
          size += chunk.length;
          if (size > maxBytes) callback(new StorageLimitError(maxBytes));
          else callback(null, chunk);
        },
      });
      const counted = new PassThrough();
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: counted }, partSize: PART_SIZE, queueSize: 2, leavePartsOnError: false });
      const uploaded = upload.done();
      try {
        await pipeline(body, limit, counted);
      } catch (err) {
        await upload.abort().catch(() => undefined);
        await uploaded.catch(() => undefined);
        throw err;
      }
      await uploaded;
      return { sizeBytes: size };
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { stream: object.Body as Readable, sizeBytes: object.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async presignedGetUrl(key, expiresInSeconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: expiresInSeconds });
    },
  };
}
