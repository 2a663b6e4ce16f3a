import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { systemClock, type Clock } from '../../common/clock';
import { isDuplicateEntry } from '../../db/connection';
import { lockBudgetRow, saveBudgetRow } from '../../db/queries/rateLimitLeases';

// The shared store of RATE_LIMIT_STORE=mysql: one budget per key, shared by every API process, never
// admitting more than the budget. Counting every request in the shared row (as rate-limiter-flexible's
// RateLimiterMySQL does) made each request a transaction on one hot row per key and per company, each
// commit a redo-log flush while the row lock is held: at 64 connections session reads lost ~80 % of their
// throughput. Here each process takes a LEASE of points from the row and spends it in memory, asking for
// the next only when it is used up. Far from the limit a lease is an eighth of what remains (few writes);
// near it, one point (exact). Points leased but unspent when the window ends are lost: the budget a key
// really gets can be lower, by at most what other processes hold unspent, never higher.

/** What rateLimit.ts asks of a budget's store (RateLimiterMemory answers it too). */
export interface BudgetStore {
  /** Spends one point: the budget's state, or a rejected RateLimiterRes when none is left. */
  consume(key: string): Promise<RateLimiterRes>;
}

export interface SharedBudgetOptions {
  db: Knex;
  points: number;
  durationMs: number;
  /** Row keys are `<keyPrefix>:<key>`, as RateLimiterMySQL wrote them (a rolling upgrade shares the rows). */
  keyPrefix: string;
  /** Counts in this process while the database fails (the points and duration of this budget). */
  insurance: RateLimiterMemory;
  clock?: Clock;
}

export interface SharedBudget extends BudgetStore {
  /** Lease transactions committed so far (tests and benchmarks count the database's work with it). */
  leaseTransactions(): number;
}

interface Lease {
  /** Points of this process's lease not spent yet. */
  left: number;
  /** What the shared row had left when the lease was taken. */
  sharedRemaining: number;
  /** End of the window the lease belongs to (epoch ms): never spent after it. */
  expire: number;
}

/** Lease size: an eighth of what remains, at least one point, never more than remains. */
export const leaseSize = (remaining: number): number => Math.min(remaining, Math.max(1, Math.floor(remaining / 8)));

/** The row was created by another process between our locking read and our insert: take the turn again. */
const lostCreationRace = (err: unknown): boolean =>
  isDuplicateEntry(err) || (err as { code?: unknown } | null)?.code === 'ER_LOCK_DEADLOCK';

/** Above this many keys held in memory, leases of ended windows are dropped. */
const PRUNE_ABOVE = 10_000;

export function createSharedBudget(options: SharedBudgetOptions): SharedBudget {
  const { db, points, durationMs, keyPrefix, insurance } = options;
  const clock = options.clock ?? systemClock;
  const leases = new Map<string, Lease>();
  /** A lease being taken, per key: concurrent requests of this process wait for it (true: taken; false: the database failed). */
  const inFlight = new Map<string, Promise<boolean>>();
  let transactions = 0;

  const takeLease = async (rowKey: string): Promise<Lease> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const lease = await db.transaction(async (trx) => {
          const now = clock().getTime();
          const row = await lockBudgetRow(trx, rowKey);
          const live = row !== undefined && row.expire !== null && row.expire > now;
          const taken = live ? row.points : 0;
          const expire = live ? (row.expire ?? now) : now + durationMs;
          const remaining = Math.max(0, points - taken);
          const granted = leaseSize(remaining);
          // A spent budget needs no write: the lock is released by the commit without a redo-log flush.
          if (granted > 0 || !live)
            await saveBudgetRow(trx, rowKey, { points: taken + granted, expire }, row !== undefined);
          return { left: granted, sharedRemaining: remaining - granted, expire };
        });
        transactions += 1;
        return lease;
      } catch (err) {
        if (attempt >= 3 || !lostCreationRace(err)) throw err;
      }
    }
  };

  const prune = (now: number): void => {
    if (leases.size <= PRUNE_ABOVE) return;
    for (const [key, lease] of leases) if (lease.expire <= now) leases.delete(key);
  };

  return {
    leaseTransactions: () => transactions,
    async consume(key) {
      const rowKey = `${keyPrefix}:${key}`;
      for (;;) {
        const now = clock().getTime();
        const lease = leases.get(rowKey);
        if (lease && lease.expire > now) {
          if (lease.left > 0) {
            lease.left -= 1;
            const remaining = lease.sharedRemaining + lease.left;
            return new RateLimiterRes(remaining, lease.expire - now, points - remaining, false);
          }
          // The row had nothing left and gets nothing back before its window ends: refused without asking.
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- a refusal is a rejected RateLimiterRes, as rate-limiter-flexible's stores answer
          if (lease.sharedRemaining === 0) throw new RateLimiterRes(0, lease.expire - now, points + 1, false);
        }
        let pending = inFlight.get(rowKey);
        if (!pending) {
          pending = takeLease(rowKey)
            .then(
              (taken) => {
                leases.set(rowKey, taken);
                prune(now);
                return true;
              },
              () => false,
            )
            .finally(() => inFlight.delete(rowKey));
          inFlight.set(rowKey, pending);
        }
        // A database hiccup must not turn into 500s: count in this process meanwhile.
        if (!(await pending)) return insurance.consume(key);
      }
    },
  };
}
