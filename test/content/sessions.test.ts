import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { SessionPage, SessionResult } from '../../api/schemas/sessions';
import { startApi, type TestApi } from '../support/api';
import { createRoleplayFixture, createSessionFixture } from '../support/contentFixtures';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { expectPageParamErrors } from '../support/pageParams';
import { makeUser } from '../support/userFixtures';

describe('roleplay sessions API', () => {
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
    for (const path of ['/api/roleplay/session', `/api/roleplay/session/${randomUUID()}`]) {
      expect((await api.request('GET', path)).status).to.equal(401);
      expect((await api.request('GET', path, { apiKey: 'spk_wrong_000000000000000000000000' })).status).to.equal(401);
    }
  });

  describe('GET /api/roleplay/session', () => {
    it('lists sessions with every list-item field, newest first', async () => {
      const t = await createTenant();
      const rp = await createRoleplayFixture(t.company.id, { title: 'Pricing objection' });
      const ana = await makeUser(t.company.id, { firstName: 'Ana', lastName: 'Silva' });
      const solo = await makeUser(t.company.id, { firstName: 'Cher', lastName: null });
      const first = await createSessionFixture({
        companyId: t.company.id,
        roleplayId: rp.id,
        userId: ana.id,
        createdAt: new Date('2026-03-01T10:00:00.000Z'),
      });
      const second = await createSessionFixture({
        companyId: t.company.id,
        roleplayId: rp.id,
        userId: solo.id,
        score: 40,
        didPass: false,
        lengthMs: 5000,
        createdAt: new Date('2026-03-02T10:00:00.123Z'),
      });
      const res = await api.request<SessionPage>('GET', '/api/roleplay/session', { apiKey: t.apiKey });
      expect(res.status).to.equal(200);
      expect(res.body.pagination).to.deep.equal({ total: 2, offset: 0, limit: 100, hasMore: false });
      expect(res.body.data).to.deep.equal([
        {
          id: second,
          userId: solo.id,
          userName: 'Cher',
          roleplayId: rp.id,
          roleplayTitle: 'Pricing objection',
          score: 40,
          didPass: false,
          length: 5000,
          createdAt: '2026-03-02T10:00:00.123Z',
        },
        {
          id: first,
          userId: ana.id,
          userName: 'Ana Silva',
          roleplayId: rp.id,
          roleplayTitle: 'Pricing objection',
          score: 82.5,
          didPass: true,
          length: 184000,
          createdAt: '2026-03-01T10:00:00.000Z',
        },
      ]);
    });

    it('filters by userId and roleplayId, with the filtered total', async () => {
      const t = await createTenant();
      const [rp1, rp2] = [await createRoleplayFixture(t.company.id), await createRoleplayFixture(t.company.id)];
      const [u1, u2] = [await makeUser(t.company.id), await makeUser(t.company.id)];
      const ids: Record<string, string> = {};
      for (const [name, rp, u] of [
        ['a', rp1, u1],
        ['b', rp1, u2],
        ['c', rp2, u1],
        ['d', rp2, u1],
      ] as const) {
        ids[name] = await createSessionFixture({ companyId: t.company.id, roleplayId: rp.id, userId: u.id });
      }
      const get = async (q: string) =>
        (await api.request<SessionPage>('GET', `/api/roleplay/session?${q}`, { apiKey: t.apiKey })).body;
      const byUser = await get(`userId=${u1.id}`);
      expect(byUser.pagination.total).to.equal(3);
      expect(byUser.data.map((s) => s.id).sort()).to.deep.equal([ids.a, ids.c, ids.d].sort());
      const byRoleplay = await get(`roleplayId=${rp1.id}&limit=1`);
      expect(byRoleplay.pagination).to.deep.equal({ total: 2, offset: 0, limit: 1, hasMore: true });
      const both = await get(`roleplayId=${rp2.id}&userId=${u1.id}`);
      expect(both.data.map((s) => s.id).sort()).to.deep.equal([ids.c, ids.d].sort());
      const none = await get(`roleplayId=${rp1.id}&userId=${randomUUID()}`);
      expect(none).to.deep.equal({ data: [], pagination: { total: 0, offset: 0, limit: 100, hasMore: false } });
    });

    it("never shows another company's sessions, even when filtering by that company's ids", async () => {
      const rp = await createRoleplayFixture(other.company.id);
      const u = await makeUser(other.company.id);
      await createSessionFixture({ companyId: other.company.id, roleplayId: rp.id, userId: u.id });
      const t = await createTenant();
      for (const q of ['', `?userId=${u.id}`, `?roleplayId=${rp.id}`]) {
        const res = await api.request<SessionPage>('GET', `/api/roleplay/session${q}`, { apiKey: t.apiKey });
        expect(res.body.data).to.deep.equal([]);
        expect(res.body.pagination.total).to.equal(0);
      }
    });

    it('pages in a stable order through sessions created in the same millisecond (no skip, no repeat)', async () => {
      const t = await createTenant();
      const rp = await createRoleplayFixture(t.company.id);
      const u = await makeUser(t.company.id);
      const at = new Date('2026-04-01T00:00:00.000Z');
      const ids: string[] = [];
      for (let i = 0; i < 7; i += 1)
        ids.push(
          await createSessionFixture({ companyId: t.company.id, roleplayId: rp.id, userId: u.id, createdAt: at }),
        );
      const latest = await createSessionFixture({
        companyId: t.company.id,
        roleplayId: rp.id,
        userId: u.id,
        createdAt: new Date('2026-04-02T00:00:00.000Z'),
      });
      const seen: string[] = [];
      for (let offset = 0; ; offset += 3) {
        const page = (
          await api.request<SessionPage>('GET', `/api/roleplay/session?offset=${offset}&limit=3`, { apiKey: t.apiKey })
        ).body;
        seen.push(...page.data.map((s) => s.id));
        expect(page.pagination.hasMore).to.equal(offset + page.data.length < 8);
        if (!page.pagination.hasMore) {
          expect(page.data).to.have.length(2); // the last page: 8 = 3 + 3 + 2
          break;
        }
      }
      expect(seen).to.deep.equal([latest, ...[...ids].sort().reverse()]);
    });

    it('answers an empty page past the end, with the total', async () => {
      const t = await createTenant();
      const rp = await createRoleplayFixture(t.company.id);
      const u = await makeUser(t.company.id);
      await createSessionFixture({ companyId: t.company.id, roleplayId: rp.id, userId: u.id });
      const res = await api.request<SessionPage>('GET', '/api/roleplay/session?offset=5&limit=1000', {
        apiKey: t.apiKey,
      });
      expect(res.body).to.deep.equal({ data: [], pagination: { total: 1, offset: 5, limit: 1000, hasMore: false } });
      const exact = await api.request<SessionPage>('GET', '/api/roleplay/session?offset=1', { apiKey: t.apiKey });
      expect(exact.body.pagination).to.deep.equal({ total: 1, offset: 1, limit: 100, hasMore: false });
    });

    it('rejects bad offset and limit values, naming the parameter', async () => {
      await expectPageParamErrors(api, '/api/roleplay/session', tenant.apiKey);
    });

    it('rejects malformed filters and unknown parameters', async () => {
      const res = await api.request<ErrorBody>('GET', '/api/roleplay/session?userId=42&roleplayId=x&sort=asc', {
        apiKey: tenant.apiKey,
      });
      expect(res.status).to.equal(400);
      expect(res.body.error.details.map((d) => `${d.in}:${d.field}`).sort()).to.deep.equal([
        'query:roleplayId',
        'query:sort',
        'query:userId',
      ]);
    });
  });

  describe('GET /api/roleplay/session/{id}', () => {
    it('answers the result with snippets in order, responses, counts and the persona picture', async () => {
      const t = await createTenant();
      const rp = await createRoleplayFixture(t.company.id, { title: 'Renewal', passingScore: 75 });
      const u = await makeUser(t.company.id, { firstName: 'Ana', lastName: 'Silva' });
      const snippets = Array.from({ length: 12 }, (_, i) => ({ isUser: i % 2 === 0, text: `line ${i}` }));
      // Each response with its evidence: quotes with their times, or none and why (kept as stored).
      const criteria = [
        {
          title: 'Greeting',
          passed: true,
          explanation: 'Warm',
          weight: 1,
          sectionTitle: 'Opening',
          evidence: [{ quote: 'line 0', startMs: 0, speaker: 'rep' as const }],
        },
        {
          title: 'Next step',
          passed: false,
          explanation: 'None agreed',
          weight: 2.5,
          sectionTitle: 'Closing',
          evidence: [],
          noEvidenceReason: 'Nothing in the call bears on this item.',
          supported: false as const,
        },
        {
          title: 'Empathy',
          passed: false,
          explanation: 'Not judged',
          weight: 1,
          sectionTitle: 'Closing',
          assessable: false as const,
          evidence: [],
          noEvidenceReason: 'Not judged without an LLM.',
        },
      ];
      const metrics = [
        {
          title: 'Pace',
          passed: true,
          explanation: '140 wpm',
          weight: 1,
          sectionTitle: 'Delivery',
          evidence: [],
          noEvidenceReason: 'A measure of the whole call.',
        },
      ];
      const id = await createSessionFixture({
        companyId: t.company.id,
        roleplayId: rp.id,
        userId: u.id,
        score: 61.25,
        didPass: false,
        lengthMs: 90_500,
        wpm: 139.5,
        snippets,
        criteriaResponses: criteria,
        metricResponses: metrics,
        createdAt: new Date('2026-05-05T05:05:05.005Z'),
      });
      const res = await api.request<SessionResult>('GET', `/api/roleplay/session/${id}`, { apiKey: t.apiKey });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        id,
        activityType: 'premade-roleplay',
        activityId: rp.id,
        didPass: false,
        length: 90500,
        wpm: 139.5,
        score: 61.25,
        createdAt: '2026-05-05T05:05:05.005Z',
        updatedAt: '2026-05-05T05:05:05.005Z',
        user: { id: u.id, firstName: 'Ana', lastName: 'Silva' },
        premadeRoleplay: { title: 'Renewal', passingScore: 75 },
        snippets,
        nameCount: 3,
        numQuestions: 5,
        numFillerWords: 7,
        customerPersona: { imageUrl: 'https://img.example.test/dana.png' },
        criteriaResponses: criteria,
        metricResponses: metrics,
      });
    });

    it('leaves out the persona without a picture, absent counts and recording links', async () => {
      const t = await createTenant();
      const rp = await createRoleplayFixture(t.company.id, {
        customerPersona: { name: 'Faceless', imageUrl: '', tags: [] },
      });
      const u = await makeUser(t.company.id, { lastName: null });
      const id = await createSessionFixture({
        companyId: t.company.id,
        roleplayId: rp.id,
        userId: u.id,
        nameCount: null,
        numQuestions: null,
        numFillerWords: null,
        snippets: [],
        criteriaResponses: [],
        metricResponses: [],
      });
      const res = await api.request<SessionResult>('GET', `/api/roleplay/session/${id}`, { apiKey: t.apiKey });
      expect(res.status).to.equal(200);
      expect(res.body).not.to.have.any.keys(
        'customerPersona',
        'nameCount',
        'numQuestions',
        'numFillerWords',
        'audioUrl',
        'videoUrl',
        'promptResponses',
      );
      expect(res.body.user.lastName).to.equal('');
      expect(res.body).to.deep.include({ snippets: [], criteriaResponses: [], metricResponses: [] });
    });

    it("passes a caller's own recording URL on as is when the file was not stored", async () => {
      const t = await createTenant();
      const rp = await createRoleplayFixture(t.company.id);
      const u = await makeUser(t.company.id);
      const audioExternalUrl = 'https://files.example.test/calls/123.mp3';
      const id = await createSessionFixture({
        companyId: t.company.id,
        roleplayId: rp.id,
        userId: u.id,
        audioExternalUrl,
      });
      const res = await api.request<SessionResult>('GET', `/api/roleplay/session/${id}`, { apiKey: t.apiKey });
      expect(res.body.audioUrl).to.equal(audioExternalUrl);
      expect(res.body).not.to.have.property('videoUrl');
    });

    it("answers 404 for an unknown id and for another company's id, 400 for a malformed one", async () => {
      const rp = await createRoleplayFixture(other.company.id);
      const u = await makeUser(other.company.id);
      const foreign = await createSessionFixture({ companyId: other.company.id, roleplayId: rp.id, userId: u.id });
      for (const id of [randomUUID(), foreign]) {
        const res = await api.request<ErrorBody>('GET', `/api/roleplay/session/${id}`, { apiKey: tenant.apiKey });
        expect(res.status).to.equal(404);
        expect(res.body.error.message).to.equal('Roleplay session was not found.');
      }
      const bad = await api.request<ErrorBody>('GET', '/api/roleplay/session/abc', { apiKey: tenant.apiKey });
      expect(bad.status).to.equal(400);
      expect(bad.body.error.details.map((d) => d.field)).to.deep.equal(['id']);
    });
  });
});
