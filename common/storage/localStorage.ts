import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageLimitError, type RecordingStorage } from './recordingStorage';

/** Recording storage in a local directory (the default; an S3-compatible one implements the same interface). */
export function createLocalStorage(rootDir: string): RecordingStorage {
  const root = path.resolve(rootDir);
  const resolve = (key: string): string => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`storage key escapes the storage root: ${key}`);
    return full;
  };

  /**
   * Where writes of `key` keep their temporary files: a folder of its own beside it, so that deleting the key
   * also deletes what a writer killed mid-write left (it may hold the same personal data), without listing the
   * key's folder.
   */
  const partialsOf = (target: string): string => `${target}.partial`;

  /** Writes `key` through a temporary file renamed into place: a reader never sees a partial file. */
  const writeWhole = async (key: string, write: (temp: string) => Promise<void>): Promise<void> => {
    const target = resolve(key);
    const partials = partialsOf(target);
    await fs.mkdir(partials, { recursive: true });
    const temp = path.join(partials, `${randomBytes(6).toString('hex')}.partial`);
    try {
      await write(temp);
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    } finally {
      // Left in place while another writer of the key (or a killed one's leftover) is in it.
      await fs.rmdir(partials).catch(() => undefined);
    }
  };

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
      await writeWhole(key, (temp) => pipeline(body, limit, createWriteStream(temp)));
      return { sizeBytes: size };
    },
    async putFile(key, file, { maxBytes }) {
      const { size } = await fs.stat(file);
      if (size > maxBytes) throw new StorageLimitError(maxBytes);
      await writeWhole(key, (temp) => fs.copyFile(file, temp));
      return { sizeBytes: size };
    },
    async get(key) {
      const full = resolve(key);
      const stat = await fs.stat(full).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      // A MiB a read: a recording is megabytes, and the default 64 KiB costs a system call each.
      return { stream: createReadStream(full, { highWaterMark: 1024 * 1024 }), sizeBytes: stat.size };
    },
    async exists(key) {
      const stat = await fs.stat(resolve(key)).catch(() => undefined);
      return Boolean(stat?.isFile());
    },
    async copyToFile(key, file) {
      try {
        await fs.copyFile(resolve(key), file);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
    async delete(key) {
      const target = resolve(key);
      await fs.rm(target, { force: true });
      await fs.rm(partialsOf(target), { recursive: true, force: true });
    },
  };
}
