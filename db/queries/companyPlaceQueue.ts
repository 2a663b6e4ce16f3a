import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../connection';
import { expiryIn, takeCompanyLease } from './companyActivityLeases';

// The queue of runs waiting for a company's place (company_activity_waiters) and the hand-off of a released
// place to its head (docs/operations.md, "Fairness between companies"). Every statement that decides who gets
// a place runs in one transaction that first locks the company's row, so taking, queueing and releasing are
// serialized per company: a place released while a run queues is either taken by it or handed to it, never
// left free behind a waiter (a lost wake-up). The lock is held for a few short statements.

const LEASES = 'company_activity_leases';
const WAITERS = 'company_activity_waiters';

/** Who asks: the run (to signal it) and its step's key, and whether it is bulk work. */
export interface PlaceWaiter {
  key: string;
  workflowId: string;
  runId: string;
  bulk: boolean;
}

/** A waiter handed a place: its run is told by a signal naming `key`. */
export interface HandedPlace {
  slot: number;
  key: string;
  workflowId: string;
  runId: string;
}

export type TakeOrQueue = { slot: number } | { queued: number };

async function lockCompany(trx: Knex.Transaction, companyId: string): Promise<void> {
  await trx('companies').where({ id: companyId }).select('id').forUpdate();
}

/** Runs `work` in a transaction holding the company's lock; retried when the database chose it as a deadlock's victim. */
async function underCompanyLock<T>(db: Db, companyId: string, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (trx) => {
        await lockCompany(trx, companyId);
        return work(trx);
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 5 || (code !== 'ER_LOCK_DEADLOCK' && code !== 'ER_LOCK_WAIT_TIMEOUT')) throw err;
    }
  }
}

/**
 * One attempt of a queued run: the place reserved for it if there is one; else a free place when no waiter of
 * the company is ahead of it; else it joins (or keeps) its place in the queue. Returns the slot, or how many
 * waiters are ahead.
 */
export async function takeOrQueue(
  db: Db,
  companyId: string,
  limit: number,
  holder: string,
  ttlMs: number,
  waiter: PlaceWaiter,
): Promise<TakeOrQueue> {
  return underCompanyLock(db, companyId, async (trx) => {
    const reserved = (await trx(LEASES)
      .where({ company_id: companyId, reserved_for: waiter.key })
      .andWhere('slot', '<', limit)
      .andWhere('expires_at', '>=', trx.raw('NOW(3)'))
      .select('slot')) as Array<{ slot: number }>;
    const mine = (await trx(WAITERS).where({ company_id: companyId, waiter_key: waiter.key }).select('id')) as Array<{
      id: number;
    }>;
    const leave = async (slot: number) => {
      if (mine.length > 0) await trx(WAITERS).where({ id: mine[0].id }).delete();
      return { slot };
    };
    if (reserved.length > 0) {
      const { slot } = reserved[0];
      await trx(LEASES)
        .where({ company_id: companyId, slot })
        .update({ holder, reserved_for: null, expires_at: expiryIn(trx, ttlMs) });
      return leave(slot);
    }
    const priority = waiter.bulk ? 1 : 0;
    const ahead = trx(WAITERS)
      .where({ company_id: companyId })
      .andWhere((q) => {
        q.where('priority', '<', priority);
        if (mine.length > 0) q.orWhere((same) => same.where('priority', priority).andWhere('id', '<', mine[0].id));
        else q.orWhere('priority', priority);
      });
    const [{ n }] = (await ahead.count({ n: '*' })) as Array<{ n: number | string }>;
    if (Number(n) === 0) {
      const slot = await takeCompanyLease(trx, companyId, limit, holder, ttlMs);
      if (slot !== null) return leave(slot);
    }
    if (mine.length === 0)
      await trx(WAITERS).insert({
        company_id: companyId,
        waiter_key: waiter.key,
        workflow_id: waiter.workflowId,
        run_id: waiter.runId,
        priority,
        asked_at: trx.raw('NOW(3)'),
      });
    return { queued: Number(n) };
  });
}

/** Reserves `slot` (its row already locked by the caller's transaction) for the company's next waiter, or frees it. */
async function handOn(
  trx: Knex.Transaction,
  companyId: string,
  slot: number,
  reserveMs: number,
): Promise<HandedPlace | null> {
  const [next] = (await trx(WAITERS)
    .where({ company_id: companyId })
    .orderBy([{ column: 'priority' }, { column: 'id' }])
    .limit(1)
    .select('id', 'waiter_key', 'workflow_id', 'run_id')) as Array<{
    id: number;
    waiter_key: string;
    workflow_id: string;
    run_id: string;
  }>;
  if (!next) {
    await trx(LEASES).where({ company_id: companyId, slot }).delete();
    return null;
  }
  await trx(WAITERS).where({ id: next.id }).delete();
  await trx(LEASES)
    .where({ company_id: companyId, slot })
    .update({ holder: randomUUID(), reserved_for: next.waiter_key, expires_at: expiryIn(trx, reserveMs) });
  return { slot, key: next.waiter_key, workflowId: next.workflow_id, runId: next.run_id };
}

/**
 * Gives the holder's place back: to the company's next waiter (reserved for it for `reserveMs`) when there is
 * one, else free. Returns the waiter to tell.
 */
export async function releaseToNextWaiter(
  db: Db,
  companyId: string,
  slot: number,
  holder: string,
  reserveMs: number,
): Promise<HandedPlace | null> {
  return underCompanyLock(db, companyId, async (trx) => {
    const held = await trx(LEASES).where({ company_id: companyId, slot, holder }).select('slot');
    if (held.length === 0) return null;
    return handOn(trx, companyId, slot, reserveMs);
  });
}

/** Hands a reservation its waiter did not take (its run had closed) to the next waiter. */
export async function passReservationOn(
  db: Db,
  companyId: string,
  slot: number,
  key: string,
  reserveMs: number,
): Promise<HandedPlace | null> {
  return underCompanyLock(db, companyId, async (trx) => {
    const held = await trx(LEASES).where({ company_id: companyId, slot, reserved_for: key }).select('slot');
    if (held.length === 0) return null;
    return handOn(trx, companyId, slot, reserveMs);
  });
}

/**
 * Places whose holder let them expire (a worker that died) or whose reservation was not taken, among the
 * first `limit`: each is handed to the next waiter. Returns the waiters to tell.
 */
export async function handOnExpiredPlaces(
  db: Db,
  companyId: string,
  limit: number,
  reserveMs: number,
): Promise<HandedPlace[]> {
  return underCompanyLock(db, companyId, async (trx) => {
    const waiting = await trx(WAITERS).where({ company_id: companyId }).first('id');
    if (!waiting) return [];
    const expired = (await trx(LEASES)
      .where({ company_id: companyId })
      .andWhere('slot', '<', limit)
      .andWhere('expires_at', '<', trx.raw('NOW(3)'))
      .select('slot')) as Array<{ slot: number }>;
    const handed: HandedPlace[] = [];
    for (const { slot } of expired) {
      const to = await handOn(trx, companyId, slot, reserveMs);
      if (!to) break;
      handed.push(to);
    }
    return handed;
  });
}

/** The run's step leaves the queue (it was cancelled while waiting); the key names the run, so it is unique. */
export async function leaveCompanyQueue(db: Db, key: string): Promise<void> {
  await db(WAITERS).where({ waiter_key: key }).delete();
}

/** Every queued step of a workflow leaves the queue (its run has closed). */
export async function forgetWaitersOf(db: Db, workflowId: string): Promise<number> {
  return db(WAITERS).where({ workflow_id: workflowId }).delete();
}

/** The company's queue as an operator sees it (`admin company:show`): waiting steps, of them bulk, the oldest ask. */
export async function companyWaiters(
  db: Db,
  companyId: string,
): Promise<{ waiting: number; bulk: number; oldestAskedAt: Date | null }> {
  const [row] = (await db(WAITERS)
    .where({ company_id: companyId })
    .select(
      db.raw('COUNT(*) as waiting'),
      db.raw('COALESCE(SUM(priority = 1), 0) as bulk'),
      db.raw('MIN(asked_at) as oldest'),
    )) as Array<{ waiting: number | string; bulk: number | string; oldest: Date | null }>;
  return { waiting: Number(row.waiting), bulk: Number(row.bulk), oldestAskedAt: row.oldest ?? null };
}
