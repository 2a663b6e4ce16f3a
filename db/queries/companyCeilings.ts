import type { Db } from '../connection';

// Per-company ceilings (API keys, webhook endpoints): counting and creating take turns per company
// and kind, so concurrent creations cannot pass the ceiling together. The turn is a named lock
// (GET_LOCK), not a lock on the company's row: every insert into a child table already holds a shared
// lock on that row (the foreign-key check), and upgrading it would deadlock two creators.

/** Things counted against a ceiling, each with what counts. */
const COUNTED = {
  apiKeys: (db: Db, companyId: string) => db('api_keys').where({ company_id: companyId }).whereNull('revoked_at'),
  webhookEndpoints: (db: Db, companyId: string) => db('webhook_endpoints').where({ company_id: companyId }),
} as const;
export type CountedKind = keyof typeof COUNTED;

const LOCK_WAIT_SECONDS = 10;

export class CeilingLockTimeout extends Error {
  constructor(kind: CountedKind) {
    super(`could not take the ${kind} ceiling lock within ${LOCK_WAIT_SECONDS} s`);
    this.name = 'CeilingLockTimeout';
  }
}

/**
 * Runs `create` in a transaction (a savepoint when `db` is one) while holding the company's turn for
 * `kind`, after `check` saw how many there are. The count is a locking read, so it also sees a row the
 * previous holder inserted but has not committed yet (its turn ends just before its commit).
 */
export async function withinCompanyCeiling<T>(
  db: Db,
  companyId: string,
  kind: CountedKind,
  check: (count: number) => void,
  create: (trx: Db) => Promise<T>,
): Promise<T> {
  const lockName = `sp:ceiling:${kind}:${companyId}`;
  return db.transaction(async (trx) => {
    const [[got]] = (await trx.raw('SELECT GET_LOCK(?, ?) AS got', [lockName, LOCK_WAIT_SECONDS])) as [
      [{ got: number | null }],
    ];
    if (got.got !== 1) throw new CeilingLockTimeout(kind);
    try {
      const [row] = (await COUNTED[kind](trx, companyId).count({ n: '*' }).forShare()) as Array<{ n: number | string }>;
      check(Number(row.n));
      return await create(trx);
    } finally {
      // A connection that died has released its named locks already; the original error matters more.
      await trx.raw('SELECT RELEASE_LOCK(?)', [lockName]).catch(() => undefined);
    }
  });
}
