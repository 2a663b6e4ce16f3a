import type { Db } from '../connection';

// The one statement of every sweep of expired rows (activities/sweeps.ts declares which tables and columns).

export interface ExpiredRows {
  table: string;
  /** The column a row's age is read from: DATETIME(3), or epoch milliseconds (`epochMs`, where null counts as old). */
  ageColumn: string;
  epochMs?: boolean;
  /** Only rows whose column holds one of these values. */
  only?: { column: string; values: readonly string[] };
}

/**
 * Deletes up to `limit` rows older than `before`, oldest first; returns how many. Short statements, so a
 * sweep never holds long locks; a sweep repeats it until a batch comes back short.
 */
export async function deleteExpiredRows(db: Db, rows: ExpiredRows, before: Date, limit: number): Promise<number> {
  const query = db(rows.table).where((q) => {
    if (rows.epochMs) void q.where(rows.ageColumn, '<', before.getTime()).orWhereNull(rows.ageColumn);
    else void q.where(rows.ageColumn, '<', before);
  });
  if (rows.only) void query.whereIn(rows.only.column, rows.only.values);
  return query.orderBy(rows.ageColumn).limit(limit).delete();
}
