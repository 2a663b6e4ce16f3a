import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Static } from '@sinclair/typebox';
import type { WebhookDeliveryList, WebhookEndpointList, WebhookEndpointWithSecret } from '../../api/schemas/webhooks';
import { recordWebhookDelivery } from '../../db/queries/webhooks';
import { startApi, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { testSecretBox } from '../support/webhookFixtures';

type Created = Static<typeof WebhookEndpointWithSecret>;
type Listed = Static<typeof WebhookEndpointList>;
type Deliveries = Static<typeof WebhookDeliveryList>;

const ALL_EVENTS = ['recording.processing.completed', 'recording.processing.failed'];

describe('webhook endpoints API', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let other: TenantFixture;

  before(async () => {
    api = await startApi();
    tenant = await createTenant('Webhook Co');
    other = await createTenant('Other Co');
  });
  after(() => api.close());

  const create = (apiKey: string, json: unknown) =>
    api.request<Created>('POST', '/api/webhook-endpoints', { apiKey, json });
  const endpointCount = async (): Promise<number> =>
    Number((await testEnv().db('webhook_endpoints').count({ n: '*' }))[0].n);

  it('creates an endpoint and shows its whsec_ secret once', async () => {
    const res = await create(tenant.apiKey, {
      url: 'https://hooks.example.com/sales',
      events: ALL_EVENTS,
      description: 'CRM sync',
    });
    expect(res.status).to.equal(201);
    expect(res.body).to.include({
      url: 'https://hooks.example.com/sales',
      description: 'CRM sync',
      enabled: true,
      disabledReason: null,
    });
    expect(res.body.events).to.deep.equal(ALL_EVENTS);
    expect(res.body.secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = await api.request<Listed>('GET', '/api/webhook-endpoints', { apiKey: tenant.apiKey });
    expect(list.status).to.equal(200);
    const listed = list.body.data.find((e) => e.id === res.body.id);
    expect(listed).to.include({ url: 'https://hooks.example.com/sales', description: 'CRM sync' });
    expect(list.text).not.to.include(res.body.secret);
    expect(list.text).not.to.include('secret');
  });

  it('defaults description to null and paginates the list', async () => {
    const t = await createTenant();
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await create(t.apiKey, { url: `http://receiver.example/${i}`, events: ['recording.processing.failed'] }))
          .status,
      ).to.equal(201);
    }
    const page = await api.request<Listed>('GET', '/api/webhook-endpoints?offset=1&limit=1', { apiKey: t.apiKey });
    expect(page.body.pagination).to.deep.equal({ total: 3, offset: 1, limit: 1, hasMore: true });
    expect(page.body.data).to.have.length(1);
    expect(page.body.data[0]).to.include({ url: 'http://receiver.example/1', description: null });
    const all = await api.request<Listed>('GET', '/api/webhook-endpoints', { apiKey: t.apiKey });
    expect(all.body.data.map((e) => e.url)).to.deep.equal([
      'http://receiver.example/0',
      'http://receiver.example/1',
      'http://receiver.example/2',
    ]);
    expect(all.body.pagination).to.deep.equal({ total: 3, offset: 0, limit: 100, hasMore: false });
    expect((await api.request('GET', '/api/webhook-endpoints?limit=0', { apiKey: t.apiKey })).status).to.equal(400);
  });

  it('rejects bad URLs and event lists with 400 and stores nothing', async () => {
    const before = await endpointCount();
    const bad: unknown[] = [
      { url: 'ftp://example.com/x', events: ALL_EVENTS },
      { url: 'not a url', events: ALL_EVENTS },
      { url: 'javascript:alert(1)', events: ALL_EVENTS },
      { url: 'https://example.com/x', events: [] },
      { url: 'https://example.com/x', events: ['recording.deleted'] },
      { url: 'https://example.com/x', events: ['recording.processing.failed', 'recording.processing.failed'] },
      { url: 'https://example.com/x' },
      { events: ALL_EVENTS },
      { url: 'https://example.com/x', events: ALL_EVENTS, secret: 'whsec_mine' },
      { url: `https://example.com/${'x'.repeat(2100)}`, events: ALL_EVENTS },
    ];
    for (const json of bad) {
      const res = await create(tenant.apiKey, json);
      expect(res.status, JSON.stringify(json).slice(0, 100)).to.equal(400);
    }
    expect(await endpointCount()).to.equal(before);
  });

  it('refuses internal IP literals when private networks are not allowed', async () => {
    const strict = await startApi({ OUTBOUND_ALLOW_PRIVATE: false });
    try {
      const before = await endpointCount();
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'http://169.254.169.254/latest',
        'http://[::1]/x',
        'https://10.1.2.3/',
      ]) {
        const res = await strict.request<{ error: { details: Array<{ field: string; message: string }> } }>(
          'POST',
          '/api/webhook-endpoints',
          {
            apiKey: tenant.apiKey,
            json: { url, events: ALL_EVENTS },
          },
        );
        expect(res.status, url).to.equal(400);
        expect(res.body.error.details[0]).to.deep.include({ field: 'url', message: 'url: the address is not allowed' });
      }
      expect(await endpointCount()).to.equal(before);
      const publicOne = await strict.request('POST', '/api/webhook-endpoints', {
        apiKey: tenant.apiKey,
        json: { url: 'https://93.184.216.34/h', events: ALL_EVENTS },
      });
      expect(publicOne.status).to.equal(201);
    } finally {
      await strict.close();
    }
  });

  it('rotates the secret: a new one, shown once, the old one kept (sealed) only for the overlap', async () => {
    const created = await create(tenant.apiKey, { url: 'https://rotate.example/h', events: ALL_EVENTS });
    const rotated = await api.request<Created>('POST', `/api/webhook-endpoints/${created.body.id}/rotate-secret`, {
      apiKey: tenant.apiKey,
    });
    expect(rotated.status).to.equal(200);
    expect(rotated.body.id).to.equal(created.body.id);
    expect(rotated.body.secret).to.match(/^whsec_/);
    expect(rotated.body.secret).not.to.equal(created.body.secret);
    const row = await testEnv().db('webhook_endpoints').where({ id: created.body.id }).first();
    expect(testSecretBox().open(row.secret, created.body.id)).to.equal(rotated.body.secret);
    expect(testSecretBox().open(row.previous_secret, created.body.id)).to.equal(created.body.secret);
  });

  it('lists delivery attempts of an endpoint, newest first', async () => {
    const created = await create(tenant.apiKey, { url: 'https://deliveries.example/h', events: ALL_EVENTS });
    const eventId = randomUUID();
    const base = { endpointId: created.body.id, eventId, eventType: 'recording.processing.completed', durationMs: 12 };
    await recordWebhookDelivery(testEnv().db, {
      ...base,
      attempt: 1,
      outcome: 'failed',
      statusCode: 500,
      error: 'The receiver answered 500',
    });
    await recordWebhookDelivery(testEnv().db, {
      ...base,
      attempt: 2,
      outcome: 'delivered',
      statusCode: 200,
      error: null,
    });
    const res = await api.request<Deliveries>('GET', `/api/webhook-endpoints/${created.body.id}/deliveries`, {
      apiKey: tenant.apiKey,
    });
    expect(res.status).to.equal(200);
    expect(res.body.pagination.total).to.equal(2);
    expect(res.body.data.map((d) => [d.attempt, d.outcome, d.statusCode, d.error, d.eventId])).to.deep.equal([
      [2, 'delivered', 200, null, eventId],
      [1, 'failed', 500, 'The receiver answered 500', eventId],
    ]);
    const page = await api.request<Deliveries>(
      'GET',
      `/api/webhook-endpoints/${created.body.id}/deliveries?limit=1&offset=1`,
      { apiKey: tenant.apiKey },
    );
    expect(page.body.data.map((d) => d.attempt)).to.deep.equal([1]);
    expect(page.body.pagination.hasMore).to.equal(false);
  });

  it("treats another company's endpoint exactly like an unknown one (404) and leaves it alone", async () => {
    const theirs = await create(other.apiKey, { url: 'https://theirs.example/h', events: ALL_EVENTS });
    for (const id of [theirs.body.id, randomUUID()]) {
      expect((await api.request('DELETE', `/api/webhook-endpoints/${id}`, { apiKey: tenant.apiKey })).status).to.equal(
        404,
      );
      expect(
        (await api.request('POST', `/api/webhook-endpoints/${id}/rotate-secret`, { apiKey: tenant.apiKey })).status,
      ).to.equal(404);
      expect(
        (await api.request('GET', `/api/webhook-endpoints/${id}/deliveries`, { apiKey: tenant.apiKey })).status,
      ).to.equal(404);
    }
    const row = await testEnv().db('webhook_endpoints').where({ id: theirs.body.id }).first();
    expect(testSecretBox().open(row.secret, theirs.body.id)).to.equal(theirs.body.secret);
    expect(row.previous_secret).to.equal(null);
    const mine = await api.request<Listed>('GET', '/api/webhook-endpoints', { apiKey: tenant.apiKey });
    expect(mine.body.data.map((e) => e.id)).not.to.include(theirs.body.id);
    expect(
      (await api.request('DELETE', '/api/webhook-endpoints/not-a-uuid', { apiKey: tenant.apiKey })).status,
    ).to.equal(400);
    expect((await api.request('GET', '/api/webhook-endpoints')).status).to.equal(401);
  });

  it('deletes an endpoint', async () => {
    const created = await create(tenant.apiKey, { url: 'https://delete.example/h', events: ALL_EVENTS });
    const del = await api.request('DELETE', `/api/webhook-endpoints/${created.body.id}`, { apiKey: tenant.apiKey });
    expect(del.status).to.equal(204);
    expect(del.text).to.equal('');
    const list = await api.request<Listed>('GET', '/api/webhook-endpoints', { apiKey: tenant.apiKey });
    expect(list.body.data.map((e) => e.id)).not.to.include(created.body.id);
    expect(
      (await api.request('DELETE', `/api/webhook-endpoints/${created.body.id}`, { apiKey: tenant.apiKey })).status,
    ).to.equal(404);
  });

  it('documents the endpoints in the OpenAPI document', async () => {
    const res = await api.request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json', {
      skipSchema: true,
    });
    expect(res.body.paths['/api/webhook-endpoints']).to.have.keys('get', 'post');
    expect(res.body.paths['/api/webhook-endpoints/{id}']).to.have.keys('delete', 'patch');
    expect(res.body.paths['/api/webhook-endpoints/{id}/rotate-secret']).to.have.keys('post');
    expect(res.body.paths['/api/webhook-endpoints/{id}/deliveries']).to.have.keys('get');
  });
});
