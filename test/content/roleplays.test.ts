import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { Roleplay } from '../../api/schemas/roleplays';
import { startApi, type TestApi } from '../support/api';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';

const RESPONSE_KEYS = [
  'id',
  'title',
  'instructions',
  'passingScore',
  'isLive',
  'conversationType',
  'customerPersona',
  'customerBackground',
  'customAttributes',
];

/** The stored row, every column: what "nothing was written" is checked against. */
const storedRow = (id: string) => testEnv().db('roleplays').where({ id }).first() as Promise<Record<string, unknown>>;
const fields = (res: { body: unknown }) => (res.body as ErrorBody).error.details.map((d) => `${d.in}:${d.field}`);

const minimalCreate = {
  title: 'Discovery call',
  conversationType: { title: 'Discovery', roleplayType: 'Train' },
  customerPersona: { name: 'Alex' },
  customerBackground: { title: 'Retail chain' },
};

describe('roleplays API', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let other: TenantFixture;
  before(async () => {
    api = await startApi();
    tenant = await createTenant();
    other = await createTenant();
  });
  after(async () => api.close());

  describe('authentication', () => {
    for (const [method, path] of [
      ['GET', '/api/roleplay'],
      ['POST', '/api/roleplay'],
      ['GET', `/api/roleplay/${randomUUID()}`],
      ['PATCH', `/api/roleplay/${randomUUID()}`],
    ]) {
      it(`${method} ${path.replace(/[0-9a-f-]{36}/, '{id}')} answers 401 without a key and with a wrong key`, async () => {
        const json = method === 'GET' ? undefined : { title: 'x' };
        const none = await api.request<ErrorBody>(method, path, { json });
        expect(none.status).to.equal(401);
        expect(none.body.error.code).to.equal('missing_credentials');
        const wrong = await api.request<ErrorBody>(method, path, { json, apiKey: 'spk_notarealkey_0000000000000000' });
        expect(wrong.status).to.equal(401);
        expect(wrong.body.error.code).to.equal('invalid_credentials');
      });
    }
  });

  describe('POST /api/roleplay', () => {
    it('creates a draft with the defaults and answers only the response fields', async () => {
      const res = await api.request<Roleplay>('POST', '/api/roleplay', { apiKey: tenant.apiKey, json: minimalCreate });
      expect(res.status).to.equal(201);
      expect(Object.keys(res.body).sort()).to.deep.equal([...RESPONSE_KEYS].sort());
      expect(res.body).to.deep.include({
        title: 'Discovery call',
        instructions: null,
        passingScore: 70,
        isLive: false,
        customAttributes: {},
      });
      expect(res.body.customerPersona).to.deep.equal({ name: 'Alex', imageUrl: '', tags: [] });
      expect(res.body.customerBackground).to.deep.equal({ title: 'Retail chain', tags: [] });
      const row = await storedRow(res.body.id);
      expect(row).to.include({
        company_id: tenant.company.id,
        language: 'en',
        timer_in_seconds: null,
        max_attempts: null,
      });
    });

    it("takes Replay's roleplay types Train and Interview, defaults to Train, and refuses anything else by name", async () => {
      const interview = await api.request<Roleplay>('POST', '/api/roleplay', {
        apiKey: tenant.apiKey,
        json: { ...minimalCreate, conversationType: { title: 'Final round', roleplayType: 'Interview' } },
      });
      expect(interview.status).to.equal(201);
      expect(interview.body.conversationType).to.deep.equal({ title: 'Final round', roleplayType: 'Interview' });
      const defaulted = await api.request<Roleplay>('POST', '/api/roleplay', {
        apiKey: tenant.apiKey,
        json: { ...minimalCreate, conversationType: { title: 'Practice' } },
      });
      expect(defaulted.status).to.equal(201);
      expect(defaulted.body.conversationType).to.deep.equal({ title: 'Practice', roleplayType: 'Train' });
      const got = await api.request<Roleplay>('GET', `/api/roleplay/${defaulted.body.id}`, { apiKey: tenant.apiKey });
      expect(got.body.conversationType.roleplayType).to.equal('Train');
      for (const roleplayType of ['cold-call', 'train', 'TRAIN', '']) {
        const before = await testEnv().db('roleplays').count({ n: '*' });
        const res = await api.request<ErrorBody>('POST', '/api/roleplay', {
          apiKey: tenant.apiKey,
          json: { ...minimalCreate, conversationType: { title: 'x', roleplayType } },
        });
        expect(res.status, roleplayType).to.equal(400);
        expect(
          res.body.error.details.find((d) => d.field === 'conversationType.roleplayType')?.message,
          roleplayType,
        ).to.match(/Train.*Interview/);
        expect(await testEnv().db('roleplays').count({ n: '*' })).to.deep.equal(before);
      }
    });

    it('stores write-only fields and the scorecard without ever returning them', async () => {
      const scorecard = {
        criteria: [
          { title: 'Asked about budget', description: 'Budget came up', weight: 3, sectionTitle: 'Qualification' },
        ],
        metrics: [{ title: 'Filler words', description: 'Few fillers', weight: 1, sectionTitle: 'Delivery' }],
      };
      const res = await api.request<Roleplay>('POST', '/api/roleplay', {
        apiKey: tenant.apiKey,
        json: {
          ...minimalCreate,
          objective: 'Secret plan',
          language: 'cs',
          isBlind: true,
          keyterms: ['SLA'],
          timerInSeconds: 300,
          scorecard,
          isLive: true,
        },
      });
      expect(res.status).to.equal(201);
      expect(res.body.isLive).to.equal(true);
      expect(res.text).not.to.match(/objective|isBlind|keyterms|timerInSeconds|scorecard|Secret plan/);
      const row = await storedRow(res.body.id);
      expect(row).to.include({ objective: 'Secret plan', language: 'cs', timer_in_seconds: 300 });
      const stored = typeof row.scorecard === 'string' ? JSON.parse(row.scorecard) : row.scorecard;
      expect(stored).to.deep.equal(scorecard);
    });

    it('lists every problem of a bad body and writes nothing', async () => {
      const before = await testEnv().db('roleplays').count({ n: '*' });
      const res = await api.request<ErrorBody>('POST', '/api/roleplay', {
        apiKey: tenant.apiKey,
        json: {
          title: '',
          passingScore: 101,
          language: 'de',
          conversationType: { title: 'x', roleplayType: 'Not A Slug' },
          customerPersona: { name: 'A', imageUrl: 'not a url' },
          colour: 'red',
        },
      });
      expect(res.status).to.equal(400);
      expect(fields(res)).to.include.members([
        'body:title',
        'body:passingScore',
        'body:language',
        'body:conversationType.roleplayType',
        'body:customerPersona.imageUrl',
        'body:customerBackground',
        'body:colour',
      ]);
      expect(await testEnv().db('roleplays').count({ n: '*' })).to.deep.equal(before);
    });
  });

  describe('GET /api/roleplay', () => {
    it("is a bare array of the caller's roleplays, newest first, drafts included", async () => {
      const t = await createTenant();
      const older = await createRoleplayFixture(t.company.id, { createdAt: new Date('2026-01-01T00:00:00Z') });
      const newer = await createRoleplayFixture(t.company.id, {
        createdAt: new Date('2026-02-01T00:00:00Z'),
        isLive: true,
      });
      await createRoleplayFixture(other.company.id);
      const res = await api.request<Roleplay[]>('GET', '/api/roleplay', { apiKey: t.apiKey });
      expect(res.status).to.equal(200);
      expect(res.body.map((r) => r.id)).to.deep.equal([newer.id, older.id]);
      expect(res.body[0]).to.deep.include({ isLive: true, customerPersona: newer.customerPersona });
    });

    it('is an empty array for a company without roleplays', async () => {
      const t = await createTenant();
      const res = await api.request<Roleplay[]>('GET', '/api/roleplay', { apiKey: t.apiKey });
      expect(res.body).to.deep.equal([]);
    });

    it('takes no parameters', async () => {
      const res = await api.request<ErrorBody>('GET', '/api/roleplay?limit=5', { apiKey: tenant.apiKey });
      expect(res.status).to.equal(400);
      expect(fields(res)).to.deep.equal(['query:limit']);
    });
  });

  describe('GET /api/roleplay/{id}', () => {
    it('answers the roleplay', async () => {
      const rp = await createRoleplayFixture(tenant.company.id, {
        customAttributes: { lmsId: 'c-42', credits: 3, graded: true, note: null },
      });
      const res = await api.request<Roleplay>('GET', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        id: rp.id,
        title: rp.title,
        instructions: rp.instructions,
        passingScore: 70,
        isLive: false,
        conversationType: rp.conversationType,
        customerPersona: rp.customerPersona,
        customerBackground: rp.customerBackground,
        customAttributes: { lmsId: 'c-42', credits: 3, graded: true, note: null },
      });
    });

    it("answers 404 for an unknown id and for another company's id, 400 for a malformed id", async () => {
      const foreign = await createRoleplayFixture(other.company.id);
      for (const id of [randomUUID(), foreign.id]) {
        const res = await api.request<ErrorBody>('GET', `/api/roleplay/${id}`, { apiKey: tenant.apiKey });
        expect(res.status).to.equal(404);
        expect(res.body.error.code).to.equal('not_found');
      }
      const bad = await api.request<ErrorBody>('GET', '/api/roleplay/not-a-uuid', { apiKey: tenant.apiKey });
      expect(bad.status).to.equal(400);
      expect(fields(bad)).to.deep.equal(['path:id']);
    });

    it('leaves /api/roleplay/session to the session list', async () => {
      const res = await api.request<{ data: unknown[] }>('GET', '/api/roleplay/session', { apiKey: tenant.apiKey });
      expect(res.status).to.equal(200);
      expect(res.body).to.have.keys('data', 'pagination');
    });
  });
});
