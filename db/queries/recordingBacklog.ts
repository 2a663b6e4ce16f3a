import { IN_PROGRESS_STATUSES, type RecordingStatus } from '../../common/recordingStatus';
import type { Db } from '../connection';

/**
 * Recordings not finished, by status: one grouped count over the index on `status`
 * (20261126060000_recording_status_index), which reads only the unfinished rows however many have
 * finished. The API's GET /metrics asks it at every scrape; a slow database fails it after `timeoutMs`.
 */
export async function countUnfinishedRecordings(
  db: Db,
  timeoutMs = 2000,
): Promise<Partial<Record<RecordingStatus, number>>> {
  const rows = (await db('recordings')
    .whereIn('status', IN_PROGRESS_STATUSES)
    .groupBy('status')
    .select('status')
    .count({ n: '*' })
    .timeout(timeoutMs, { cancel: true })) as Array<{ status: RecordingStatus; n: number | string }>;
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
