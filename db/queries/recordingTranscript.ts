import type { Db } from '../connection';
import { fromJson } from '../connection';
import type { RecordingStatus } from './recordings';

// GET /api/recording/{id}/transcript: the kept transcript, or why there is none (not made yet, or deleted
// by retention or by the erasure of the person).

export interface RecordingTranscript {
  id: string;
  status: RecordingStatus;
  /** Parsed JSON (common/transcript.ts's Transcript); null before transcription and after deletion. */
  transcript: unknown;
  mediaDeletedAt: Date | null;
  /** The recording's person was erased (or their erasure is under way). */
  erased: boolean;
}

export async function getRecordingTranscript(
  db: Db,
  companyId: string,
  id: string,
): Promise<RecordingTranscript | undefined> {
  const row = (await db('recordings as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .where({ 'r.company_id': companyId, 'r.id': id })
    .first({
      id: 'r.id',
      status: 'r.status',
      transcript: 'r.transcript',
      mediaDeletedAt: 'r.media_deleted_at',
      erasureRequestedAt: 'u.erasure_requested_at',
    })) as
    | {
        id: string;
        status: RecordingStatus;
        transcript: unknown;
        mediaDeletedAt: Date | null;
        erasureRequestedAt: Date | null;
      }
    | undefined;
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    transcript: row.transcript === null ? null : fromJson<unknown>(row.transcript),
    mediaDeletedAt: row.mediaDeletedAt,
    erased: row.erasureRequestedAt !== null,
  };
}
