import type { Db } from '../connection';

// A retry of a failed recording: its row goes back to `accepted` (what a fresh workflow run expects to
// find), and back to `failed` with its old reason when the new run could not be started.
// What earlier runs kept durably stays: the stored file, the transcript and the user (docs/recordings.md);
// an analysis the failed run kept but never saved does not.

/** `failed` → `accepted`; false when the recording was not failed (a concurrent retry got there first). */
export async function reopenFailedRecording(db: Db, companyId: string, id: string): Promise<boolean> {
  const changed = await db('recordings')
    .where({ company_id: companyId, id, status: 'failed' })
    // Not once retention deleted its media (the cleanup marks the row under a lock; see recordingRetention.ts).
    .whereNull('media_deleted_at')
    // An analysis kept by the failed run is not reused: the retry analyses again (the scorecard may have changed).
    .update({ status: 'accepted', failure_reason: null, pending_analysis: null, updated_at: db.fn.now(3) });
  return changed > 0;
}

/**
 * Undoes `reopenFailedRecording` when no new run started, to exactly what it was (a refused retry
 * changes nothing), and only while the row is still as it left it.
 */
export async function restoreFailedRecording(
  db: Db,
  companyId: string,
  id: string,
  was: { failureReason: string | null; updatedAt: Date },
): Promise<void> {
  await db('recordings')
    .where({ company_id: companyId, id, status: 'accepted' })
    .update({ status: 'failed', failure_reason: was.failureReason, updated_at: was.updatedAt });
}
