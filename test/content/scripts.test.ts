import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { Script, ScriptPage } from '../../api/schemas/scripts';
import { startApi, type TestApi } from '../support/api';
import { createScriptFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { expectPageParamErrors } from '../support/pageParams';

const count = async (table: string) =>
  Number(((await testEnv().db(table).count({ n: '*' })) as Array<{ n: number }>)[0].n);

describe('memorization scripts API', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let other: TenantFixture;
  before(async () => {
    api = await startApi();
    tenant = await createTenant();
    other = await createTenant();
  });
  after(async () => api.close());

  it('answers 401 without a key and with a wrong key', async () => {
    for (const [method, path] of [
      ['GET', '/api/memorization/script'],
      ['POST', '/api/memorization/script'],
      ['GET', `/api/memorization/script/${randomUUID()}`],
    ]) {
      const json = method === 'POST' ? { title: 'x' } : undefined;
      expect((await api.request(method, path, { json })).status).to.equal(401);
      expect((await api.request(method, path, { json, apiKey: 'spk_wrong_000000000000000000000000' })).status).to.equal(
        401,
      );
    }
  });

  describe('GET /api/memorization/script', () => {
    it('lists list-item fields newest first, with pagination', async () => {
      const t = await createTenant();
      const a = await createScriptFixture(t.company.id, { createdAt: new Date('2026-01-01T00:00:00.000Z') });
      const b = await createScriptFixture(t.company.id, {
        createdAt: new Date('2026-01-02T00:00:00.000Z'),
        coverImageUrl: null,
        passingScore: 62.5,
      });
      const c = await createScriptFixture(t.company.id, { createdAt: new Date('2026-01-03T00:00:00.000Z') });
      await createScriptFixture(other.company.id);
      const first = await api.request<ScriptPage>('GET', '/api/memorization/script?limit=2', { apiKey: t.apiKey });
      expect(first.status).to.equal(200);
      expect(first.body.data.map((s) => s.id)).to.deep.equal([c.id, b.id]);
      expect(first.body.pagination).to.deep.equal({ total: 3, offset: 0, limit: 2, hasMore: true });
      expect(first.body.data[1]).to.deep.equal({
        id: b.id,
        title: b.title,
        passingScore: 62.5,
        numLevels: 3,
        createdAt: '2026-01-02T00:00:00.000Z',
        coverImageUrl: null,
      });
      const last = await api.request<ScriptPage>('GET', '/api/memorization/script?limit=2&offset=2', {
        apiKey: t.apiKey,
      });
      expect(last.body.data.map((s) => s.id)).to.deep.equal([a.id]);
      expect(last.body.pagination).to.deep.equal({ total: 3, offset: 2, limit: 2, hasMore: false });
      const past = await api.request<ScriptPage>('GET', '/api/memorization/script?offset=3', { apiKey: t.apiKey });
      expect(past.body).to.deep.equal({ data: [], pagination: { total: 3, offset: 3, limit: 100, hasMore: false } });
    });

    it('is an empty page for a company without scripts', async () => {
      const t = await createTenant();
      const res = await api.request<ScriptPage>('GET', '/api/memorization/script', { apiKey: t.apiKey });
      expect(res.body).to.deep.equal({ data: [], pagination: { total: 0, offset: 0, limit: 100, hasMore: false } });
    });

    it('rejects bad offset and limit values, naming the parameter', async () => {
      await expectPageParamErrors(api, '/api/memorization/script', tenant.apiKey);
    });
  });

  describe('GET /api/memorization/script/{scriptId}', () => {
    it('answers the detail with segments ordered by order', async () => {
      const s = await createScriptFixture(tenant.company.id, {
        segments: [
          { order: 10, ogText: 'third' },
          { order: 2, ogText: 'second' },
          { order: 1, ogText: 'first' },
        ],
      });
      const res = await api.request<Script>('GET', `/api/memorization/script/${s.id}`, { apiKey: tenant.apiKey });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        id: s.id,
        title: s.title,
        passingScore: 80,
        numLevels: 3,
        createdAt: s.createdAt.toISOString(),
        userInstructions: 'Learn the pitch word for word.',
        segments: [
          { order: 1, ogText: 'first' },
          { order: 2, ogText: 'second' },
          { order: 10, ogText: 'third' },
        ],
        coverImageUrl: 'https://img.example.test/pitch.png',
      });
    });

    it("answers 404 for an unknown id and for another company's id, 400 for a malformed one", async () => {
      const foreign = await createScriptFixture(other.company.id);
      for (const id of [randomUUID(), foreign.id]) {
        const res = await api.request<ErrorBody>('GET', `/api/memorization/script/${id}`, { apiKey: tenant.apiKey });
        expect(res.status).to.equal(404);
        expect(res.body.error.message).to.equal('Memorization script was not found.');
      }
      const bad = await api.request<ErrorBody>('GET', '/api/memorization/script/nope', { apiKey: tenant.apiKey });
      expect(bad.status).to.equal(400);
      expect(bad.body.error.details.map((d) => `${d.in}:${d.field}`)).to.deep.equal(['path:scriptId']);
    });
  });

  describe('POST /api/memorization/script', () => {
    it('creates a script that the list and detail show', async () => {
      const t = await createTenant();
      const res = await api.request<Script>('POST', '/api/memorization/script', {
        apiKey: t.apiKey,
        json: {
          title: 'Intro',
          passingScore: 90,
          numLevels: 2,
          userInstructions: 'Say it',
          segments: [
            { order: 2, ogText: 'b' },
            { order: 1, ogText: 'a' },
          ],
        },
      });
      expect(res.status).to.equal(201);
      expect(res.body.segments).to.deep.equal([
        { order: 1, ogText: 'a' },
        { order: 2, ogText: 'b' },
      ]);
      expect(res.body.coverImageUrl).to.equal(null);
      const detail = await api.request<Script>('GET', `/api/memorization/script/${res.body.id}`, { apiKey: t.apiKey });
      expect(detail.body).to.deep.equal(res.body);
      const list = await api.request<ScriptPage>('GET', '/api/memorization/script', { apiKey: t.apiKey });
      expect(list.body.data.map((s) => s.id)).to.deep.equal([res.body.id]);
    });

    it('lists every problem, repeated orders included, and writes nothing', async () => {
      const [scripts, segments] = [await count('memorization_scripts'), await count('script_segments')];
      const res = await api.request<ErrorBody>('POST', '/api/memorization/script', {
        apiKey: tenant.apiKey,
        json: { title: '', passingScore: -1, numLevels: 0, segments: [], coverImageUrl: 'nope', extra: true },
      });
      expect(res.status).to.equal(400);
      expect([...new Set(res.body.error.details.map((d) => d.field))].sort()).to.deep.equal(
        ['coverImageUrl', 'extra', 'numLevels', 'passingScore', 'segments', 'title', 'userInstructions'].sort(),
      );
      const dup = await api.request<ErrorBody>('POST', '/api/memorization/script', {
        apiKey: tenant.apiKey,
        json: {
          title: 'Dup',
          passingScore: 1,
          numLevels: 1,
          userInstructions: '',
          segments: [
            { order: 1, ogText: 'a' },
            { order: 2, ogText: 'b' },
            { order: 1, ogText: 'c' },
          ],
        },
      });
      expect(dup.status).to.equal(400);
      expect(dup.body.error.details.map((d) => d.field)).to.deep.equal(['segments.2.order']);
      expect([await count('memorization_scripts'), await count('script_segments')]).to.deep.equal([scripts, segments]);
    });
  });
});
