import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import { SCOPES } from '../../common/scopes';
import { createApiKey, revokeApiKey } from '../../db/queries/credentials';
import { startApi, type TestApi } from '../support/api';
import { dbSnapshot } from '../support/dbSnapshot';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';

// Key management as an attacker holding a provisioning key (keys:manage only) would try it: it can
// neither issue nor revoke a key wider than itself; revoking a key ends the bearer tokens minted from
// it; and a company cannot grow past its ceilings (API keys, webhook endpoints) or its rate budget by
// minting keys, not even with concurrent requests.

const COUNT_PATH = '/api/company/get-active-user-count';

describe("key management within one's scopes, and per-company ceilings", function () {
  this.timeout(60_000);
  let api: TestApi;
  let tenant: TenantFixture;

  before(async () => {
    // A long credential cache: revocations must still be honoured at once by this process.
    api = await startApi({ RATE_LIMIT_POINTS: 0, CREDENTIAL_CACHE_TTL: '10m' });
  });
  after(() => api.close());
  beforeEach(async () => {
    tenant = await createTenant();
  });

  const revoke = (id: string, apiKey: string) => api.request<ErrorBody>('DELETE', `/api/api-keys/${id}`, { apiKey });

  it('a key cannot revoke a key holding a scope it lacks (403 naming it), and can revoke one within its own', async () => {
    const provisioning = await createApiKey(testEnv().db, tenant.company.id, 'provisioning', ['keys:manage']);
    const before = await dbSnapshot();
    const refused = await revoke(tenant.apiKeyId, provisioning.key);
    expect(refused.status, refused.text).to.equal(403);
    expect(refused.body.error.code).to.equal('insufficient_scope');
    expect(refused.body.error.message).to.equal('This API key does not have the scope roleplays:read.');
    expect(await dbSnapshot()).to.deep.equal(before);
    expect((await api.request('GET', '/api/roleplay', { apiKey: tenant.apiKey })).status).to.equal(200);

    const narrower = await createApiKey(testEnv().db, tenant.company.id, 'another provisioning key', ['keys:manage']);
    expect((await revoke(narrower.id, provisioning.key)).status).to.equal(204);
    expect((await api.request('GET', '/api/api-keys', { apiKey: narrower.key })).status).to.equal(401);

    const issued = await api.request<ErrorBody>('POST', '/api/api-keys', {
      apiKey: provisioning.key,
      json: { scopes: [...SCOPES] },
    });
    expect(issued.status).to.equal(403);
    expect(issued.body.error.message).to.contain('roleplays:read');
  });

  it("as reported: a provisioning key replaying the full-scope key's Idempotency-Key gets 409, not the new key's secret", async () => {
    const provisioning = await createApiKey(testEnv().db, tenant.company.id, 'provisioning', ['keys:manage']);
    const headers = { 'Idempotency-Key': `issue-${tenant.apiKeyId}` };
    const issued = await api.request<{ key: string }>('POST', '/api/api-keys', {
      apiKey: tenant.apiKey,
      json: {},
      headers,
    });
    expect(issued.status, issued.text).to.equal(201);
    const replayed = await api.request<ErrorBody>('POST', '/api/api-keys', {
      apiKey: provisioning.key,
      json: {},
      headers,
    });
    expect(replayed.status).to.equal(409);
    expect(replayed.body.error.code).to.equal('idempotency_key_reused');
    expect(replayed.body.error.message).to.contain('another credential');
    expect(replayed.text).to.not.contain(issued.body.key);
  });

  it('revoking a key ends the bearer tokens minted from it, and only those', async () => {
    const analytics = await createApiKey(testEnv().db, tenant.company.id, 'analytics', ['analytics:read']);
    const other = await createApiKey(testEnv().db, tenant.company.id, 'other analytics', ['analytics:read']);
    const mint = async (apiKey: string): Promise<string> => {
      const res = await api.request<{ accessToken: string }>('POST', '/api/auth/token', { apiKey });
      expect(res.status, res.text).to.equal(200);
      return res.body.accessToken;
    };
    const tokens = [await mint(analytics.key), await mint(analytics.key)];
    const survivor = await mint(other.key);
    for (const bearer of [...tokens, survivor])
      expect((await api.request('GET', COUNT_PATH, { bearer })).status).to.equal(200);

    expect((await revoke(analytics.id, tenant.apiKey)).status).to.equal(204);
    for (const bearer of tokens) {
      const res = await api.request<ErrorBody>('GET', COUNT_PATH, { bearer });
      expect(res.status).to.equal(401);
      expect(res.body.error.code).to.equal('invalid_credentials');
    }
    expect((await api.request('GET', COUNT_PATH, { bearer: survivor })).status).to.equal(200);
    const rows = (await testEnv()
      .db('bearer_tokens')
      .where({ api_key_id: analytics.id })
      .select('revoked_at')) as Array<{ revoked_at: Date | null }>;
    expect(rows.map((r) => r.revoked_at !== null)).to.deep.equal([true, true]);

    // Revoked by the admin CLI's query (another process, no API involved): the token ends with it too.
    await revokeApiKey(testEnv().db, other.id);
    expect((await api.request('GET', COUNT_PATH, { bearer: survivor })).status).to.equal(401);
  });

  describe('ceilings', () => {
    let limited: TestApi;
    before(async () => {
      limited = await startApi({ RATE_LIMIT_POINTS: 0, API_KEYS_PER_COMPANY: 4, WEBHOOK_ENDPOINTS_PER_COMPANY: 3 });
    });
    after(() => limited.close());

    it('API_KEYS_PER_COMPANY active keys at most, also when requests race; a revoked key frees its place', async () => {
      // The tenant's own key is one of the four.
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          limited.request<ErrorBody>('POST', '/api/api-keys', {
            apiKey: tenant.apiKey,
            json: { name: `racer ${i}`, scopes: ['roleplays:read'] },
          }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).to.deep.equal([201, 201, 201, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.error.code).to.equal('limit_reached');
        expect(refused.body.error.message).to.contain('4 active API keys');
      }
      const active = () =>
        testEnv().db('api_keys').where({ company_id: tenant.company.id }).whereNull('revoked_at').count({ n: '*' });
      expect(await active()).to.deep.equal([{ n: 4 }]);

      const oneOf = (answers.find((a) => a.status === 201)?.body as unknown as { id: string }).id;
      expect((await limited.request('DELETE', `/api/api-keys/${oneOf}`, { apiKey: tenant.apiKey })).status).to.equal(
        204,
      );
      expect(
        (
          await limited.request('POST', '/api/api-keys', {
            apiKey: tenant.apiKey,
            json: { scopes: ['roleplays:read'] },
          })
        ).status,
      ).to.equal(201);
      expect(await active()).to.deep.equal([{ n: 4 }]);
    });

    it('WEBHOOK_ENDPOINTS_PER_COMPANY endpoints at most, also when requests race', async () => {
      const create = (i: number) =>
        limited.request<ErrorBody>('POST', '/api/webhook-endpoints', {
          apiKey: tenant.apiKey,
          json: { url: `https://hooks.example.com/${i}`, events: ['recording.processing.completed'] },
        });
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => create(i)));
      expect(answers.map((a) => a.status).sort()).to.deep.equal([201, 201, 201, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.error.code).to.equal('limit_reached');
        expect(refused.body.error.message).to.contain('3 webhook endpoints');
      }
      expect(
        await testEnv().db('webhook_endpoints').where({ company_id: tenant.company.id }).count({ n: '*' }),
      ).to.deep.equal([{ n: 3 }]);
    });
  });

  it('the rate limit applies per company as well as per key: minting keys does not multiply it', async () => {
    const budgeted = await startApi({ RATE_LIMIT_POINTS: 3, RATE_LIMIT_COMPANY_POINTS: 5, RATE_LIMIT_DURATION: '1m' });
    try {
      const statuses = async (apiKey: string, times: number): Promise<number[]> => {
        const seen: number[] = [];
        for (let i = 0; i < times; i += 1) seen.push((await budgeted.request('GET', '/api/team', { apiKey })).status);
        return seen;
      };
      expect(await statuses(tenant.apiKey, 4)).to.deep.equal([200, 200, 200, 429]);
      const minted = await createApiKey(testEnv().db, tenant.company.id, 'minted to get more', [...SCOPES]);
      expect(await statuses(minted.key, 3)).to.deep.equal([200, 200, 429]);
      const refused = await budgeted.request<ErrorBody>('GET', '/api/team', {
        apiKey: (await createApiKey(testEnv().db, tenant.company.id, 'yet another', [...SCOPES])).key,
      });
      expect(refused.status).to.equal(429);
      expect(refused.body.error.message).to.contain('5 per 60 s for the whole company');
      expect(refused.headers.get('ratelimit-limit')).to.equal('5');
      // Another company's budget is its own.
      expect(await statuses((await createTenant()).apiKey, 1)).to.deep.equal([200]);
    } finally {
      await budgeted.close();
    }
  });
});
