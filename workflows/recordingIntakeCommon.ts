import { ActivityFailure, ApplicationFailure, defineQuery, upsertSearchAttributes } from '@temporalio/workflow';
import type { FailureTypes } from '../common/failureTypes';
import type { ProcessingStatus } from '../common/recordingStatus';
import { searchAttributes } from '../common/temporal';

// The recording workflow's input and outcome, its query, its patch ids, and the search-attribute and
// failure helpers (workflows/recordingIntake.ts).

export interface RecordingProgress {
  step: string;
  /** Pieces of audio transcribed so far and in all; 0/0 before the media step planned them. */
  piecesDone: number;
  piecesTotal: number;
}

/** `temporal workflow query --workflow-id recording-<id> --type status` */
export const recordingStatusQuery = defineQuery<RecordingProgress>('status');

export interface RecordingIntakeInput {
  recordingId: string;
  companyId: string;
  storeRecording: boolean;
  /** The caller submitted a transcript instead of audio: nothing to fetch or transcribe. */
  transcriptSubmitted?: boolean;
}

export type RecordingIntakeOutcome =
  | { status: 'completed'; sessionId: string | null }
  | { status: 'failed'; reason: string }
  /** The API withdrew the recording (its start was not confirmed): nothing to do, nobody to tell. */
  | { status: 'withdrawn' };

/**
 * Patch id: a stored recording with `redactPii` has its file in the store replaced, once the transcript is
 * known, by one silent where something was redacted (silenceRedactedAudio). Runs before never silence.
 */
export const REDACTED_AUDIO_PATCH = 'redacted-audio';

export const WITHDRAWN: (typeof FailureTypes)['RecordingNotFound'] = 'RecordingNotFound';

export function setStatusAttribute(status: ProcessingStatus | 'completed' | 'failed'): void {
  upsertSearchAttributes([{ key: searchAttributes.RecordingStatus, value: status }]);
}

/**
 * Transcribes a plan's pieces: when `firstAlone()` (asked only for a plan of several pieces) each side's first
 * piece goes alone before the rest, then the rest in `concurrency` lanes.
 */
export async function transcribePieces<P extends { index: number }>(
  pieces: P[],
  concurrency: number,
  firstAlone: () => boolean,
  transcribe: (piece: P) => Promise<void>,
): Promise<void> {
  let queue = [...pieces];
  if (queue.length > 1 && firstAlone()) {
    await Promise.all(queue.filter((p) => p.index === 0).map(transcribe));
    queue = queue.filter((p) => p.index !== 0);
  }
  const lane = async (): Promise<void> => {
    for (let piece = queue.shift(); piece; piece = queue.shift()) await transcribe(piece);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, lane));
}

export function failureType(err: unknown): string | undefined {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof ApplicationFailure ? (cause.type ?? undefined) : undefined;
}
