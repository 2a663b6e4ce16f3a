import type { Knex } from 'knex';
import type { RecordingStorage } from '../../common/storage/recordingStorage';
import { endExport, expiredExports } from '../../db/queries/companyExports';

// Company exports' archives are kept for EXPORT_RETENTION after they are written (the row's expires_at,
// set then): past it the archive is deleted from the recording store and the export reads `expired`. The
// `export-archives` entry of the retention sweep (activities/sweeps.ts) runs this; a sweep repeated deletes
// nothing twice that matters (deleting a missing key is a no-op), and the API already answers `expired` past
// expires_at.

const BATCH = 100;

/** Deletes the archives past their retention at `now` and marks their exports expired; answers how many. */
export async function sweepExpiredExports(db: Knex, storage: RecordingStorage, now: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await expiredExports(db, now, BATCH);
    for (const row of rows) {
      // The file first: a row marked expired never points at an archive left behind.
      if (row.archiveKey) await storage.delete(row.archiveKey);
      await endExport(db, row.id, 'expired', now);
    }
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}
