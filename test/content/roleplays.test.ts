import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { Roleplay } from '../../api/schemas/roleplays';
import { startApi, type TestApi } from '../support/api';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';

const RESPONSE_KEYS = ['id', 'title', 'instructions', 'passingScore', 'isLive', 'conversationType', 'customerPersona', 'customerBackground', 'customAttributes'];

/** The stored row, every column: what "nothing was written" is checked against. */
const storedRow = (id: string) => testEnv().db('roleplays').where({ id }).first() as Promise<Record<string, unknown>>;
const fields = (res: { body: unknown }) => (res.body as ErrorBody).error.details.map((d) => `${d.in}:${d.field}`);

const minimalCreate = {
  title: 'Discovery call',
  conversationType: { title: 'Discovery', roleplayType: 'discovery' },
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
      expect(res.body).to.deep.include({ title: 'Discovery call', instructions: null, passingScore: 70, isLive: false, customAttributes: {} });
      expect(res.body.customerPersona).to.deep.equal({ name: 'Alex', imageUrl: '', tags: [] });
      expect(res.body.customerBackground).to.deep.equal({ title: 'Retail chain', tags: [] });
      const row = await storedRow(res.body.id);
      expect(row).to.include({ company_id: tenant.company.id, language: 'en', timer_in_seconds: null, max_attempts: null });
    });

    it('stores write-only fields and the scorecard without ever returning them', async () => {
      const scorecard = {
        criteria: [{ title: 'Asked about budget', description: 'Budget came up', weight: 3, sectionTitle: 'Qualification' }],
        metrics: [{ title: 'Filler words', description: 'Few fillers', weight: 1, sectionTitle: 'Delivery' }],
      };
      const res = await api.request<Roleplay>('POST', '/api/roleplay', {
        apiKey: tenant.apiKey,
        json: { ...minimalCreate, objective: 'Secret plan', language: 'cs', isBlind: true, keyterms: ['SLA'], timerInSeconds: 300, scorecard, isLive: true },
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
      const newer = await createRoleplayFixture(t.company.id, { createdAt: new Date('2026-02-01T00:00:00Z'), isLive: true });
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
      const rp = await createRoleplayFixture(tenant.company.id, { customAttributes: { lmsId: 'c-42', credits: 3, graded: true, note: null } });
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

  describe('PATCH /api/roleplay/{id}', () => {
    it('changes only the supplied field', async () => {
      const rp = await createRoleplayFixture(tenant.company.id);
      const before = await storedRow(rp.id);
      const res = await api.request<Roleplay>('PATCH', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey, json: { title: 'Renamed' } });
      expect(res.status).to.equal(200);
      expect(res.body.title).to.equal('Renamed');
      const after = await storedRow(rp.id);
      const { title: t1, updated_at: u1, ...restBefore } = before;
      const { title: t2, updated_at: u2, ...restAfter } = after;
      expect([t1, t2]).to.deep.equal([rp.title, 'Renamed']);
      expect(restAfter).to.deep.equal(restBefore);
      expect((u2 as Date).getTime()).to.be.at.least((u1 as Date).getTime());
    });

    it('accepts every writable field at its bounds and returns the updated roleplay without write-only fields', async () => {
      const rp = await createRoleplayFixture(tenant.company.id);
      const body = {
        title: 'T',
        instructions: null,
        objective: 'Stay calm',
        passingScore: 100,
        isLive: true,
        isBlind: true,
        language: 'pt-BR',
        conversationStarters: ['Olá'],
        keyterms: [],
        timerInSeconds: 0,
        showResults: false,
        maxAttempts: null,
        shouldActAsCustomer: false,
        requireVideoRecording: true,
        customAttributes: { course: 'A1' },
      };
      const res = await api.request<Roleplay>('PATCH', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey, json: body });
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body).sort()).to.deep.equal([...RESPONSE_KEYS].sort());
      expect(res.body).to.deep.include({ title: 'T', instructions: null, passingScore: 100, isLive: true, customAttributes: { course: 'A1' } });
      const row = await storedRow(rp.id);
      expect(row).to.include({ objective: 'Stay calm', language: 'pt-BR', timer_in_seconds: 0, max_attempts: null });
      expect(Boolean(row.show_results)).to.equal(false);
      expect(Boolean(row.require_video_recording)).to.equal(true);
      const zero = await api.request<Roleplay>('PATCH', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey, json: { passingScore: 0, maxAttempts: 0, timerInSeconds: null } });
      expect(zero.body.passingScore).to.equal(0);
      expect(await storedRow(rp.id)).to.include({ max_attempts: 0, timer_in_seconds: null });
    });

    it('moves between draft and live', async () => {
      const rp = await createRoleplayFixture(tenant.company.id);
      expect(rp.isLive).to.equal(false);
      const live = await api.request<Roleplay>('PATCH', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey, json: { isLive: true } });
      expect(live.body.isLive).to.equal(true);
      expect((await api.request<Roleplay>('GET', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey })).body.isLive).to.equal(true);
      const draft = await api.request<Roleplay>('PATCH', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey, json: { isLive: false } });
      expect(draft.body.isLive).to.equal(false);
      expect(Boolean((await storedRow(rp.id)).is_live)).to.equal(false);
    });

    it('rejects an empty or missing body', async () => {
      const rp = await createRoleplayFixture(tenant.company.id);
      const empty = await api.request<ErrorBody>('PATCH', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey, json: {} });
      expect(empty.status).to.equal(400);
      expect(empty.body.error.code).to.equal('validation_failed');
      const none = await api.request<ErrorBody>('PATCH', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey });
      expect(none.status).to.equal(400);
      const notObject = await api.request<ErrorBody>('PATCH', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey, json: ['title'] });
      expect(notObject.status).to.equal(400);
    });

    it('lists every problem, including unknown and read-only fields, and writes nothing', async () => {
      const rp = await createRoleplayFixture(tenant.company.id);
      const before = await storedRow(rp.id);
      const res = await api.request<ErrorBody>('PATCH', `/api/roleplay/${rp.id}`, {
        apiKey: tenant.apiKey,
        json: {
          title: 'Valid title',
          passingScore: 50.5,
          timerInSeconds: -1,
          maxAttempts: 'three',
          language: 'de',
          isLive: 'yes',
          customAttributes: ['a'],
          conversationType: { title: 'x', roleplayType: 'y' },
          id: randomUUID(),
          colour: 'red',
        },
      });
      expect(res.status).to.equal(400);
      expect(fields(res)).to.include.members([
        'body:passingScore',
        'body:timerInSeconds',
        'body:maxAttempts',
        'body:language',
        'body:isLive',
        'body:customAttributes',
        'body:conversationType',
        'body:id',
        'body:colour',
      ]);
      expect(res.body.error.details.find((d) => d.field === 'colour')?.message).to.equal('colour is not an allowed field');
      expect(res.body.error.details.find((d) => d.field === 'language')?.message).to.contain('"pt-BR"');
      expect(await storedRow(rp.id)).to.deep.equal(before);
    });

    for (const [label, json, field] of [
      ['empty title', { title: '' }, 'title'],
      ['passingScore above 100', { passingScore: 101 }, 'passingScore'],
      ['passingScore below 0', { passingScore: -1 }, 'passingScore'],
      ['maxAttempts below 0', { maxAttempts: -1 }, 'maxAttempts'],
      ['a customAttributes value that is an object', { customAttributes: { nested: { a: 1 } } }, 'customAttributes.nested'],
      ['51 customAttributes keys', { customAttributes: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }, 'customAttributes'],
      ['an empty customAttributes key', { customAttributes: { '': 1 } }, 'customAttributes'],
      ['an object value under a key with a newline', { customAttributes: { 'a\nb': { x: 1 } } }, 'customAttributes.a\nb'],
      ['a customAttributes string over 1000 characters', { customAttributes: { long: 'x'.repeat(1001) } }, 'customAttributes.long'],
      ['a non-string keyterm', { keyterms: [1] }, 'keyterms.0'],
      ['customAttributes null', { customAttributes: null }, 'customAttributes'],
    ] as Array<[string, Record<string, unknown>, string]>) {
      it(`rejects ${label}`, async () => {
        const rp = await createRoleplayFixture(tenant.company.id);
        const before = await storedRow(rp.id);
        const res = await api.request<ErrorBody>('PATCH', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey, json });
        expect(res.status).to.equal(400);
        expect(res.body.error.details.map((d) => d.field)).to.include(field);
        expect(await storedRow(rp.id)).to.deep.equal(before);
      });
    }

    it("answers 404 for an unknown id and for another company's id, and changes nothing", async () => {
      const foreign = await createRoleplayFixture(other.company.id);
      const before = await storedRow(foreign.id);
      for (const id of [randomUUID(), foreign.id]) {
        const res = await api.request<ErrorBody>('PATCH', `/api/roleplay/${id}`, { apiKey: tenant.apiKey, json: { title: 'Hijacked' } });
        expect(res.status).to.equal(404);
      }
      expect(await storedRow(foreign.id)).to.deep.equal(before);
    });

    it('validates the id before the body', async () => {
      const res = await api.request<ErrorBody>('PATCH', '/api/roleplay/123', { apiKey: tenant.apiKey, json: { passingScore: 500 } });
      expect(res.status).to.equal(400);
      expect(fields(res)).to.deep.equal(['path:id', 'body:passingScore']);
    });
  });
});
