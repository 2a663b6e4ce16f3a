import type { Db } from '../connection';

// The shared rate-limit rows (RATE_LIMIT_STORE=mysql, api/middleware/sharedBudget.ts): one per budget
// (`api:<credential>`, `company:<id>`), holding the points taken from it in the current window (`points`)
// and when that window ends (`expire`, epoch ms). API processes take points from a row in leases, one
// short transaction each: the caller locks the row, decides, writes it back and commits.

export interface BudgetRow {
  /** Points taken from the budget in the window (leased to processes, spent or not). */
  points: number;
  /** End of the window, epoch ms; null (only ever written by an older release) counts as ended. */
  expire: number | null;
}

const TABLE = 'rate_limit_points';

/** The budget's row, locked until the caller's transaction ends; undefined when there is none yet. */
export async function lockBudgetRow(trx: Db, key: string): Promise<BudgetRow | undefined> {
  const row = (await trx(TABLE).select('points', 'expire').where({ key }).forUpdate().first()) as
    { points: number; expire: number | string | null } | undefined;
  // BIGINT arrives as a string from mysql2 once it passes 2^53 (supportBigNumbers); epoch ms never do.
  return row && { points: Number(row.points), expire: row.expire === null ? null : Number(row.expire) };
}

/**
 * Writes the budget's row. `existed` says whether lockBudgetRow found (and so locked) it: then an UPDATE;
 * otherwise an INSERT, which fails (ER_DUP_ENTRY, or ER_LOCK_DEADLOCK on the gap both lockers hold) when
 * another process created the row meanwhile: the caller takes its turn again, now on the row. An upsert
 * would instead overwrite that process's points with ones computed from a read that missed them.
 */
export async function saveBudgetRow(trx: Db, key: string, row: BudgetRow, existed: boolean): Promise<void> {
  if (existed) await trx(TABLE).where({ key }).update(row);
  else await trx(TABLE).insert({ key, ...row });
}
