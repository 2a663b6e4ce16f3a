import { ApplicationFailure } from '@temporalio/common';
import { nowOn } from '../../common/clock';
import { durationMs } from '../../common/config';
import type { RecordingStorage } from '../../common/storage/recordingStorage';
import type { ExportCompletedData, ExportFailedData } from '../../common/webhookEvents';
import type { Db } from '../../db/connection';
import {
  completeExport,
  endExport,
  failExport,
  getExportById,
  mediaGoneReason,
  unexpiredExports,
} from '../../db/queries/companyExports';
import type { ActivityDeps } from '../deps';
import { writeArchive } from './archive';
import { createExportPageActivities, type KindWritten } from './pages';
import { archiveKey, deleteParts } from './storeKeys';

// The steps of a company export (workflows/companyExport.ts) besides its pages: the archive, the end
// (completed or failed, with the event's data), and withdrawing a company's archives (a person's erasure).

export type ExportEnd =
  | { status: 'completed'; data: ExportCompletedData }
  | { status: 'failed'; data: ExportFailedData }
  | { status: 'withdrawn' };

const notFound = (exportId: string) =>
  ApplicationFailure.nonRetryable(`export ${exportId} has no row`, 'ExportNotFound');

async function deleteAllParts(storage: RecordingStorage, companyId: string, exportId: string, kinds: string[]) {
  for (const kind of kinds) await deleteParts(storage, companyId, exportId, kind);
}

/**
 * Deletes the archive of every export of the company that has one or may still write one, and marks them
 * `withdrawn`; a running export's workflow finds its row withdrawn at its end and deletes what it wrote.
 */
export async function withdrawCompanyExports(
  db: Db,
  storage: RecordingStorage,
  companyId: string,
  now: Date,
): Promise<number> {
  const rows = await unexpiredExports(db, companyId);
  for (const row of rows) {
    if (row.archiveKey) await storage.delete(row.archiveKey);
    await endExport(db, row.id, 'withdrawn', now);
  }
  return rows.length;
}

export function createCompanyExportActivities(deps: ActivityDeps) {
  const { db, storage, config } = deps;
  return {
    ...createExportPageActivities(deps),

    /** Streams the parts into the one archive; answers its key and size. */
    async assembleCompanyExport(
      exportId: string,
      kinds: KindWritten[],
    ): Promise<{ archiveKey: string; sizeBytes: number }> {
      const row = await getExportById(db, exportId);
      if (!row) throw notFound(exportId);
      const key = archiveKey(row.companyId, exportId);
      const goneReason = (recordingId: string) => mediaGoneReason(db, row.companyId, recordingId);
      return { archiveKey: key, sizeBytes: await writeArchive(storage, row, kinds, key, goneReason) };
    },

    /** Running → completed (EXPORT_RETENTION from now); an export withdrawn meanwhile loses its archive. */
    async finishCompanyExport(
      exportId: string,
      archive: { archiveKey: string; sizeBytes: number },
      kinds: string[],
    ): Promise<ExportEnd> {
      const row = await getExportById(db, exportId);
      if (!row) throw notFound(exportId);
      const completedAt = row.completedAt ?? nowOn(deps);
      const expiresAt = row.expiresAt ?? new Date(completedAt.getTime() + durationMs(config.EXPORT_RETENTION));
      const done =
        row.status === 'completed' || (await completeExport(db, exportId, { ...archive, completedAt, expiresAt }));
      await deleteAllParts(storage, row.companyId, exportId, kinds);
      if (!done) {
        await storage.delete(archive.archiveKey);
        return { status: 'withdrawn' };
      }
      return {
        status: 'completed',
        data: {
          exportId,
          companyId: row.companyId,
          status: 'completed',
          sizeBytes: archive.sizeBytes,
          completedAt: completedAt.toISOString(),
          expiresAt: expiresAt.toISOString(),
        },
      };
    },

    /** Running → failed with `reason`; its parts (and any archive) are deleted. */
    async failCompanyExport(exportId: string, reason: string, kinds: string[]): Promise<ExportEnd> {
      const row = await getExportById(db, exportId);
      if (!row) throw notFound(exportId);
      const failed = row.status === 'failed' || (await failExport(db, exportId, reason, nowOn(deps)));
      await deleteAllParts(storage, row.companyId, exportId, kinds);
      await storage.delete(archiveKey(row.companyId, exportId));
      if (!failed) return { status: 'withdrawn' };
      return { status: 'failed', data: { exportId, companyId: row.companyId, status: 'failed', reason } };
    },

    /** A person's erasure: every archive of their company that exists or may still be written goes. */
    async withdrawCompanyExports(companyId: string): Promise<number> {
      return withdrawCompanyExports(db, storage, companyId, nowOn(deps));
    },
  };
}
