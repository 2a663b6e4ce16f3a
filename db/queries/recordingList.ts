import type { Knex } from 'knex';
import type { Db } from '../connection';
import { countOf, pageWithTotal, type Page, type PageRequest } from './pages';
import { recordingColumnNames, toRecording, type RecordingRow } from './recordingColumns';
import type { RecordingStatus } from './recordings';

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

/** Every column but the transcript and the analysis. */
const LIST_COLUMNS = recordingColumnNames(['transcript', 'result']);

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
  const found = await pageWithTotal<Record<string, unknown>>(rows, countOf(filtered(db, companyId, filter)), page);
  return {
    rows: found.rows.map(toRecording),
    total: found.total,
  };
}
