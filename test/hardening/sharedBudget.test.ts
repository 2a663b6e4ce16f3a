import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { createSharedBudget, type SharedBudget } from '../../api/middleware/sharedBudget';
import { plannedSweep, sweepExpiredRows } from '../../activities/sweeps';
import { createDb } from '../../db/connection';
import { testEnv } from '../support/env';
import { movableClock, type MovableClock } from '../support/movableClock';

// The shared store of RATE_LIMIT_STORE=mysql, driven directly: two stores on two connection pools stand
// for two API processes on one database. Leases keep the database's work far below one write per request,
// while the budget stays one budget: never more admitted than it holds, exact near the limit.

const DURATION_MS = 60_000;

interface Answer {
  admitted: boolean;
  remaining: number;
  msBeforeNext: number;
}

async function spend(store: SharedBudget, key: string): Promise<Answer> {
  try {
    const res = await store.consume(key);
    return { admitted: true, remaining: res.remainingPoints, msBeforeNext: res.msBeforeNext };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return { admitted: false, remaining: rejection.remainingPoints, msBeforeNext: rejection.msBeforeNext };
  }
}

describe('shared rate-limit budget (leases)', () => {
  const pools: Knex[] = [];
  let time: MovableClock;
  let key: string;

  /** One API process's store of a budget of `points`, on a pool of its own. */
  const processStore = (points: number, db?: Knex): SharedBudget => {
    const pool = db ?? createDb(testEnv().config.DATABASE_URL, 4);
    pools.push(pool);
    const duration = DURATION_MS / 1000;
    return createSharedBudget({
      db: pool,
      points,
      durationMs: DURATION_MS,
      keyPrefix: 'api',
      insurance: new RateLimiterMemory({ points, duration, keyPrefix: 'api' }),
      clock: time.clock,
    });
  };
  const row = async (): Promise<{ points: number; expire: number } | undefined> => {
    const found = (await testEnv()
      .db('rate_limit_points')
      .where({ key: `api:${key}` })
      .first()) as { points: number; expire: number | string } | undefined;
    return found && { points: found.points, expire: Number(found.expire) };
  };

  beforeEach(() => {
    time = movableClock();
    key = `key:${randomBytes(6).toString('hex')}`;
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.destroy()));
  });

  it('admits no more than the budget through two processes, with far fewer lease transactions than requests', async () => {
    const [a, b] = [processStore(200), processStore(200)];
    const requests = 600;
    // All at once: concurrent requests of one process wait for the lease in flight, then spend from it.
    const answers = await Promise.all(Array.from({ length: requests }, (_, i) => spend(i % 2 === 0 ? a : b, key)));
    const admitted = answers.filter((answer) => answer.admitted).length;
    expect(admitted).to.be.at.most(200);
    // Both processes went on receiving requests, so every leased point was spent.
    expect(admitted).to.equal(200);
    expect((await row())?.points).to.equal(200);
    const transactions = a.leaseTransactions() + b.leaseTransactions();
    expect(transactions).to.be.below(requests / 4);
    // An eighth of what remains, then single points near the limit: a few dozen, not 600.
    expect(transactions).to.be.below(60);
    for (const answer of answers) expect(answer.msBeforeNext).to.be.within(1, DURATION_MS);
  });

  it('is exact near the limit: one point per lease, and the counts go down through both processes', async () => {
    const [a, b] = [processStore(4), processStore(4)];
    const answers = [];
    for (const store of [a, b, a, b, a, b]) answers.push(await spend(store, key));
    expect(answers.map(({ admitted, remaining }) => ({ admitted, remaining }))).to.deep.equal([
      { admitted: true, remaining: 3 },
      { admitted: true, remaining: 2 },
      { admitted: true, remaining: 1 },
      { admitted: true, remaining: 0 },
      { admitted: false, remaining: 0 },
      { admitted: false, remaining: 0 },
    ]);
    // Refused once each with the row spent; after that each process refuses without asking the database.
    const before = a.leaseTransactions() + b.leaseTransactions();
    for (const store of [a, b, a, b]) expect((await spend(store, key)).admitted).to.equal(false);
    expect(a.leaseTransactions() + b.leaseTransactions()).to.equal(before);
  });

  it('spends every point of a larger budget when both processes keep receiving requests, and not one more', async () => {
    const [a, b] = [processStore(40), processStore(40)];
    let admitted = 0;
    // One process alone takes large leases first; then both alternate until both refuse.
    for (let i = 0; i < 30; i += 1) if ((await spend(a, key)).admitted) admitted += 1;
    for (let i = 0; i < 40; i += 1) for (const store of [a, b]) if ((await spend(store, key)).admitted) admitted += 1;
    expect(admitted).to.equal(40);
    expect((await row())?.points).to.equal(40);
  });

  it('starts a new window after RATE_LIMIT_DURATION, and never spends a lease of an ended window', async () => {
    const a = processStore(200);
    expect((await spend(a, key)).remaining).to.equal(199); // a holds a lease of 25, one spent
    const first = await row();
    expect(first).to.deep.equal({ points: 25, expire: time.nowMs() + DURATION_MS });
    time.advance(DURATION_MS - 1);
    const late = await spend(a, key);
    expect(late).to.deep.equal({ admitted: true, remaining: 198, msBeforeNext: 1 });

    time.advance(1);
    const leasesBefore = a.leaseTransactions();
    // a's 23 unspent points belong to the ended window: a takes a fresh lease from a fresh row.
    expect(await spend(a, key)).to.deep.equal({ admitted: true, remaining: 199, msBeforeNext: DURATION_MS });
    expect(a.leaseTransactions()).to.equal(leasesBefore + 1);
    expect(await row()).to.deep.equal({ points: 25, expire: time.nowMs() + DURATION_MS });

    // A spent budget too: refused until the window ends, then admitted again, in both processes.
    const [c, d] = [processStore(2), processStore(2)];
    const small = `key:${randomBytes(6).toString('hex')}`;
    const statuses = [];
    for (const store of [c, d, c, d]) statuses.push((await spend(store, small)).admitted);
    expect(statuses).to.deep.equal([true, true, false, false]);
    time.advance(DURATION_MS);
    expect(await spend(d, small)).to.deep.equal({ admitted: true, remaining: 1, msBeforeNext: DURATION_MS });
    expect((await spend(c, small)).admitted).to.equal(true);
    expect((await spend(c, small)).admitted).to.equal(false);
  });

  it('counts in the process while the database fails (the insurance)', async () => {
    const url = new URL(testEnv().config.DATABASE_URL);
    url.pathname = `/sp_missing_${randomBytes(4).toString('hex')}`;
    const quiet = { warn: () => undefined, error: () => undefined };
    const broken = processStore(2, createDb(url.toString(), 1, quiet));
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await spend(broken, key)).admitted);
    expect(answers).to.deep.equal([true, true, false]);
    expect(broken.leaseTransactions()).to.equal(0);
  });

  it('sweeps the rows of windows that ended over an hour ago, and a swept key starts afresh', async () => {
    // In the year 2000: the sweeps below reach no other test's rows, whose windows are now.
    time = movableClock({ start: new Date(Date.UTC(2000, 0, 1)) });
    const a = processStore(3);
    expect((await spend(a, key)).admitted).to.equal(true);
    const live = `key:${randomBytes(6).toString('hex')}`;
    time.advance(DURATION_MS + 3_600_000 - 1);
    expect((await spend(a, live)).admitted).to.equal(true);
    expect(
      await sweepExpiredRows(testEnv().db, plannedSweep('rate-limit-windows', testEnv().config), time.clock()),
    ).to.equal(0);
    time.advance(2);
    expect(
      await sweepExpiredRows(testEnv().db, plannedSweep('rate-limit-windows', testEnv().config), time.clock()),
    ).to.equal(1);
    expect(await row()).to.equal(undefined);
    expect(
      await testEnv()
        .db('rate_limit_points')
        .where({ key: `api:${live}` })
        .first(),
    ).to.not.equal(undefined);
    expect(await spend(a, key)).to.deep.equal({ admitted: true, remaining: 2, msBeforeNext: DURATION_MS });
  });
});
