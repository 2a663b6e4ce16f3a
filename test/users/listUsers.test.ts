import { expect } from 'chai';
import { invitationUrl } from '../../common/invitationLinks';
import { createBearerToken } from '../../db/queries/credentials';
import { startApi, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  countQueries,
  createCompanyFamily,
  forbiddenScopes,
  insertInvitation,
  makeTeam,
  makeUser,
  type CompanyFamily,
} from '../support/userFixtures';

interface Page {
  data: Array<{
    id: string;
    firstName: string;
    lastName: string | null;
    email: string;
    role: string;
    createdAt: string;
    teamId: string | null;
  }>;
  pagination: { total: number; offset: number; limit: number; hasMore: boolean };
}
interface Records {
  users: Array<{
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    role: string;
    status: string;
    externalId: string | null;
    createdAt: string;
    invitationUrl: string | null;
  }>;
}
interface ErrorResponse {
  error: { code: string; message: string; details: Array<{ in: string; field: string; message: string }> };
}

/** The ids of a company's users in the listing order: newest first, ties by id (descending). */
async function expectedOrder(companyId: string): Promise<string[]> {
  const rows = await testEnv()
    .db('users')
    .select('id')
    .where({ company_id: companyId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return rows.map((r: { id: string }) => r.id);
}

describe('GET /api/user', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  before(async () => {
    api = await startApi();
    tenant = await createTenant('Listing Co');
    const team = await makeTeam(tenant.company.id);
    // Same created_at for several rows, so that ordering must break ties by id.
    const sameInstant = new Date('2026-01-01T10:00:00.000Z');
    for (let i = 0; i < 5; i += 1) await makeUser(tenant.company.id, { teamId: team.id });
    await makeUser(tenant.company.id, { role: 'Manager', lastName: null, teamId: null });
    await makeUser(tenant.company.id, { role: 'Integration', status: 'disabled' });
    await testEnv().db('users').where({ company_id: tenant.company.id }).limit(3).update({ created_at: sameInstant });
  });
  after(async () => api.close());

  it('lists the read shape with pagination, newest first', async () => {
    const res = await api.request<Page>('GET', '/api/user', { apiKey: tenant.apiKey });
    expect(res.status).to.equal(200);
    expect(res.body.pagination).to.deep.equal({ total: 7, offset: 0, limit: 100, hasMore: false });
    expect(res.body.data.map((u) => u.id)).to.deep.equal(await expectedOrder(tenant.company.id));
    const manager = res.body.data.find((u) => u.role === 'Manager');
    expect(manager?.lastName).to.equal(null);
    expect(manager?.teamId).to.equal(null);
    expect(res.body.data.map((u) => u.role)).to.include.members(['Rep', 'Manager', 'Integration']);
  });

  it('pages without skipping or repeating, with hasMore and an empty page past the end', async () => {
    const order = await expectedOrder(tenant.company.id);
    const seen: string[] = [];
    for (let offset = 0; offset < 7; offset += 2) {
      const res = await api.request<Page>('GET', `/api/user?offset=${offset}&limit=2`, { apiKey: tenant.apiKey });
      expect(res.body.pagination).to.deep.equal({ total: 7, offset, limit: 2, hasMore: offset + 2 < 7 });
      seen.push(...res.body.data.map((u) => u.id));
    }
    expect(seen).to.deep.equal(order);
    const last = await api.request<Page>('GET', '/api/user?offset=6&limit=1000', { apiKey: tenant.apiKey });
    expect(last.body.data).to.have.length(1);
    expect(last.body.pagination.hasMore).to.equal(false);
    const past = await api.request<Page>('GET', '/api/user?offset=50', { apiKey: tenant.apiKey });
    expect(past.status).to.equal(200);
    expect(past.body).to.deep.equal({ data: [], pagination: { total: 7, offset: 50, limit: 100, hasMore: false } });
  });

  it('an empty company lists nothing', async () => {
    const empty = await createTenant();
    const res = await api.request<Page>('GET', '/api/user', { apiKey: empty.apiKey });
    expect(res.body).to.deep.equal({ data: [], pagination: { total: 0, offset: 0, limit: 100, hasMore: false } });
  });

  for (const [query, param] of [
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['offset=-1', 'offset'],
    ['limit=abc', 'limit'],
    ['offset=abc', 'offset'],
    ['limit=1.5', 'limit'],
    ['offset=1.5', 'offset'],
    ['limit=5&limit=6', 'limit'],
    ['offset=1&offset=2', 'offset'],
    ['child_company_id=not-a-uuid', 'child_company_id'],
    ['childCompanyId=' + '00000000-0000-4000-8000-000000000000', 'childCompanyId'],
    ['unknown=1', 'unknown'],
  ] as const) {
    it(`rejects ${query} with a 400 naming ${param}`, async () => {
      const res = await api.request<ErrorResponse>('GET', `/api/user?${query}`, { apiKey: tenant.apiKey });
      expect(res.status).to.equal(400);
      expect(res.body.error.details.map((d) => [d.in, d.field])).to.deep.include(['query', param]);
    });
  }

  it('names every bad parameter at once', async () => {
    const res = await api.request<ErrorResponse>('GET', '/api/user?offset=-1&limit=0', { apiKey: tenant.apiKey });
    expect(res.status).to.equal(400);
    expect(res.body.error.details.map((d) => d.field).sort()).to.deep.equal(['limit', 'offset']);
  });

  it('401 without a key or with a wrong one, and a bearer token is not an API key', async () => {
    expect((await api.request('GET', '/api/user')).status).to.equal(401);
    expect((await api.request('GET', '/api/user', { apiKey: 'spk_nope' })).status).to.equal(401);
    expect((await api.request('GET', '/api/user', { apiKey: tenant.apiKey.slice(0, -2) + 'xx' })).status).to.equal(401);
    const token = await createBearerToken(testEnv().db, tenant.company.id, 60_000);
    expect((await api.request('GET', '/api/user', { bearer: token.accessToken })).status).to.equal(401);
  });

  it('uses a fixed number of queries whatever the page size', async () => {
    const small = await countQueries(() => api.request('GET', '/api/user?limit=1', { apiKey: tenant.apiKey }));
    const large = await countQueries(() => api.request('GET', '/api/user?limit=1000', { apiKey: tenant.apiKey }));
    // One for the page, one for the total.
    expect(small.queries).to.have.length(2);
    expect(large.queries).to.have.length(2);
  });

  describe('with child_company_id', () => {
    let family: CompanyFamily;
    let childUsers: Awaited<ReturnType<typeof makeUser>>[];
    let pending: Awaited<ReturnType<typeof insertInvitation>>;
    before(async () => {
      family = await createCompanyFamily('List');
      const childId = family.child1.company.id;
      const team = await makeTeam(childId);
      childUsers = [
        await makeUser(childId, { role: 'Rep', externalId: 'ext-1', teamId: team.id }),
        await makeUser(childId, { role: 'Manager', lastName: null }),
        await makeUser(childId, { role: 'Integration' }),
        await makeUser(childId, { role: 'Manager', status: 'disabled' }),
      ];
      pending = await insertInvitation(childId, team.id, { role: 'Manager', firstName: 'Ivy', externalId: 'inv-ext' });
      await insertInvitation(childId, team.id, { expiresAt: new Date(Date.now() - 1000) }); // expired by time
      await insertInvitation(childId, team.id, { status: 'expired' });
      await insertInvitation(childId, team.id, { status: 'revoked' });
      await insertInvitation(childId, team.id, { status: 'accepted' });
      await makeUser(family.child2.company.id);
      await makeUser(family.caller.company.id);
    });

    it("answers {users} in the update-record shape with the child's outstanding invitations", async () => {
      const res = await api.request<Records>('GET', `/api/user?child_company_id=${family.child1.company.id}`, {
        apiKey: family.caller.apiKey,
      });
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body)).to.deep.equal(['users']);
      const byId = new Map(res.body.users.map((u) => [u.id, u]));
      expect(res.body.users).to.have.length(5);
      const [rep, manager, integration, disabled] = childUsers;
      expect(byId.get(rep.id)).to.deep.equal({
        id: rep.id,
        email: rep.email,
        firstName: rep.firstName,
        lastName: rep.lastName,
        role: 'User',
        status: 'active',
        externalId: 'ext-1',
        createdAt: rep.createdAt.toISOString(),
        invitationUrl: null,
      });
      expect(byId.get(manager.id)).to.include({ role: 'Manager', status: 'active', lastName: null, externalId: null });
      expect(byId.get(integration.id)).to.include({ role: 'User', status: 'active' });
      expect(byId.get(disabled.id)).to.include({ role: 'Disabled', status: 'disabled' });
      expect(byId.get(pending.id)).to.deep.include({
        email: pending.email,
        firstName: 'Ivy',
        lastName: null,
        role: 'Manager',
        status: 'invited',
        externalId: 'inv-ext',
        invitationUrl: invitationUrl(api.config.PUBLIC_URL, pending.token),
      });
    });

    it('applies offset and limit to the {users} list, newest first', async () => {
      const all = await api.request<Records>('GET', `/api/user?child_company_id=${family.child1.company.id}`, {
        apiKey: family.caller.apiKey,
      });
      const created = all.body.users.map((u) => u.createdAt);
      expect(created).to.deep.equal([...created].sort().reverse());
      const paged: string[] = [];
      for (let offset = 0; offset < 6; offset += 2) {
        const res = await api.request<Records>(
          'GET',
          `/api/user?child_company_id=${family.child1.company.id}&offset=${offset}&limit=2`,
          {
            apiKey: family.caller.apiKey,
          },
        );
        paged.push(...res.body.users.map((u) => u.id));
      }
      expect(paged).to.deep.equal(all.body.users.map((u) => u.id));
    });

    it('uses a fixed number of queries', async () => {
      const path = `/api/user?child_company_id=${family.child1.company.id}`;
      const one = await countQueries(() => api.request('GET', `${path}&limit=1`, { apiKey: family.caller.apiKey }));
      const all = await countQueries(() => api.request('GET', path, { apiKey: family.caller.apiKey }));
      // Child-company check, page, totals.
      expect(one.queries).to.have.length(3);
      expect(all.queries).to.have.length(3);
    });

    it('403 for every company that is not a direct child; 400 for a malformed id', async () => {
      for (const [why, id] of forbiddenScopes(family)) {
        const res = await api.request<ErrorResponse>('GET', `/api/user?child_company_id=${id}`, {
          apiKey: family.caller.apiKey,
        });
        expect(res.status, why).to.equal(403);
        expect(res.body.error.code, why).to.equal('child_company_forbidden');
      }
      const malformed = await api.request('GET', '/api/user?child_company_id=1234', { apiKey: family.caller.apiKey });
      expect(malformed.status).to.equal(400);
    });

    it('the second direct child works too', async () => {
      const res = await api.request<Records>('GET', `/api/user?child_company_id=${family.child2.company.id}`, {
        apiKey: family.caller.apiKey,
      });
      expect(res.status).to.equal(200);
      expect(res.body.users).to.have.length(1);
    });
  });
});
