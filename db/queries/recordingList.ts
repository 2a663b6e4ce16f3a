import type { Knex } from 'knex';
import type { Db } from '../connection';
import { countOf, pageWithTotal, type Page, type PageRequest } from './pages';
import { toRow, type DbRecording, type RecordingRow, type RecordingStatus } from './recordings';

// GET /api/recording: a company's recordings, newest first, without the transcripts and the analysis
// (the list never shows them, and they are the large columns).

export interface RecordingFilter {
  status?: RecordingStatus;
  userId?: string;
  roleplayId?: string;
  externalId?: string;
  /** The identifier the caller submitted (userUniqueIdentifier). */
  userUniqueIdentifier?: string;
  /** Created at or after this instant. */
  createdAfter?: Date;
  /** Created strictly before this instant. */
  createdBefore?: Date;
}

const LIST_COLUMNS = [
  'id',
  'company_id',
  'user_id',
  'user_unique_identifier',
  'user_name',
  'source_url',
  'store_recording',
  'roleplay_id',
  'status',
  'failure_reason',
  'storage_key',
  'content_type',
  'size_bytes',
  'session_id',
  'workflow_id',
  'rep_channel',
  'rep_speaker',
  'stt_job_id',
  'media_deleted_at',
  'external_id',
  'metadata',
  'redact_pii',
  'completed_at',
  'created_at',
  'updated_at',
];

function filtered(db: Db, companyId: string, filter: RecordingFilter): Knex.QueryBuilder {
  const query = db('recordings').where({ company_id: companyId });
  if (filter.status) query.andWhere({ status: filter.status });
  if (filter.userId) query.andWhere({ user_id: filter.userId });
  if (filter.roleplayId) query.andWhere({ roleplay_id: filter.roleplayId });
  if (filter.externalId !== undefined) query.andWhere({ external_id: filter.externalId });
  if (filter.userUniqueIdentifier !== undefined)
    query.andWhere({ user_unique_identifier: filter.userUniqueIdentifier });
  if (filter.createdAfter) query.andWhere('created_at', '>=', filter.createdAfter);
  if (filter.createdBefore) query.andWhere('created_at', '<', filter.createdBefore);
  return query;
}

/** The page of the company's recordings matching `filter` (rows carry neither transcript nor result) and its total. */
export async function listRecordings(
  db: Db,
  companyId: string,
  filter: RecordingFilter,
  page: PageRequest,
): Promise<Page<RecordingRow>> {
  const rows = filtered(db, companyId, filter)
    .select(LIST_COLUMNS)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  const found = await pageWithTotal<Omit<DbRecording, 'transcript' | 'result' | 'submitted_transcript'>>(
    rows,
    countOf(filtered(db, companyId, filter)),
    page,
  );
  return {
    rows: found.rows.map((r) => toRow({ ...r, transcript: null, result: null, submitted_transcript: null })),
    total: found.total,
  };
}
