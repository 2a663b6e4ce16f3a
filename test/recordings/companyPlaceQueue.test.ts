import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  companyWaiters,
  handOnExpiredPlaces,
  releaseToNextWaiter,
  takeOrQueue,
  type PlaceWaiter,
} from '../../db/queries/companyPlaceQueue';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';

// The company's queue of waiters on MariaDB (db/queries/companyPlaceQueue.ts, issue 50 §1): take-or-queue in
// one transaction, a release handed to the next waiter (normal before bulk, then in the order they asked), a
// reservation taken only by its waiter, and an expired place (a dead holder) handed on.

const TTL = 60_000;

const waiter = (name: string, bulk = false): PlaceWaiter => ({
  key: `${randomUUID()}/${name}`,
  workflowId: `recording-${name}`,
  runId: randomUUID(),
  bulk,
});

describe('company places: the queue of waiters and the hand-off', () => {
  it('hands released places to normal waiters before bulk ones, in the order they asked; only the waiter takes its reservation', async () => {
    const db = testEnv().db;
    const { company } = await createTenant('Queue order');
    const holder = randomUUID();
    const first = await takeOrQueue(db, company.id, 1, holder, TTL, waiter('holder'));
    expect(first).to.deep.equal({ slot: 0 });

    const bulk = waiter('bulk', true);
    const normal1 = waiter('normal-1');
    const normal2 = waiter('normal-2');
    expect(await takeOrQueue(db, company.id, 1, randomUUID(), TTL, bulk)).to.deep.equal({ queued: 0 });
    expect(await takeOrQueue(db, company.id, 1, randomUUID(), TTL, normal1)).to.deep.equal({ queued: 0 });
    expect(await takeOrQueue(db, company.id, 1, randomUUID(), TTL, normal2)).to.deep.equal({ queued: 1 });
    expect(await companyWaiters(db, company.id)).to.include({ waiting: 3, bulk: 1 });

    const handed = await releaseToNextWaiter(db, company.id, 0, holder, TTL);
    expect(handed?.key).to.equal(normal1.key);
    // Someone else asking now finds the place reserved, and queues behind.
    const late = waiter('late');
    expect(await takeOrQueue(db, company.id, 1, randomUUID(), TTL, late)).to.have.property('queued');
    // The waiter it was handed to takes it.
    const normal1Holder = randomUUID();
    expect(await takeOrQueue(db, company.id, 1, normal1Holder, TTL, normal1)).to.deep.equal({ slot: 0 });

    const order: string[] = [];
    let current = normal1Holder;
    for (const next of [normal2, late, bulk]) {
      const to = await releaseToNextWaiter(db, company.id, 0, current, TTL);
      order.push(to?.key ?? 'none');
      current = randomUUID();
      expect(await takeOrQueue(db, company.id, 1, current, TTL, next)).to.deep.equal({ slot: 0 });
    }
    expect(order).to.deep.equal([normal2.key, late.key, bulk.key]);
    expect(await releaseToNextWaiter(db, company.id, 0, current, TTL)).to.equal(null);
    expect(await companyWaiters(db, company.id)).to.include({ waiting: 0 });
  });

  it('hands a place its holder let expire (a worker that died) to the next waiter', async () => {
    const db = testEnv().db;
    const { company } = await createTenant('Dead holder');
    // Held with a TTL already over: its holder stopped renewing.
    expect(await takeOrQueue(db, company.id, 1, randomUUID(), 1, waiter('dead'))).to.deep.equal({ slot: 0 });
    const next = waiter('next');
    await new Promise((r) => setTimeout(r, 20));
    // A newcomer finds the expired place only if nobody waits: here the queue is empty, so queue a waiter first
    // while the place is still the dead holder's, as happens in a backlog.
    await db('company_activity_leases')
      .where({ company_id: company.id })
      .update({ expires_at: db.raw('DATE_ADD(NOW(3), INTERVAL 1 HOUR)') });
    expect(await takeOrQueue(db, company.id, 1, randomUUID(), TTL, next)).to.deep.equal({ queued: 0 });
    await db('company_activity_leases')
      .where({ company_id: company.id })
      .update({ expires_at: db.raw('DATE_SUB(NOW(3), INTERVAL 1 SECOND)') });

    const handed = await handOnExpiredPlaces(db, company.id, 1, TTL);
    expect(handed.map((h) => h.key)).to.deep.equal([next.key]);
    expect(await takeOrQueue(db, company.id, 1, randomUUID(), TTL, next)).to.deep.equal({ slot: 0 });
  });
});
