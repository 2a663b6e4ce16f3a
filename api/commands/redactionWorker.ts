import { parentPort } from 'node:worker_threads';
import { redactTranscript, type RedactionOptions } from '../../common/redaction';
import type { Transcript } from '../../common/transcript';

// The thread api/commands/redactionThread.ts starts: redacts one submitted transcript at a time, off the API's
// event loop.

export interface RedactionJob {
  id: number;
  transcript: Transcript;
  options: RedactionOptions;
}

export type RedactionAnswer = { id: number; transcript: Transcript } | { id: number; error: string };

parentPort?.on('message', (job: RedactionJob) => {
  let answer: RedactionAnswer;
  try {
    answer = { id: job.id, transcript: redactTranscript(job.transcript, job.options) };
  } catch (err) {
    answer = { id: job.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(answer);
});
