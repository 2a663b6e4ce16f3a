import type { RecordingStorage } from '../../common/storage/recordingStorage';

// Where an export's files live in the recording store (S3 in production; the store has no listing, so
// every key is computed from the export's row). The parts are the pages written so far, kept until the
// archive is assembled from them; the archive is the one zip the download link serves.

const root = (companyId: string, exportId: string): string => `exports/${companyId}/${exportId}`;

export const archiveKey = (companyId: string, exportId: string): string => `${root(companyId, exportId)}.zip`;

export const partKey = (companyId: string, exportId: string, kind: string, seq: number): string =>
  `${root(companyId, exportId)}/parts/${kind}/${seq}.ndjson`;

/** Deletes a kind's parts (written from 0 without gaps, so the first missing one ends them); answers how many. */
export async function deleteParts(
  storage: RecordingStorage,
  companyId: string,
  exportId: string,
  kind: string,
): Promise<number> {
  let seq = 0;
  for (; await storage.exists(partKey(companyId, exportId, kind, seq)); seq += 1) {
    await storage.delete(partKey(companyId, exportId, kind, seq));
  }
  return seq;
}
