import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Dispatcher } from 'undici';
import type { RecordingStorage } from '../../common/storage/recordingStorage';
import { StorageLimitError } from '../../common/storage/recordingStorage';
import type { RecordingRow } from '../../db/queries/recordings';
import { FailureTypes, permanent } from '../failures';
import { meter } from '../progress';
import { discard, openRecordingSource } from '../recordingSource';
import { requireSourceUrl } from '../requireRecording';

// The original recording as a scratch file ffmpeg can read (and seek in): the stored file through
// the storage interface, or for storeRecording=false the caller's URL through the outbound-safe
// source (ffmpeg is never handed a URL). Streamed, never held in memory.

export async function copyOriginal(
  recording: RecordingRow,
  dir: string,
  deps: { storage: RecordingStorage; outbound: Dispatcher; maxBytes: number; signal: AbortSignal },
): Promise<string> {
  const counter = meter(deps.maxBytes);
  if (recording.storageKey) {
    const stored = await deps.storage.get(recording.storageKey);
    if (!stored) throw permanent(FailureTypes.InvalidState, 'The stored recording file is missing');
    const file = path.join(dir, `original${path.posix.extname(recording.storageKey)}`);
    await pipeline(stored.stream, counter, fs.createWriteStream(file), { signal: deps.signal });
    return file;
  }
  const source = await openRecordingSource(requireSourceUrl(recording), deps.outbound, { maxBytes: deps.maxBytes, signal: deps.signal });
  const file = path.join(dir, `original.${source.extension}`);
  try {
    await pipeline(source.stream, counter, fs.createWriteStream(file), { signal: deps.signal });
  } catch (err) {
    discard(source.stream);
    if (err instanceof StorageLimitError) throw permanent(FailureTypes.TooLarge, `The recording is larger than the ${deps.maxBytes}-byte limit`);
    throw err;
  }
  return file;
}
