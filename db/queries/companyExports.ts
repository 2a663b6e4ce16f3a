import type { Knex } from 'knex';
import { fromJson, isDuplicateEntry, type Db } from '../connection';

// company_exports: one row per export (POST /api/exports). At most one runs per company: the unique
// (company_id, running_marker) key holds while running_marker is 1, and every end sets it back to NULL.

export type ExportStatus = 'running' | 'completed' | 'failed' | 'withdrawn' | 'expired';

/** Items written of items to write, per kind (`users`, `media`, …). */
export type ExportProgress = Record<string, { written: number; total: number }>;

export interface CompanyExportRow {
  id: string;
  companyId: string;
  requestedByCompanyId: string;
  apiVersion: string;
  includeMedia: boolean;
  status: ExportStatus;
  progress: ExportProgress;
  sizeBytes: number | null;
  archiveKey: string | null;
  failureReason: string | null;
  createdAt: Date;
  completedAt: Date | null;
  expiresAt: Date | null;
  endedAt: Date | null;
}

export interface NewCompanyExport {
  id: string;
  companyId: string;
  requestedByCompanyId: string;
  apiVersion: string;
  includeMedia: boolean;
}

const columns = {
  id: 'id',
  companyId: 'company_id',
  requestedByCompanyId: 'requested_by_company_id',
  apiVersion: 'api_version',
  includeMedia: 'include_media',
  status: 'status',
  progress: 'progress',
  sizeBytes: 'size_bytes',
  archiveKey: 'archive_key',
  failureReason: 'failure_reason',
  createdAt: 'created_at',
  completedAt: 'completed_at',
  expiresAt: 'expires_at',
  endedAt: 'ended_at',
};

type RawRow = Omit<CompanyExportRow, 'progress' | 'includeMedia' | 'sizeBytes'> & {
  progress: unknown;
  includeMedia: number | boolean;
  sizeBytes: number | string | null;
};

const toRow = (raw: RawRow): CompanyExportRow => ({
  ...raw,
  includeMedia: Boolean(raw.includeMedia),
  sizeBytes: raw.sizeBytes === null ? null : Number(raw.sizeBytes),
  progress: fromJson<ExportProgress>(raw.progress),
});

/**
 * Inserts a running export, in one statement that also checks the company is not marked for offboarding
 * ('offboarding' then: nothing is inserted); 'busy' when another export of the company runs (the unique key
 * refused it).
 */
export async function insertRunningExport(db: Db, row: NewCompanyExport): Promise<'inserted' | 'busy' | 'offboarding'> {
  try {
    const values = {
      id: row.id,
      company_id: row.companyId,
      requested_by_company_id: row.requestedByCompanyId,
      api_version: row.apiVersion,
      include_media: row.includeMedia,
      status: 'running',
      running_marker: 1,
      progress: JSON.stringify({}),
    };
    const names = Object.keys(values);
    const [result] = (await db.raw(
      `INSERT INTO ?? (${names.map(() => '??').join(', ')}) SELECT ${names.map(() => '?').join(', ')} FROM companies WHERE id = ? AND offboarding_at IS NULL`,
      ['company_exports', ...names, ...Object.values(values), row.companyId],
    )) as [{ affectedRows: number }];
    if (result.affectedRows === 0) return 'offboarding';
    return 'inserted';
  } catch (err) {
    // The same id again (an idempotent retry's takeover) is not "busy": the caller finds its own row.
    if (isDuplicateEntry(err) && !(await getExportById(db, row.id))) return 'busy';
    if (isDuplicateEntry(err)) return 'inserted';
    throw err;
  }
}

export async function getExport(db: Db, companyId: string, id: string): Promise<CompanyExportRow | undefined> {
  const raw = (await db('company_exports').select(columns).where({ id, company_id: companyId }).first()) as
    RawRow | undefined;
  return raw && toRow(raw);
}

/** An export asked for by `requesterId`, of its own company or of one of its children. */
export async function getRequestedExport(
  db: Db,
  requesterId: string,
  id: string,
): Promise<CompanyExportRow | undefined> {
  const raw = (await db('company_exports')
    .select(columns)
    .where({ id, requested_by_company_id: requesterId })
    .first()) as RawRow | undefined;
  return raw && toRow(raw);
}

export async function getExportById(db: Db, id: string): Promise<CompanyExportRow | undefined> {
  const raw = (await db('company_exports').select(columns).where({ id }).first()) as RawRow | undefined;
  return raw && toRow(raw);
}

export async function findRunningExport(db: Db, companyId: string): Promise<CompanyExportRow | undefined> {
  const raw = (await db('company_exports')
    .select(columns)
    .where({ company_id: companyId, running_marker: 1 })
    .first()) as RawRow | undefined;
  return raw && toRow(raw);
}

export async function setExportProgress(db: Db, id: string, progress: ExportProgress): Promise<void> {
  await db('company_exports')
    .where({ id, status: 'running' })
    .update({ progress: JSON.stringify(progress) });
}

/**
 * Raises one kind's count of written items (JSON_SET: concurrent writers never overwrite other kinds; never
 * lowered, so a retried page that resumes from an earlier heartbeat does not move the progress back).
 */
export async function setKindWritten(db: Db, id: string, kind: string, written: number): Promise<void> {
  const at = `$."${kind}".written`;
  await db('company_exports')
    .where({ id, status: 'running' })
    .update({
      progress: db.raw('JSON_SET(progress, ?, GREATEST(COALESCE(JSON_EXTRACT(progress, ?), 0), ?))', [at, at, written]),
    });
}

/** Running → completed with its archive; false when the export was withdrawn meanwhile. */
export async function completeExport(
  db: Db,
  id: string,
  done: { archiveKey: string; sizeBytes: number; completedAt: Date; expiresAt: Date },
): Promise<boolean> {
  const n = await db('company_exports').where({ id, status: 'running' }).update({
    status: 'completed',
    running_marker: null,
    archive_key: done.archiveKey,
    size_bytes: done.sizeBytes,
    completed_at: done.completedAt,
    expires_at: done.expiresAt,
  });
  return n > 0;
}

/** Running → failed; false when it had ended already. */
export async function failExport(db: Db, id: string, reason: string, at: Date): Promise<boolean> {
  const n = await db('company_exports')
    .where({ id, status: 'running' })
    .update({ status: 'failed', running_marker: null, failure_reason: reason.slice(0, 1024), ended_at: at });
  return n > 0;
}

/** Exports past their retention whose archive is still there, oldest first. */
export async function expiredExports(db: Db, now: Date, limit: number): Promise<CompanyExportRow[]> {
  const raws = (await db('company_exports')
    .select(columns)
    .where({ status: 'completed' })
    .andWhere('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)) as RawRow[];
  return raws.map(toRow);
}

/** Marks an export ended as `status` (expired or withdrawn) once its archive is gone. */
export async function endExport(db: Db, id: string, status: 'expired' | 'withdrawn', at: Date): Promise<void> {
  await db('company_exports')
    .where({ id })
    .whereIn('status', ['running', 'completed'])
    .update({ status, running_marker: null, archive_key: null, ended_at: at });
}

/** The company's exports whose archive exists or may still be written (running or completed, not yet past retention). */
export async function unexpiredExports(db: Db, companyId: string): Promise<CompanyExportRow[]> {
  const raws = (await db('company_exports')
    .select(columns)
    .where({ company_id: companyId })
    .whereIn('status', ['running', 'completed'])) as RawRow[];
  return raws.map(toRow);
}

/** The rows each kind of an export reads, by table and condition. */
const EXPORT_SETS = {
  users: { table: 'users' },
  teams: { table: 'teams' },
  invitations: { table: 'invitations' },
  roleplays: { table: 'roleplays' },
  sessions: { table: 'roleplay_sessions' },
  scripts: { table: 'memorization_scripts' },
  recordings: { table: 'recordings' },
  // What GET /api/recording/{id}/transcript answers with a transcript: made, not deleted by retention or erasure.
  transcripts: {
    table: 'recordings',
    where: (q: Knex.QueryBuilder) =>
      q
        .whereNotNull('transcript')
        .whereNull('media_deleted_at')
        .whereNotExists((u) =>
          u
            .select(1)
            .from('users')
            .whereRaw('users.id = recordings.user_id')
            .whereNotNull('users.erasure_requested_at'),
        ),
  },
  webhookEndpoints: { table: 'webhook_endpoints' },
  events: { table: 'webhook_events' },
  media: {
    table: 'recordings',
    where: (q: Knex.QueryBuilder) => q.whereNotNull('storage_key').whereNull('media_deleted_at'),
  },
} satisfies Record<string, { table: string; where?: (q: Knex.QueryBuilder) => Knex.QueryBuilder }>;

export type ExportSet = keyof typeof EXPORT_SETS;

function inSet(db: Db, set: ExportSet, companyId: string): Knex.QueryBuilder {
  const { table, ...rest } = EXPORT_SETS[set];
  const q = db(table).where(`${table}.company_id`, companyId);
  return 'where' in rest ? rest.where(q) : q;
}

/**
 * Up to `limit` ids of the set's rows of the company after `after`, in id order: keyset pages over the
 * (company_id, id) prefix every such table's company index has (InnoDB appends the primary key).
 */
export async function exportIdsAfter(
  db: Db,
  set: ExportSet,
  companyId: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const { table } = EXPORT_SETS[set];
  const q = inSet(db, set, companyId);
  if (after !== null) q.andWhere(`${table}.id`, '>', after);
  const rows = (await q.orderBy(`${table}.id`).limit(limit).select(`${table}.id`)) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

export async function exportSetCount(db: Db, set: ExportSet, companyId: string): Promise<number> {
  const [row] = (await inSet(db, set, companyId).count({ n: '*' })) as Array<{ n: number | string }>;
  return Number(row?.n ?? 0);
}

/** The stored files of the company's recordings after `after`, in id order (an export's media), with their sizes. */
export async function storedMediaAfter(
  db: Db,
  companyId: string,
  after: string | null,
  limit: number,
): Promise<Array<{ id: string; storageKey: string; sizeBytes: number }>> {
  const q = inSet(db, 'media', companyId);
  if (after !== null) q.andWhere('recordings.id', '>', after);
  const rows = (await q.orderBy('recordings.id').limit(limit).select({
    id: 'recordings.id',
    storageKey: 'recordings.storage_key',
    sizeBytes: 'recordings.size_bytes',
  })) as Array<{
    id: string;
    storageKey: string;
    sizeBytes: number | string | null;
  }>;
  return rows.map((r) => ({ id: r.id, storageKey: r.storageKey, sizeBytes: Number(r.sizeBytes ?? 0) }));
}

/** Why a recording's stored audio is no longer in the store, in words for an export's manifest. */
export async function mediaGoneReason(db: Db, companyId: string, recordingId: string): Promise<string> {
  const row = (await db('recordings')
    .where({ id: recordingId, company_id: companyId })
    .first({ mediaDeletedAt: 'media_deleted_at', storageKey: 'storage_key' })) as
    { mediaDeletedAt: Date | null; storageKey: string | null } | undefined;
  if (!row) return 'the recording was deleted while the export ran';
  if (row.mediaDeletedAt !== null) return "deleted by the recordings' retention while the export ran";
  if (row.storageKey === null) return 'the stored audio was removed (an erasure or redaction) while the export ran';
  return 'the stored audio was not found in the recording store';
}
