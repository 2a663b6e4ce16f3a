import type { Logger } from 'pino';
import type { Db } from '../../db/connection';
import {
  forgetSttProviderCopy,
  noteSttCopyDeletionFailed,
  sttProviderCopiesOwed,
} from '../../db/queries/sttProviderCopies';
import type { SpeechToText } from './transcript';

// What a speech-to-text provider keeps of a recording is deleted there once the service has its answer
// (issue 51 §2; docs/security.md, "Speech-to-text providers"). AssemblyAI keeps the upload and the
// transcript until `DELETE /v2/transcript/{id}`; the job's row in stt_provider_copies is the promise.

/**
 * Deletes job `jobId` at the provider and forgets the row. A failure never fails the recording (its answer is
 * kept): it is counted on the row, logged, and tried again by the `stt-provider-copies` sweep.
 */
export async function discardProviderCopy(
  stt: SpeechToText,
  db: Db,
  logger: Logger,
  jobId: string,
  signal?: AbortSignal,
): Promise<boolean> {
  if (!stt.discard) return true;
  try {
    await stt.discard(jobId, signal);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    logger.warn(
      { provider: stt.provider, jobId, err: reason },
      'could not delete the provider copy; the sweep retries',
    );
    await noteSttCopyDeletionFailed(db, stt.provider, jobId, reason);
    return false;
  }
  await forgetSttProviderCopy(db, stt.provider, jobId);
  return true;
}

/** How long a copy may wait for its worker's own deletion before the sweep takes it over. */
export const PROVIDER_COPY_GRACE_MS = 10 * 60_000;

/**
 * The sweep: deletes the copies still owed (their worker died, or the provider failed) created before `now`
 * less the grace, a batch at a time; returns how many were deleted.
 */
export async function sweepProviderCopies(
  stt: SpeechToText,
  db: Db,
  logger: Logger,
  now: Date,
  batch = 100,
  onBatch: () => void = () => undefined,
): Promise<number> {
  if (!stt.discard) return 0;
  const before = new Date(now.getTime() - PROVIDER_COPY_GRACE_MS);
  let deleted = 0;
  for (;;) {
    const owed = await sttProviderCopiesOwed(db, stt.provider, before, batch);
    let failed = 0;
    for (const copy of owed) {
      if (await discardProviderCopy(stt, db, logger, copy.jobId)) deleted += 1;
      else failed += 1;
    }
    onBatch();
    // A failure waits for the next sweep (the provider is likely down): no page is asked twice in one run.
    if (owed.length < batch || failed > 0) return deleted;
  }
}
