import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import { startApi, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { makeUser } from '../support/userFixtures';
import { testActivities } from '../support/worker';
import { recordCredentialCacheTtl } from '../../db/queries/credentialCacheTtls';
import { testConfig } from '../support/env';

// From the moment a company is marked for offboarding (companies.offboarding_at, the first thing
// `admin company:delete` does), nothing new is created for it: its parent's requests through
// childCompanyId are a 409 naming the child's offboarding, and a request its own key opened before the mark
// (a key an API process keeps for CREDENTIAL_CACHE_TTL) is refused by the insert itself, which reads the mark
// in the same statement. The test marks the row as the offboarding does, with no worker: nothing else runs.

const SAMPLE = JSON.parse(
  readFileSync(path.join(__dirname, '..', '..', 'scripts', 'sample-transcript.json'), 'utf8'),
) as Record<string, unknown>;

const mark = (companyId: string) =>
  testEnv().db('companies').where({ id: companyId }).update({ offboarding_at: new Date() });

describe('companies: nothing new once marked for offboarding', function () {
  this.timeout(60_000);
  let api: TestApi;

  before(async () => {
    // An hour: the keys stay cached for the whole test, as in an API process that authenticated them before the drain.
    api = await startApi({ CREDENTIAL_CACHE_TTL: '1h', TEMPORAL_TASK_QUEUE: 'offboarding-mark-unpolled' });
  });
  after(async () => {
    await api.close();
  });

  it("refuses a parent's export, erasure and user change for a marked child with 409 child_company_offboarding", async () => {
    const parent = await createTenant();
    const child = await createTenant(undefined, parent.company.id);
    const user = await makeUser(child.company.id);
    const childId = child.company.id;
    await mark(childId);

    const refused = [
      await api.request<ErrorBody>('POST', '/api/exports', {
        apiKey: parent.apiKey,
        json: { childCompanyId: childId },
      }),
      await api.request<ErrorBody>('POST', `/api/user/${user.id}/erase?childCompanyId=${childId}`, {
        apiKey: parent.apiKey,
      }),
      await api.request<ErrorBody>('PATCH', `/api/user/${user.id}`, {
        apiKey: parent.apiKey,
        json: { firstName: 'Renamed', childCompanyId: childId },
      }),
    ];
    for (const res of refused) {
      expect(res.status, res.text).to.equal(409);
      expect(res.body.error.code).to.equal('child_company_offboarding');
      expect(res.body.error.message)
        .to.contain(childId)
        .and.to.match(/offboarded/);
    }
    const db = testEnv().db;
    expect(await db('company_exports').where({ company_id: childId }).count({ n: '*' })).to.deep.equal([{ n: 0 }]);
    const row = (await db('users').where({ id: user.id }).first('first_name', 'erasure_requested_at')) as {
      first_name: string;
      erasure_requested_at: Date | null;
    };
    expect(row).to.deep.equal({ first_name: user.firstName, erasure_requested_at: null });
  });

  it('refuses what a key authenticated before the mark asks after it: the insert reads the mark', async () => {
    const tenant: TenantFixture = await createTenant();
    const companyId = tenant.company.id;
    const user = await makeUser(companyId);
    // Authenticated (and cached) before the mark.
    expect((await api.request('GET', '/api/user', { apiKey: tenant.apiKey })).status).to.equal(200);
    await mark(companyId);

    const refused = {
      export: await api.request<ErrorBody>('POST', '/api/exports', { apiKey: tenant.apiKey, json: {} }),
      recording: await api.request<ErrorBody>('POST', '/api/recording', { apiKey: tenant.apiKey, json: SAMPLE }),
      erasure: await api.request<ErrorBody>('POST', `/api/user/${user.id}/erase`, { apiKey: tenant.apiKey }),
      userChange: await api.request<ErrorBody>('PATCH', `/api/user/${user.id}`, {
        apiKey: tenant.apiKey,
        json: { firstName: 'Renamed' },
      }),
      webhookEndpoint: await api.request<ErrorBody>('POST', '/api/webhook-endpoints', {
        apiKey: tenant.apiKey,
        json: { url: 'https://hooks.example.com/late', events: ['recording.processing.completed'] },
      }),
    };
    for (const [what, res] of Object.entries(refused)) {
      expect(res.status, `${what}: ${res.text}`).to.equal(409);
      expect(res.body.error.code, what).to.equal('company_offboarding');
    }
    const db = testEnv().db;
    for (const table of ['company_exports', 'recordings', 'webhook_endpoints'])
      expect(await db(table).where({ company_id: companyId }).count({ n: '*' }), table).to.deep.equal([{ n: 0 }]);
    const row = (await db('users').where({ id: user.id }).first('first_name', 'erasure_requested_at')) as {
      first_name: string;
      erasure_requested_at: Date | null;
    };
    expect(row).to.deep.equal({ first_name: user.firstName, erasure_requested_at: null });
  });

  it("drains the longest credential cache an API process recorded, longer than the worker's own", async () => {
    const db = testEnv().db;
    const tenant = await createTenant();
    const activities = testActivities(testConfig({ CREDENTIAL_CACHE_TTL: '1s' }));
    // An API process running with a cache of 4 s and 321 ms records it as it starts (api/main.ts).
    await recordCredentialCacheTtl(db, 4321, new Date());
    try {
      const closed = await activities.closeCompanyCredentials(tenant.company.id);
      expect(closed).to.deep.equal({ revoked: 1, credentialCacheMs: 4321 });
    } finally {
      await db('api_credential_cache_ttls').where({ ttl_ms: 4321 }).delete();
    }
    // A value no process recorded for a day no longer counts: the worker's own is the floor.
    await recordCredentialCacheTtl(db, 5432, new Date(Date.now() - 2 * 24 * 3600_000));
    try {
      const other = await createTenant();
      expect((await activities.closeCompanyCredentials(other.company.id)).credentialCacheMs).to.be.within(1000, 5431);
    } finally {
      await db('api_credential_cache_ttls').where({ ttl_ms: 5432 }).delete();
    }
  });
});
