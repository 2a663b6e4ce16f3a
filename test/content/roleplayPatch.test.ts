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

describe('roleplays API: PATCH', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let other: TenantFixture;
  before(async () => {
    api = await startApi();
    tenant = await createTenant();
    other = await createTenant();
  });
  after(async () => api.close());

  describe('PATCH /api/roleplay/{id}', () => {
    it('changes only the supplied field', async () => {
      const rp = await createRoleplayFixture(tenant.company.id);
      const before = await storedRow(rp.id);
      const res = await api.request<Roleplay>('PATCH', `/api/roleplay/${rp.id}`, {
        apiKey: tenant.apiKey,
        json: { title: 'Renamed' },
      });
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
      expect(res.body).to.deep.include({
        title: 'T',
        instructions: null,
        passingScore: 100,
        isLive: true,
        customAttributes: { course: 'A1' },
      });
      const row = await storedRow(rp.id);
      expect(row).to.include({ objective: 'Stay calm', language: 'pt-BR', timer_in_seconds: 0, max_attempts: null });
      expect(Boolean(row.show_results)).to.equal(false);
      expect(Boolean(row.require_video_recording)).to.equal(true);
      const zero = await api.request<Roleplay>('PATCH', `/api/roleplay/${rp.id}`, {
        apiKey: tenant.apiKey,
        json: { passingScore: 0, maxAttempts: 0, timerInSeconds: null },
      });
      expect(zero.body.passingScore).to.equal(0);
      expect(await storedRow(rp.id)).to.include({ max_attempts: 0, timer_in_seconds: null });
    });

    it('moves between draft and live', async () => {
      const rp = await createRoleplayFixture(tenant.company.id);
      expect(rp.isLive).to.equal(false);
      const live = await api.request<Roleplay>('PATCH', `/api/roleplay/${rp.id}`, {
        apiKey: tenant.apiKey,
        json: { isLive: true },
      });
      expect(live.body.isLive).to.equal(true);
      expect(
        (await api.request<Roleplay>('GET', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey })).body.isLive,
      ).to.equal(true);
      const draft = await api.request<Roleplay>('PATCH', `/api/roleplay/${rp.id}`, {
        apiKey: tenant.apiKey,
        json: { isLive: false },
      });
      expect(draft.body.isLive).to.equal(false);
      expect(Boolean((await storedRow(rp.id)).is_live)).to.equal(false);
    });

    it('rejects an empty or missing body', async () => {
      const rp = await createRoleplayFixture(tenant.company.id);
      const empty = await api.request<ErrorBody>('PATCH', `/api/roleplay/${rp.id}`, {
        apiKey: tenant.apiKey,
        json: {},
      });
      expect(empty.status).to.equal(400);
      expect(empty.body.error.code).to.equal('validation_failed');
      const none = await api.request<ErrorBody>('PATCH', `/api/roleplay/${rp.id}`, { apiKey: tenant.apiKey });
      expect(none.status).to.equal(400);
      const notObject = await api.request<ErrorBody>('PATCH', `/api/roleplay/${rp.id}`, {
        apiKey: tenant.apiKey,
        json: ['title'],
      });
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
      expect(res.body.error.details.find((d) => d.field === 'colour')?.message).to.equal(
        'colour is not an allowed field',
      );
      expect(res.body.error.details.find((d) => d.field === 'language')?.message).to.contain('"pt-BR"');
      expect(await storedRow(rp.id)).to.deep.equal(before);
    });

    for (const [label, json, field] of [
      ['empty title', { title: '' }, 'title'],
      ['passingScore above 100', { passingScore: 101 }, 'passingScore'],
      ['passingScore below 0', { passingScore: -1 }, 'passingScore'],
      ['maxAttempts below 0', { maxAttempts: -1 }, 'maxAttempts'],
      [
        'a customAttributes value that is an object',
        { customAttributes: { nested: { a: 1 } } },
        'customAttributes.nested',
      ],
      [
        '51 customAttributes keys',
        { customAttributes: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) },
        'customAttributes',
      ],
      ['an empty customAttributes key', { customAttributes: { '': 1 } }, 'customAttributes'],
      [
        'an object value under a key with a newline',
        { customAttributes: { 'a\nb': { x: 1 } } },
        'customAttributes.a\nb',
      ],
      [
        'a customAttributes string over 1000 characters',
        { customAttributes: { long: 'x'.repeat(1001) } },
        'customAttributes.long',
      ],
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
        const res = await api.request<ErrorBody>('PATCH', `/api/roleplay/${id}`, {
          apiKey: tenant.apiKey,
          json: { title: 'Hijacked' },
        });
        expect(res.status).to.equal(404);
      }
      expect(await storedRow(foreign.id)).to.deep.equal(before);
    });

    it('validates the id before the body', async () => {
      const res = await api.request<ErrorBody>('PATCH', '/api/roleplay/123', {
        apiKey: tenant.apiKey,
        json: { passingScore: 500 },
      });
      expect(res.status).to.equal(400);
      expect(fields(res)).to.deep.equal(['path:id', 'body:passingScore']);
    });
  });
});
