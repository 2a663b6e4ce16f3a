import { expect } from 'chai';
import { startApi, type TestApi } from '../support/api';
import { createRoleplayFixture, createScriptFixture, createSessionFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { makeUser } from '../support/userFixtures';

interface QueryEvent {
  sql: string;
}

/** The SQL statements one request runs, from Knex's query events, minus the credential lookup. */
async function statementsOf(api: TestApi, path: string, apiKey: string): Promise<string[]> {
  const seen: string[] = [];
  const listener = (q: QueryEvent) => seen.push(q.sql);
  testEnv().db.on('query', listener);
  try {
    const res = await api.request('GET', path, { apiKey });
    expect(res.status, path).to.equal(200);
  } finally {
    testEnv().db.off('query', listener);
  }
  return seen.filter((sql) => !/`api_keys`|`companies`/.test(sql));
}

describe('list endpoints run a fixed number of queries', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let single: TenantFixture;
  let filterUserId: string;
  before(async function () {
    this.timeout(120_000);
    api = await startApi();
    tenant = await createTenant();
    const users = [await makeUser(tenant.company.id), await makeUser(tenant.company.id)];
    filterUserId = users[0].id;
    single = await createTenant();
    const only = await makeUser(single.company.id);
    const rp = await createRoleplayFixture(single.company.id);
    await createScriptFixture(single.company.id);
    await createSessionFixture({ companyId: single.company.id, roleplayId: rp.id, userId: only.id });
    for (let i = 0; i < 30; i += 1) {
      const rp = await createRoleplayFixture(tenant.company.id);
      await createScriptFixture(tenant.company.id);
      await createSessionFixture({ companyId: tenant.company.id, roleplayId: rp.id, userId: users[i % 2].id });
    }
  });
  after(async () => api.close());

  for (const [path, maxStatements] of [
    ['/api/roleplay/session', 2],
    ['/api/memorization/script', 2],
    ['/api/roleplay', 1],
  ] as const) {
    it(`GET ${path}: ${maxStatements} statement(s) whether the answer holds 1 row or 30`, async () => {
      const small = await statementsOf(api, path, single.apiKey);
      const big = await statementsOf(api, path, tenant.apiKey);
      expect(big, big.join('\n')).to.have.length(maxStatements);
      expect(small).to.have.length(maxStatements);
    });
  }

  it('GET /api/roleplay/session with a filter: still two statements', async () => {
    const statements = await statementsOf(
      api,
      `/api/roleplay/session?userId=${filterUserId}&limit=1000`,
      tenant.apiKey,
    );
    expect(statements).to.have.length(2);
    // The total is the user's counter row; the page walks the user's index.
    expect(statements.filter((sql) => sql.includes('`session_counts`') && sql.includes('`scope` = ?'))).to.have.length(
      1,
    );
    expect(statements.filter((sql) => sql.includes('`s`.`user_id` = ?'))).to.have.length(1);
  });
});
