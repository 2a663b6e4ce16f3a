import { Transform } from 'node:stream';
import { Context } from '@temporalio/activity';
import { StorageLimitError } from '../common/storage/recordingStorage';

// Long activities tell Temporal they are alive: when a worker dies mid-download or mid-transcription
// the heartbeat stops, the heartbeat timeout fires and another worker takes the attempt over.

/** Heartbeats every `intervalMs` until the returned function is called. */
export function keepAlive(intervalMs: number, details: () => unknown = () => undefined): () => void {
  const context = Context.current();
  context.heartbeat(details());
  const timer = setInterval(() => context.heartbeat(details()), intervalMs);
  return () => clearInterval(timer);
}

/**
 * A pass-through that counts bytes, heartbeats with the count (the SDK throttles heartbeats) and
 * fails with StorageLimitError past `maxBytes`, so an oversized stream stops where it crosses the limit.
 */
export function meter(maxBytes: number): Transform & { bytes(): number } {
  const context = Context.current();
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        callback(new StorageLimitError(maxBytes));
        return;
      }
      context.heartbeat({ bytes });
      callback(null, chunk);
    },
  });
  return Object.assign(stream, { bytes: () => bytes });
}
