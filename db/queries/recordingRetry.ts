import type { Db } from '../connection';

// A retry of a failed recording: its row goes back to `accepted` (what a fresh workflow run expects to
// find), and back to `failed` with its old reason when the new run could not be started.
// What earlier runs kept durably stays: the stored file, the transcript and the user (README, Recordings).

/** `failed` → `accepted`; false when the recording was not failed (a concurrent retry got there first). */
export async function reopenFailedRecording(db: Db, companyId: string, id: string): Promise<boolean> {
  const changed = await db('recordings')
    .where({ company_id: companyId, id, status: 'failed' })
    .update({ status: 'accepted', failure_reason: null, result: null, completed_at: null, updated_at: db.fn.now(3) });
  return changed > 0;
}

/** Undoes `reopenFailedRecording` when no new run started (only while the row is still as it left it). */
export async function restoreFailedRecording(db: Db, companyId: string, id: string, reason: string | null): Promise<void> {
  await db('recordings')
    .where({ company_id: companyId, id, status: 'accepted' })
    .update({ status: 'failed', failure_reason: reason, updated_at: db.fn.now(3) });
}
