import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { redactTranscript, type RedactionOptions } from '../../common/redaction';
import {
  toSubmittedTranscript,
  TranscriptProblems,
  type SubmittedTranscript,
  type Transcript,
} from '../../common/transcript';
import { JsonText } from '../../db/connection';
import type { TranscriptAnswer, TranscriptJob } from './transcriptWorker';

// A submitted transcript is parsed (WebVTT) when the request arrives and, with `redactPii`, redacted before it is
// saved (api/commands/recordings.ts). Both are linear, but a 1 MB transcript is still a few hundred ms of parsing
// and a second or two of redaction (a list of digits is its worst case): on the event loop it would hold every
// other company's requests that long (issues 49 and 54). So all but a small transcript go to one thread of this
// API process, started on first use and kept (unref'd: it never holds the process open). Jobs queue there one at
// a time; the event loop only copies the transcript in and out.

/** Characters of text below which parsing or redaction costs well under a millisecond or two: done in place. */
const IN_PLACE_CHARS = 4_000;
/** The thread's heap: a 1 MB transcript's redaction peaks near 200 MB; a fault ends the job, not the API. */
const THREAD_HEAP_MB = 256;

/** A job as its caller gives it (each kind without the id the queue adds). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Job = WithoutId<TranscriptJob>;

let thread: Worker | undefined;
let nextId = 0;
type Answer = Transcript | JsonText;
const waiting = new Map<number, { resolve: (t: Answer) => void; reject: (err: Error) => void }>();

function start(): Worker {
  const file = path.join(__dirname, `transcriptWorker${path.extname(__filename)}`);
  // From TypeScript (tests, `npm run dev`), the thread registers tsx's CommonJS hook first, as its parent did.
  const worker = file.endsWith('.ts')
    ? new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(file)});`, {
        eval: true,
        resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
      })
    : new Worker(file, { resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
  worker.unref();
  worker.on('message', (answer: TranscriptAnswer) => {
    const job = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('problems' in answer) job?.reject(new TranscriptProblems(answer.problems.message, answer.problems.problems));
    else if ('error' in answer) job?.reject(new Error(`transcript job failed: ${answer.error}`));
    else job?.resolve('json' in answer ? new JsonText(answer.json) : answer.transcript);
  });
  const fail = (err: Error): void => {
    // The thread is gone (out of its heap, or a fault): its jobs fail, the next job starts a new one.
    if (thread === worker) thread = undefined;
    for (const job of waiting.values()) job.reject(err);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the transcript thread exited (${code})`)));
  return worker;
}

function onThread(job: Job): Promise<Answer> {
  thread ??= start();
  const id = (nextId += 1);
  return new Promise<Answer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    thread?.ref();
    thread?.postMessage({ ...job, id });
  }).finally(() => {
    if (waiting.size === 0) thread?.unref();
  });
}

const textSize = (t: Transcript): number => t.segments.reduce((n, s) => n + s.text.length, 0);

/**
 * The submitted transcript as a Transcript (common/transcript.ts; TranscriptProblems names what is wrong): WebVTT
 * text on the thread unless it is small. Segments are already parsed JSON; turning them into a Transcript is a
 * map and a sort, done here.
 */
export async function parseSubmittedTranscript(
  submitted: SubmittedTranscript,
  repSpeaker: string | undefined,
): Promise<Transcript> {
  if (typeof submitted !== 'string' || submitted.length < IN_PLACE_CHARS)
    return toSubmittedTranscript(submitted, repSpeaker);
  return (await onThread({
    kind: 'parse',
    submitted,
    ...(repSpeaker !== undefined ? { repSpeaker } : {}),
  })) as Transcript;
}

/**
 * `transcript` redacted (common/redaction), on the thread unless it is small: then as its JSON text, which is
 * what is stored (a megabyte of "[SSN] [SSN] …" is 166,000 spans: copied back as objects and stringified here,
 * they held the event loop for half a second).
 */
export async function redactSubmittedTranscript(
  transcript: Transcript,
  options: RedactionOptions,
): Promise<Transcript | JsonText> {
  if (textSize(transcript) < IN_PLACE_CHARS) return redactTranscript(transcript, options);
  return onThread({ kind: 'redact', transcript, options });
}
