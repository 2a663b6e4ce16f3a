import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { SessionPage } from '../../api/schemas/sessions';
import { recountSessions } from '../../db/queries/sessionCounts';
import { insertSession, listSessions, type SessionFilter } from '../../db/queries/sessions';
import { startApi, type TestApi } from '../support/api';
import { createRoleplayFixture, createSessionFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { makeUser } from '../support/userFixtures';

// pagination.total comes from counters kept with every stored session, and pages in the older half of
// a list are read from the oldest end. Both must be invisible: every page and total equals what a plain
// sort and count of the company's sessions gives.

interface Stored {
  id: string;
  userId: string;
  roleplayId: string;
  createdAt: Date;
}

const newestFirst = (a: Stored, b: Stored): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe('session list pages and totals', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  const stored: Stored[] = [];
  let users: string[];
  let roleplays: string[];

  before(async () => {
    api = await startApi();
    tenant = await createTenant();
    users = [(await makeUser(tenant.company.id)).id, (await makeUser(tenant.company.id)).id];
    roleplays = [
      (await createRoleplayFixture(tenant.company.id)).id,
      (await createRoleplayFixture(tenant.company.id)).id,
    ];
    // 23 sessions over 6 instants, so that ties on created_at fall on page boundaries in both directions.
    for (let i = 0; i < 23; i += 1) {
      const s = {
        userId: users[i % 2],
        roleplayId: roleplays[Math.floor(i / 3) % 2],
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 6))),
      };
      stored.push({ id: await createSessionFixture({ companyId: tenant.company.id, ...s }), ...s });
    }
  });
  after(async () => api.close());

  const filters = (): Array<Omit<SessionFilter, 'offset' | 'limit'>> => [
    {},
    { userId: users[0] },
    { roleplayId: roleplays[1] },
    { userId: users[1], roleplayId: roleplays[0] },
  ];
  const expectedOf = (f: Omit<SessionFilter, 'offset' | 'limit'>): Stored[] =>
    stored
      .filter((s) => (!f.userId || s.userId === f.userId) && (!f.roleplayId || s.roleplayId === f.roleplayId))
      .sort(newestFirst);

  it('gives every page of every filter exactly the slice of the sorted list, whichever end it is read from', async () => {
    for (const f of filters()) {
      const expected = expectedOf(f);
      for (const limit of [1, 2, 5, 7, 30]) {
        for (let offset = 0; offset <= expected.length + 1; offset += 1) {
          const { rows, total } = await listSessions(testEnv().db, tenant.company.id, { ...f, offset, limit });
          const what = `${JSON.stringify(f)} offset ${offset} limit ${limit}`;
          expect(total, what).to.equal(expected.length);
          expect(
            rows.map((r) => r.id),
            what,
          ).to.deep.equal(expected.slice(offset, offset + limit).map((s) => s.id));
        }
      }
    }
  });

  it('answers the last page over HTTP like the first, with the filtered total', async () => {
    const expected = expectedOf({ userId: users[0] });
    const last = await api.request<SessionPage>(
      'GET',
      `/api/roleplay/session?userId=${users[0]}&offset=${expected.length - 2}&limit=5`,
      { apiKey: tenant.apiKey },
    );
    expect(last.status).to.equal(200);
    expect(last.body.data.map((s) => s.id)).to.deep.equal(expected.slice(-2).map((s) => s.id));
    expect(last.body.pagination).to.deep.equal({
      total: expected.length,
      offset: expected.length - 2,
      limit: 5,
      hasMore: false,
    });
  });

  it('counts each new session in the totals at once, and a failed insert in none', async () => {
    const t = await createTenant();
    const u = await makeUser(t.company.id);
    const rp = await createRoleplayFixture(t.company.id);
    const totals = async () =>
      Promise.all(
        [{}, { userId: u.id }, { roleplayId: rp.id }].map(
          async (f) => (await listSessions(testEnv().db, t.company.id, { ...f, offset: 0, limit: 1 })).total,
        ),
      );
    expect(await totals()).to.deep.equal([0, 0, 0]);
    await createSessionFixture({ companyId: t.company.id, userId: u.id, roleplayId: rp.id });
    await createSessionFixture({ companyId: t.company.id, userId: u.id, roleplayId: rp.id });
    expect(await totals()).to.deep.equal([2, 2, 2]);
    // Unknown user: the session insert fails on its foreign key, and its counters roll back with it.
    let failed = false;
    await createSessionFixture({ companyId: t.company.id, userId: randomUUID(), roleplayId: rp.id }).catch(
      () => (failed = true),
    );
    expect(failed).to.equal(true);
    expect(await totals()).to.deep.equal([2, 2, 2]);
    // Inside a caller's transaction that rolls back, nothing is counted either.
    await testEnv()
      .db.transaction(async (trx) => {
        await insertSession(trx, {
          companyId: t.company.id,
          userId: u.id,
          roleplayId: rp.id,
          score: 1,
          didPass: true,
          lengthMs: 1,
          wpm: 1,
          snippets: [],
          criteriaResponses: [],
          metricResponses: [],
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await totals()).to.deep.equal([2, 2, 2]);
  });

  it('recounts a company whose sessions were written without insertSession', async () => {
    const t = await createTenant();
    const u = await makeUser(t.company.id);
    const rp = await createRoleplayFixture(t.company.id);
    await createSessionFixture({ companyId: t.company.id, userId: u.id, roleplayId: rp.id });
    const raw = {
      company_id: t.company.id,
      user_id: u.id,
      roleplay_id: rp.id,
      score: 1,
      did_pass: true,
      length_ms: 1,
      wpm: 1,
    };
    await testEnv()
      .db('roleplay_sessions')
      .insert([1, 2, 3].map(() => ({ ...raw, id: randomUUID() })));
    expect((await listSessions(testEnv().db, t.company.id, { offset: 0, limit: 10 })).total).to.equal(1);
    await recountSessions(testEnv().db, t.company.id);
    for (const f of [{}, { userId: u.id }, { roleplayId: rp.id }]) {
      const { rows, total } = await listSessions(testEnv().db, t.company.id, { ...f, offset: 0, limit: 10 });
      expect(total).to.equal(4);
      expect(rows).to.have.length(4);
    }
    // The other company's counters are untouched.
    expect((await listSessions(testEnv().db, tenant.company.id, { offset: 0, limit: 1 })).total).to.equal(
      stored.length,
    );
  });
});
