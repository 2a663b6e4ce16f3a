import { randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { expect } from 'chai';
import type { ApiKeyList, ApiKeyWithSecret } from '../../api/schemas/apiKeys';
import type { ErrorBody } from '../../api/schemas/common';
import { SCOPES } from '../../common/scopes';
import { createApiKey, revokeApiKey } from '../../db/queries/credentials';
import { startApi, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';

// Scoped API keys through /api/api-keys (scope keys:manage).

type Issued = Static<typeof ApiKeyWithSecret>;
type Listed = Static<typeof ApiKeyList>;

describe('API keys: /api/api-keys and scopes', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let other: TenantFixture;
  before(async () => {
    api = await startApi();
    tenant = await createTenant();
    other = await createTenant();
  });
  after(() => api.close());

  const issue = (apiKey: string, json?: unknown) => api.request<Issued>('POST', '/api/api-keys', { apiKey, json });

  it('issues a key with the scopes asked for, shown once; it opens what they allow and 403s the rest naming the scope', async () => {
    const res = await issue(tenant.apiKey, { name: 'CRM reader', scopes: ['roleplays:read', 'sessions:read'] });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.deep.include({
      name: 'CRM reader',
      scopes: ['roleplays:read', 'sessions:read'],
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(res.body.key).to.match(/^spk_/);
    expect(res.body.key.startsWith(`spk_${res.body.prefix}`) || res.body.key.startsWith(res.body.prefix)).to.equal(
      true,
    );

    expect((await api.request('GET', '/api/roleplay', { apiKey: res.body.key })).status).to.equal(200);
    const refused = await api.request<ErrorBody>('POST', '/api/roleplay', {
      apiKey: res.body.key,
      json: { title: 'x' },
    });
    expect(refused.status).to.equal(403);
    expect(refused.body.error).to.deep.include({
      code: 'insufficient_scope',
      message: 'This API key does not have the scope roleplays:write.',
    });

    const listed = await api.request<Listed>('GET', '/api/api-keys', { apiKey: tenant.apiKey });
    expect(listed.status).to.equal(200);
    const mine = listed.body.data.find((k) => k.id === res.body.id);
    expect(mine?.lastUsedAt, 'used once: lastUsedAt is set').to.be.a('string');
    expect(listed.text).not.to.contain(res.body.key);
    expect(listed.body.data.map((k) => k.id)).to.include(tenant.apiKeyId);
    const theirs = await api.request<Listed>('GET', '/api/api-keys', { apiKey: other.apiKey });
    expect(theirs.body.data.map((k) => k.id)).not.to.include(res.body.id);
  });

  it("a key cannot grant a scope it does not hold; by default a new key gets the caller's scopes", async () => {
    const manager = await createApiKey(testEnv().db, tenant.company.id, 'manager', ['keys:manage', 'roleplays:read']);
    const before = await testEnv().db('api_keys').count({ n: '*' });
    const escalate = await api.request<ErrorBody>('POST', '/api/api-keys', {
      apiKey: manager.key,
      json: { scopes: ['roleplays:read', 'roleplays:write'] },
    });
    expect(escalate.status).to.equal(403);
    expect(escalate.body.error.code).to.equal('insufficient_scope');
    expect(escalate.body.error.message).to.contain('roleplays:write');
    expect(await testEnv().db('api_keys').count({ n: '*' })).to.deep.equal(before);

    const inherited = await issue(manager.key);
    expect(inherited.status).to.equal(201);
    expect(inherited.body.scopes).to.deep.equal(['roleplays:read', 'keys:manage']);
    const bad = await api.request<ErrorBody>('POST', '/api/api-keys', {
      apiKey: manager.key,
      json: { scopes: ['everything'] },
    });
    expect(bad.status).to.equal(400);
  });

  it("revokes a key of the company (then 401); unknown, revoked and other companies' keys are 404", async () => {
    const res = await issue(tenant.apiKey, { name: 'to revoke' });
    expect(res.body.scopes).to.deep.equal([...SCOPES]);
    const revoke = (id: string, apiKey = tenant.apiKey) =>
      api.request<ErrorBody>('DELETE', `/api/api-keys/${id}`, { apiKey });
    expect((await revoke(res.body.id, other.apiKey)).status).to.equal(404);
    expect((await revoke(res.body.id)).status).to.equal(204);
    expect((await api.request('GET', '/api/roleplay', { apiKey: res.body.key })).status).to.equal(401);
    expect((await revoke(res.body.id)).status).to.equal(404);
    expect((await revoke(randomUUID())).status).to.equal(404);
    const listed = await api.request<Listed>('GET', '/api/api-keys?limit=1000', { apiKey: tenant.apiKey });
    expect(listed.body.data.find((k) => k.id === res.body.id)?.revokedAt).to.be.a('string');
  });

  it('a key without keys:manage may not list, issue or revoke keys', async () => {
    const reader = await createApiKey(testEnv().db, tenant.company.id, 'reader', ['roleplays:read']);
    for (const [method, path] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['DELETE', `/api/api-keys/${tenant.apiKeyId}`],
    ]) {
      const res = await api.request<ErrorBody>(method, path, { apiKey: reader.key });
      expect(res.status, `${method} ${path}`).to.equal(403);
      expect(res.body.error.message).to.contain('keys:manage');
    }
  });

  describe('CREDENTIAL_CACHE_TTL', () => {
    /** GETs with `key`, answering their statuses and how many times the key's row was read meanwhile. */
    async function callsWith(
      server: TestApi,
      key: string,
      times: number,
    ): Promise<{ statuses: number[]; lookups: number }> {
      let lookups = 0;
      const listener = (q: { sql: string }) => {
        if (/^select\b/i.test(q.sql) && /`api_keys`/.test(q.sql)) lookups += 1;
      };
      testEnv().db.on('query', listener);
      try {
        const statuses: number[] = [];
        for (let i = 0; i < times; i += 1)
          statuses.push((await server.request('GET', '/api/roleplay', { apiKey: key })).status);
        return { statuses, lookups };
      } finally {
        testEnv().db.off('query', listener);
      }
    }

    it("a key's row is read once per TTL; revoked through the API it is refused at once, revoked elsewhere within the TTL", async () => {
      // Five seconds: the five calls fit in it also on a loaded machine. lru-cache keeps its own clock, so
      // the short TTL is the setting and the test waits for the positive signal: the key refused.
      const ttlMs = 5_000;
      const cached = await startApi({ CREDENTIAL_CACHE_TTL: `${ttlMs}ms` });
      try {
        const elsewhere = await createApiKey(testEnv().db, tenant.company.id, 'revoked by admin apikey:revoke', [
          ...SCOPES,
        ]);
        const first = await callsWith(cached, elsewhere.key, 1);
        const more = await callsWith(cached, elsewhere.key, 4);
        expect({
          statuses: [...first.statuses, ...more.statuses],
          lookups: first.lookups + more.lookups,
        }).to.deep.equal({ statuses: [200, 200, 200, 200, 200], lookups: 1 });
        // As `admin apikey:revoke` does: straight in the database, not through this process.
        await revokeApiKey(testEnv().db, elsewhere.id);
        // Kept until its TTL runs out, then read again and refused: asked every 200 ms until it is.
        for (let refused = false; !refused;) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          refused = (await callsWith(cached, elsewhere.key, 1)).statuses[0] === 401;
        }
        // A key that is not valid is not kept: each call reads its row.
        expect(await callsWith(cached, elsewhere.key, 2)).to.deep.equal({ statuses: [401, 401], lookups: 2 });

        const through = await createApiKey(testEnv().db, tenant.company.id, 'revoked through the API', [...SCOPES]);
        expect((await callsWith(cached, through.key, 2)).statuses).to.deep.equal([200, 200]);
        expect(
          (await cached.request('DELETE', `/api/api-keys/${through.id}`, { apiKey: tenant.apiKey })).status,
        ).to.equal(204);
        expect((await callsWith(cached, through.key, 1)).statuses).to.deep.equal([401]);
      } finally {
        await cached.close();
      }
    });

    it("0 reads the key's row on every request", async () => {
      const uncached = await startApi({ CREDENTIAL_CACHE_TTL: '0' });
      try {
        const key = await createApiKey(testEnv().db, tenant.company.id, 'never kept', [...SCOPES]);
        expect(await callsWith(uncached, key.key, 3)).to.deep.equal({ statuses: [200, 200, 200], lookups: 3 });
      } finally {
        await uncached.close();
      }
    });
  });
});
