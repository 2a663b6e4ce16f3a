import { Context } from '@temporalio/activity';
import {
  findExpiredRecordingIds,
  lockExpiringRecording,
  markRecordingMediaDeleted,
} from '../db/queries/recordingRetention';
import { listPieceRefs } from '../db/queries/recordingChunks';
import { deleteStoredPieces } from './media/storedPieces';
import type { ActivityDeps } from './deps';

// The retention cleanup's two steps (workflows/recordingRetention.ts): which recordings are due, and
// deleting one batch of them. Each recording is done in its own transaction, so a crash leaves every
// recording either untouched or finished; a batch run again deletes nothing twice and does not fail
// on a file that is already gone.

/** What a cleanup removed; the workflow adds the batches up and returns the sum. */
export interface RetentionReport {
  /** Recordings whose media and transcripts are now deleted (media_deleted_at set by this cleanup). */
  recordings: number;
  /** Stored files deleted (a recording stored with storeRecording: true whose file still existed). */
  files: number;
  /** Recordings that held a transcript (speech-to-text's or the caller's submitted one). */
  transcripts: number;
  /** Pieces of audio whose speech-to-text answers were deleted (recording_chunks). */
  pieces: number;
  /** Session snippets deleted (the conversation as the session result showed it). */
  snippets: number;
}

export const emptyRetentionReport = (): RetentionReport => ({
  recordings: 0,
  files: 0,
  transcripts: 0,
  pieces: 0,
  snippets: 0,
});

export function createRecordingRetentionActivities({ db, storage, logger }: ActivityDeps) {
  return {
    /** Up to `limit` finished recordings created before `cutoff` (ISO 8601) whose media are not deleted yet, oldest first. */
    async findExpiredRecordings(cutoff: string, limit: number): Promise<string[]> {
      return findExpiredRecordingIds(db, new Date(cutoff), limit);
    },

    /**
     * Deletes the stored file (local directory or bucket), any pieces of it still stored and the transcripts of each recording, then
     * stamps media_deleted_at, all while the row is locked. A recording that is no longer due (done by an
     * earlier attempt, or reopened by a retry) is skipped.
     */
    async purgeRecordingMedia(recordingIds: string[]): Promise<RetentionReport> {
      const report = emptyRetentionReport();
      for (const id of recordingIds) {
        Context.current().heartbeat({ id });
        await db.transaction(async (trx) => {
          const due = await lockExpiringRecording(trx, id);
          if (!due) return;
          if (due.storageKey && (await storage.exists(due.storageKey))) {
            await storage.delete(due.storageKey);
            report.files += 1;
          }
          // Pieces a run left in the store (its end never came: terminated, or a worker of an older build ended it).
          await deleteStoredPieces(storage, await listPieceRefs(trx, [id]));
          const removed = await markRecordingMediaDeleted(trx, id);
          report.recordings += 1;
          report.transcripts += removed.transcript ? 1 : 0;
          report.pieces += removed.pieces;
          report.snippets += removed.snippets;
        });
      }
      if (report.recordings > 0) logger.info({ ...report }, 'retention deleted recording media');
      return report;
    },
  };
}
