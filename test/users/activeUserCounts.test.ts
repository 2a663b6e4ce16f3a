import { expect } from 'chai';
import { createBearerToken, revokeBearerToken } from '../../db/queries/credentials';
import { startApi, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';
import {
  countQueries,
  createCompanyFamily,
  insertInvitation,
  makeTeam,
  makeUser,
  type CompanyFamily,
} from '../support/userFixtures';

interface Counts {
  total: number;
  reps: number;
  managers: number;
  lms: number;
}
interface Entry {
  companyId: string;
  companyName: string;
  counts: Counts;
  users: Array<{ firstName: string; lastName: string; role: string; lastLoggedIn: string | null }>;
}
interface CountsBody {
  totalCounts: Counts;
  mainCompany: Entry;
  childCompanies: Entry[];
}

const COUNTS_BEARER = '/api/company/get-active-user-count';
const COUNTS_KEY = '/api/analytics/get-active-user-count';

describe('active-user counts', () => {
  let api: TestApi;
  let family: CompanyFamily;
  let bearer: string;
  const loggedIn = new Date('2026-11-01T08:30:00.000Z');

  before(async () => {
    api = await startApi();
    family = await createCompanyFamily('Counts');
    const main = family.caller.company.id;
    const c1 = family.child1.company.id;
    const c2 = family.child2.company.id;
    // Caller: 2 reps, 1 manager, 1 integration active; a disabled rep and manager; an outstanding invitation.
    await makeUser(main, { role: 'Rep', firstName: 'Ada', lastName: 'Rep', lastLoggedInAt: loggedIn });
    await makeUser(main, { role: 'Rep', firstName: 'Ben', lastName: 'Rep' });
    await makeUser(main, { role: 'Manager', firstName: 'Cat', lastName: 'Boss' });
    await makeUser(main, { role: 'Integration', firstName: 'LMS', lastName: null });
    await makeUser(main, { role: 'Rep', status: 'disabled' });
    await makeUser(main, { role: 'Manager', status: 'disabled' });
    await insertInvitation(main, (await makeTeam(main)).id);
    // Child 1: a rep without last name who logged in, an active and a disabled integration user.
    await makeUser(c1, { role: 'Rep', firstName: 'Dan', lastName: null, lastLoggedInAt: loggedIn });
    await makeUser(c1, { role: 'Integration', firstName: 'Hook', lastName: 'Bot' });
    await makeUser(c1, { role: 'Integration', status: 'disabled' });
    // Child 2: one manager.
    await makeUser(c2, { role: 'Manager', firstName: 'Eve', lastName: 'Lead' });
    // Not direct children: never counted.
    await makeUser(family.grandchild.company.id, { role: 'Rep' });
    await makeUser(family.sibling.company.id, { role: 'Rep' });
    await makeUser(family.root.company.id, { role: 'Manager' });
    bearer = (await createBearerToken(testEnv().db, main, 60_000)).accessToken;
  });
  after(async () => api.close());

  function checkBody(body: CountsBody): void {
    expect(body.mainCompany).to.deep.include({
      companyId: family.caller.company.id,
      companyName: family.caller.company.name,
      counts: { total: 4, reps: 2, managers: 1, lms: 1 },
    });
    expect(body.mainCompany.users).to.have.deep.members([
      { firstName: 'Ada', lastName: 'Rep', role: 'Rep', lastLoggedIn: loggedIn.toISOString() },
      { firstName: 'Ben', lastName: 'Rep', role: 'Rep', lastLoggedIn: null },
      { firstName: 'Cat', lastName: 'Boss', role: 'Manager', lastLoggedIn: null },
      { firstName: 'LMS', lastName: '', role: 'Integration', lastLoggedIn: null },
    ]);
    expect(body.childCompanies.map((c) => c.companyId)).to.have.members([
      family.child1.company.id,
      family.child2.company.id,
    ]);
    const c1 = body.childCompanies.find((c) => c.companyId === family.child1.company.id);
    const c2 = body.childCompanies.find((c) => c.companyId === family.child2.company.id);
    expect(c1).to.deep.include({
      companyName: family.child1.company.name,
      counts: { total: 2, reps: 1, managers: 0, lms: 1 },
    });
    expect(c1?.users).to.have.deep.members([
      { firstName: 'Dan', lastName: '', role: 'Rep', lastLoggedIn: loggedIn.toISOString() },
      { firstName: 'Hook', lastName: 'Bot', role: 'Integration', lastLoggedIn: null },
    ]);
    expect(c2).to.deep.include({
      counts: { total: 1, reps: 0, managers: 1, lms: 0 },
      users: [{ firstName: 'Eve', lastName: 'Lead', role: 'Manager', lastLoggedIn: null }],
    });
    expect(body.totalCounts).to.deep.equal({ total: 7, reps: 3, managers: 2, lms: 2 });
  }

  it('4.1 with a bearer token counts the caller and its direct children', async () => {
    const res = await api.request<CountsBody>('GET', COUNTS_BEARER, { bearer });
    expect(res.status).to.equal(200);
    checkBody(res.body);
  });

  it('4.2 with an API key answers the same', async () => {
    const res = await api.request<CountsBody>('GET', COUNTS_KEY, { apiKey: family.caller.apiKey });
    expect(res.status).to.equal(200);
    checkBody(res.body);
    const viaBearer = await api.request<CountsBody>('GET', COUNTS_BEARER, { bearer });
    expect(viaBearer.body).to.deep.equal(res.body);
  });

  it('a company without children or users has zero counts and no child entries', async () => {
    const lone = await createTenant('Lonely');
    const res = await api.request<CountsBody>('GET', COUNTS_KEY, { apiKey: lone.apiKey });
    const zero = { total: 0, reps: 0, managers: 0, lms: 0 };
    expect(res.body).to.deep.equal({
      totalCounts: zero,
      mainCompany: { companyId: lone.company.id, companyName: 'Lonely', counts: zero, users: [] },
      childCompanies: [],
    });
  });

  it('4.1 refuses a missing, wrong, expired or revoked bearer token and an API key (401)', async () => {
    const db = testEnv().db;
    const expired = await createBearerToken(db, family.caller.company.id, -1000);
    const revoked = await createBearerToken(db, family.caller.company.id, 60_000);
    await revokeBearerToken(db, revoked.id);
    const attempts: Array<[string, Parameters<TestApi['request']>[2]]> = [
      ['missing', {}],
      ['wrong', { bearer: 'spt_not-a-token' }],
      ['tampered', { bearer: bearer.slice(0, -3) + 'abc' }],
      ['expired', { bearer: expired.accessToken }],
      ['revoked', { bearer: revoked.accessToken }],
      ['api key', { apiKey: family.caller.apiKey }],
      ['api key as bearer', { bearer: family.caller.apiKey }],
      ['not bearer scheme', { headers: { authorization: `Basic ${bearer}` } }],
    ];
    for (const [why, options] of attempts) {
      const res = await api.request('GET', COUNTS_BEARER, options);
      expect(res.status, why).to.equal(401);
    }
  });

  it('4.2 refuses a missing or wrong key and a bearer token (401)', async () => {
    expect((await api.request('GET', COUNTS_KEY)).status).to.equal(401);
    expect((await api.request('GET', COUNTS_KEY, { apiKey: 'spk_wrong' })).status).to.equal(401);
    expect((await api.request('GET', COUNTS_KEY, { bearer })).status).to.equal(401);
  });

  it('takes no parameters (400)', async () => {
    const res = await api.request<{ error: { details: Array<{ field: string }> } }>(
      'GET',
      `${COUNTS_KEY}?child_company_id=${family.child1.company.id}`,
      {
        apiKey: family.caller.apiKey,
      },
    );
    expect(res.status).to.equal(400);
    expect(res.body.error.details[0].field).to.equal('child_company_id');
  });

  it('uses the same small number of queries with or without children and users', async () => {
    const lone = await createTenant();
    const few = await countQueries(() => api.request('GET', COUNTS_KEY, { apiKey: lone.apiKey }));
    const many = await countQueries(() => api.request('GET', COUNTS_KEY, { apiKey: family.caller.apiKey }));
    // Children, grouped counts, active users.
    expect(few.queries).to.have.length(3);
    expect(many.queries).to.have.length(3);
  });
});
