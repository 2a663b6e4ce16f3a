import { parentPort } from 'node:worker_threads';
import { redactTranscript, type RedactionOptions } from '../../common/redaction';
import {
  toSubmittedTranscript,
  TranscriptProblems,
  type SubmittedTranscript,
  type Transcript,
} from '../../common/transcript';

// The thread api/commands/transcriptThread.ts starts: parses or redacts one submitted transcript at a time, off
// the API's event loop.

export type TranscriptJob =
  | { id: number; kind: 'parse'; submitted: SubmittedTranscript; repSpeaker?: string }
  | { id: number; kind: 'redact'; transcript: Transcript; options: RedactionOptions };

export type TranscriptAnswer =
  | { id: number; transcript: Transcript }
  /** A redacted transcript as its JSON: it holds a span per value, and text crosses threads far cheaper than objects. */
  | { id: number; json: string }
  /** The transcript is not acceptable: TranscriptProblems, rebuilt on the other side. */
  | { id: number; problems: { message: string; problems: Array<{ field: string; message: string }> } }
  | { id: number; error: string };

function answerTo(job: TranscriptJob): TranscriptAnswer {
  try {
    return job.kind === 'parse'
      ? { id: job.id, transcript: toSubmittedTranscript(job.submitted, job.repSpeaker) }
      : { id: job.id, json: JSON.stringify(redactTranscript(job.transcript, job.options)) };
  } catch (err) {
    if (err instanceof TranscriptProblems)
      return { id: job.id, problems: { message: err.message, problems: err.problems } };
    return { id: job.id, error: err instanceof Error ? err.message : String(err) };
  }
}

parentPort?.on('message', (job: TranscriptJob) => {
  parentPort?.postMessage(answerTo(job));
});
