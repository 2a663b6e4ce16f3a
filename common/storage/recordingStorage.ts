import type { Readable } from 'node:stream';

/**
 * Where recordings are kept when a caller asks the service to store them. Keys are relative paths
 * such as `<companyId>/<recordingId>.mp3`. Implementations write atomically: a reader never sees a
 * partial file, and writing the same key twice leaves one file.
 */
export interface RecordingStorage {
  /** Streams `body` into `key`; rejects with StorageLimitError past `maxBytes` and leaves nothing behind. */
  put(key: string, body: Readable, options: { maxBytes: number }): Promise<{ sizeBytes: number }>;
  /** A stream of the stored bytes, or undefined when the key does not exist. */
  get(key: string): Promise<{ stream: Readable; sizeBytes: number } | undefined>;
  exists(key: string): Promise<boolean>;
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
