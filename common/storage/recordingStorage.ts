import type { Readable } from 'node:stream';

/**
 * Where recordings are kept when a caller asks the service to store them. Keys are relative paths
 * such as `<companyId>/<recordingId>.mp3`. Implementations write atomically: a reader never sees a
 * partial file, and writing the same key twice leaves one file.
 */
export interface RecordingStorage {
  /**
   * Streams `body` into `key`; rejects with StorageLimitError past `maxBytes` and leaves nothing behind.
   * `expectedBytes`, when the caller knows about how large the file will be (an export's archive), lets S3
   * choose parts large enough that the upload fits its 10,000 parts.
   */
  put(
    key: string,
    body: Readable,
    options: { maxBytes: number; expectedBytes?: number },
  ): Promise<{ sizeBytes: number }>;
  /** A stream of the stored bytes, or undefined when the key does not exist. */
  get(key: string): Promise<{ stream: Readable; sizeBytes: number } | undefined>;
  exists(key: string): Promise<boolean>;
  /**
   * Copies the stored file to a local path without its bytes passing through JavaScript (a directory: the
   * kernel's copy); false when the key does not exist. Absent when the backend has no such copy (S3): the
   * caller streams get() into the file.
   */
  copyToFile?(key: string, file: string): Promise<boolean>;
  /** The reverse: stores a whole local file under `key`, as put() would, by the kernel's copy. Absent on S3. */
  putFile?(key: string, file: string, options: { maxBytes: number }): Promise<{ sizeBytes: number }>;
  delete(key: string): Promise<void>;
  /**
   * A link a browser can fetch the stored file from directly, valid for `ttlMs` (an S3 presigned GET).
   * Absent when the backend has none; the API then signs a link to its own /media route.
   */
  playbackUrl?(key: string, ttlMs: number): Promise<string>;
}

export class StorageLimitError extends Error {
  constructor(public readonly maxBytes: number) {
    super(`the file is larger than the ${maxBytes}-byte limit`);
    this.name = 'StorageLimitError';
  }
}
