import { ActivityFailure, ApplicationFailure, defineQuery, upsertSearchAttributes } from '@temporalio/workflow';
import type { FailureTypes } from '../common/failureTypes';
import type { ProcessingStatus } from '../common/recordingStatus';
import { searchAttributes } from '../common/temporal';

// What both shapes of the recording workflow share: its input and outcome, its query, its patch ids,
// and the search-attribute and failure helpers. workflows/recordingIntake.ts runs new recordings;
// workflows/recordingIntakeStepwise.ts runs the ones started before the folded-steps patch.

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
 * Patch id: folded steps. Each status change is the first write of the activity it precedes, the short
 * database steps run as local activities inside the workflow task that follows the long step before them,
 * and a webhook's first attempt is made from the recording's own run (a delivery child only when it must
 * retry). A recording costs ~5 workflow tasks instead of ~18. Runs started before it stay stepwise.
 */
export const FOLDED_STEPS_PATCH = 'folded-steps';
/** Patch id: recordings go through the media step (probe, 16 kHz rendition, pieces within the provider's limits). */
export const MEDIA_STEP_PATCH = 'media-step';
/** Patch id: the run carries the recording's user as the `UserId` search attribute once resolved. */
export const USER_ID_SEARCH_ATTRIBUTE_PATCH = 'user-id-search-attribute';
/** Patch id: transcript submissions skip speech-to-text (histories from before never take that branch). */
export const TRANSCRIPT_SUBMISSIONS_PATCH = 'transcript-submissions';
/**
 * With a plan that asks for it (a provider labelling speakers per request), each side's first piece
 * is transcribed alone before the rest, which send the speakers it labelled. Runs recorded before
 * this patch scheduled every piece at once.
 */
export const FIRST_PIECE_FIRST_PATCH = 'first-piece-first';
/**
 * Patch id: claim check. The user is resolved to an id only, the analysis is kept on the recording
 * (analyzeAndKeepRecording) rather than returned, and webhook events are written to MySQL by an activity
 * and delivered by id: the person's name, identifier and words never enter this history. Runs started
 * before it keep passing them as they did (their histories hold them already).
 */
export const CLAIM_CHECK_PATCH = 'claim-check';

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
