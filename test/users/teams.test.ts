import { expect } from 'chai';
import { ensureIntegrationTeam } from '../../db/queries/teams';
import { startApi, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { countQueries, makeTeam } from '../support/userFixtures';

interface TeamBody {
  id: string;
  name: string;
  type: string;
  createdAt: string;
}
interface TeamPage {
  data: TeamBody[];
  pagination: { total: number; offset: number; limit: number; hasMore: boolean };
}
interface ErrorResponse {
  error: { code: string; details: Array<{ in: string; field: string }> };
}

describe('teams', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  before(async () => {
    api = await startApi();
    tenant = await createTenant('Teams Co');
  });
  after(async () => api.close());

  it('POST /api/team creates a standard team that the list shows first', async () => {
    const created = await api.request<TeamBody>('POST', '/api/team', { apiKey: tenant.apiKey, json: { name: 'East' } });
    expect(created.status).to.equal(201);
    expect(created.body).to.include({ name: 'East', type: 'standard' });
    const list = await api.request<TeamPage>('GET', '/api/team', { apiKey: tenant.apiKey });
    expect(list.status).to.equal(200);
    expect(list.body.data[0]).to.deep.equal(created.body);
  });

  it('lists the integration team with its type, pages stably, and shows no other company', async () => {
    const t = await createTenant();
    await ensureIntegrationTeam(testEnv().db, t.company.id);
    for (let i = 0; i < 4; i += 1) await makeTeam(t.company.id, `Team ${i}`);
    await makeTeam(tenant.company.id, 'Not theirs');
    const all = await api.request<TeamPage>('GET', '/api/team', { apiKey: t.apiKey });
    expect(all.body.pagination).to.deep.equal({ total: 5, offset: 0, limit: 100, hasMore: false });
    expect(all.body.data.filter((x) => x.type === 'integration').map((x) => x.name)).to.deep.equal(['Integration']);
    expect(all.body.data.map((x) => x.name)).to.not.include('Not theirs');
    const paged: string[] = [];
    for (let offset = 0; offset < 5; offset += 2) {
      const page = await api.request<TeamPage>('GET', `/api/team?offset=${offset}&limit=2`, { apiKey: t.apiKey });
      expect(page.body.pagination.hasMore).to.equal(offset + 2 < 5);
      paged.push(...page.body.data.map((x) => x.id));
    }
    expect(paged).to.deep.equal(all.body.data.map((x) => x.id));
    const past = await api.request<TeamPage>('GET', '/api/team?offset=5', { apiKey: t.apiKey });
    expect(past.body.data).to.deep.equal([]);
    const counted = await countQueries(() => api.request('GET', '/api/team?limit=1000', { apiKey: t.apiKey }));
    // The page and its total.
    expect(counted.queries).to.have.length(2);
  });

  for (const query of ['limit=0', 'limit=1001', 'offset=-1', 'limit=abc', 'limit=1.5', 'limit=1&limit=2']) {
    it(`GET /api/team?${query} → 400 naming the parameter`, async () => {
      const res = await api.request<ErrorResponse>('GET', `/api/team?${query}`, { apiKey: tenant.apiKey });
      expect(res.status).to.equal(400);
      expect(res.body.error.details[0].field).to.equal(query.split('=')[0]);
    });
  }

  it('POST /api/team rejects bad bodies, listing every problem, and creates nothing', async () => {
    const count = async () =>
      Number((await testEnv().db('teams').where({ company_id: tenant.company.id }).count({ n: '*' }))[0].n);
    const before = await count();
    const many = await api.request<ErrorResponse>('POST', '/api/team', {
      apiKey: tenant.apiKey,
      json: { name: '', color: 'red' },
    });
    expect(many.status).to.equal(400);
    expect(many.body.error.details.map((d) => d.field).sort()).to.deep.equal(['color', 'name']);
    for (const json of [{}, { name: 'x'.repeat(256) }, { name: 7 }, { name: 'Ok', type: 'integration' }]) {
      expect(
        (await api.request('POST', '/api/team', { apiKey: tenant.apiKey, json })).status,
        JSON.stringify(json),
      ).to.equal(400);
    }
    expect(await count()).to.equal(before);
  });

  it('401 without a key or with a wrong one', async () => {
    expect((await api.request('GET', '/api/team')).status).to.equal(401);
    expect((await api.request('GET', '/api/team', { apiKey: 'spk_bad' })).status).to.equal(401);
    expect((await api.request('POST', '/api/team', { json: { name: 'A' } })).status).to.equal(401);
  });
});
