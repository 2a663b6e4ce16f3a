import type { Db } from '../connection';

// A company's places among COMPANY_MAX_HEAVY_ACTIVITIES (activities/companyLimit.ts): rows of
// company_activity_leases, one per place taken. Times are the database's (NOW(3)), so workers with clocks
// apart agree on what has expired. Each statement is atomic on its own: no transaction, no row lock held.

const TABLE = 'company_activity_leases';

export const expiryIn = (db: Db, ttlMs: number) => db.raw('DATE_ADD(NOW(3), INTERVAL ? MICROSECOND)', [ttlMs * 1000]);

/**
 * Takes a free place of the company's `limit` for `holder` until `ttlMs` from now: a slot with no row, else
 * one whose holder let it expire. Returns the slot, or null when all `limit` are held.
 */
export async function takeCompanyLease(
  db: Db,
  companyId: string,
  limit: number,
  holder: string,
  ttlMs: number,
): Promise<number | null> {
  const rows = (await db(TABLE)
    .select('slot', db.raw('expires_at < NOW(3) as expired'))
    .where({ company_id: companyId })
    .andWhere('slot', '<', limit)) as Array<{ slot: number; expired: number }>;
  const held = new Map(rows.map((r) => [r.slot, Boolean(r.expired)]));
  for (let slot = 0; slot < limit; slot += 1) {
    if (held.has(slot)) continue;
    // Another process may insert this slot first: then the row is theirs and IGNORE leaves it.
    const [result] = (await db.raw(
      `insert ignore into ${TABLE} (company_id, slot, holder, expires_at) values (?, ?, ?, DATE_ADD(NOW(3), INTERVAL ? MICROSECOND))`,
      [companyId, slot, holder, ttlMs * 1000],
    )) as [{ affectedRows: number }];
    if (result.affectedRows === 1) return slot;
  }
  for (const [slot, expired] of held) {
    if (!expired) continue;
    const taken = await db(TABLE)
      .where({ company_id: companyId, slot })
      .andWhere('expires_at', '<', db.raw('NOW(3)'))
      .update({ holder, reserved_for: null, expires_at: expiryIn(db, ttlMs) });
    if (taken === 1) return slot;
  }
  return null;
}

/** Extends the holder's place by `ttlMs` from now; false when it is no longer the holder's (it expired and was taken). */
export async function renewCompanyLease(
  db: Db,
  companyId: string,
  slot: number,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const renewed = await db(TABLE)
    .where({ company_id: companyId, slot, holder })
    .update({ expires_at: expiryIn(db, ttlMs) });
  return renewed === 1;
}

/** Gives the place back (only the holder's own row). */
export async function releaseCompanyLease(db: Db, companyId: string, slot: number, holder: string): Promise<void> {
  await db(TABLE).where({ company_id: companyId, slot, holder }).delete();
}

/** The company's places held now (not expired): what `admin company:show` and the tests look at. */
export async function activeCompanyLeases(db: Db, companyId: string): Promise<number> {
  const [row] = (await db(TABLE)
    .where({ company_id: companyId })
    .andWhere('expires_at', '>=', db.raw('NOW(3)'))
    .count({ n: '*' })) as Array<{ n: number | string }>;
  return Number(row.n);
}
