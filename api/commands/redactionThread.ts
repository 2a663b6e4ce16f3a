import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { redactTranscript, type RedactionOptions } from '../../common/redaction';
import type { Transcript } from '../../common/transcript';
import type { RedactionAnswer, RedactionJob } from './redactionWorker';

// A submitted transcript with `redactPii` is redacted before it is saved (api/commands/recordings.ts). The rules
// are linear, but a 1 MB transcript is still a second or two of CPU (a list of digits is their worst case):
// on the event loop it would hold every other company's requests that long (issue 49). So all but a small
// transcript go to one thread of this API process, started on first use and kept (unref'd: it never holds the
// process open). Jobs queue there one at a time; the event loop only copies the transcript in and out.

/** Characters of text below which redaction costs well under a millisecond or two: done in place. */
const IN_PLACE_CHARS = 4_000;
/** The thread's heap: a 1 MB transcript's redaction peaks near 100 MB; a fault ends the job, not the API. */
const THREAD_HEAP_MB = 256;

let thread: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (t: Transcript) => void; reject: (err: Error) => void }>();

function start(): Worker {
  const file = path.join(__dirname, `redactionWorker${path.extname(__filename)}`);
  // From TypeScript (tests, `npm run dev`), the thread registers tsx's CommonJS hook first, as its parent did.
  const worker = file.endsWith('.ts')
    ? new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(file)});`, {
        eval: true,
        resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
      })
    : new Worker(file, { resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
  worker.unref();
  worker.on('message', (answer: RedactionAnswer) => {
    const job = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('error' in answer) job?.reject(new Error(`redaction failed: ${answer.error}`));
    else job?.resolve(answer.transcript);
  });
  const fail = (err: Error): void => {
    // The thread is gone (out of its heap, or a fault): its jobs fail, the next job starts a new one.
    if (thread === worker) thread = undefined;
    for (const job of waiting.values()) job.reject(err);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the redaction thread exited (${code})`)));
  return worker;
}

const textSize = (t: Transcript): number => t.segments.reduce((n, s) => n + s.text.length, 0);

/** `transcript` redacted (common/redaction), on the redaction thread unless it is small. */
export async function redactSubmittedTranscript(
  transcript: Transcript,
  options: RedactionOptions,
): Promise<Transcript> {
  if (textSize(transcript) < IN_PLACE_CHARS) return redactTranscript(transcript, options);
  thread ??= start();
  const id = (nextId += 1);
  const job: RedactionJob = { id, transcript, options };
  return new Promise<Transcript>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    thread?.ref();
    thread?.postMessage(job);
  }).finally(() => {
    if (waiting.size === 0) thread?.unref();
  });
}
