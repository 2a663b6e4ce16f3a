import { randomUUID } from 'node:crypto';
import type { TSchema } from '@sinclair/typebox';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { Static } from '@sinclair/typebox';
import type {
  WebhookAttemptResult,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventCatalog,
} from '../../api/schemas/webhooks';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { registerWebhook, startRecordingStack } from '../support/recordingFixtures';
import { useWebhookStack } from '../support/webhookStack';
import { assertSchema } from '../support/schemaAssert';
import { movableClock } from '../support/movableClock';
import { testEnv } from '../support/env';
import { workflowIds } from '../../common/temporal';

// PATCH, test event, redelivery and the event catalog, on a real worker and a real receiver.

describe('webhook endpoints: change, test, redeliver, event catalog', function () {
  this.timeout(90_000);
  let tenant: TenantFixture;
  let n = 0;
  // The worker's clock, which timestamps the signatures: ahead of the system clock by what the test moved it.
  const time = movableClock({ flowing: true });

  const web = useWebhookStack({ OUTBOUND_ALLOW_PRIVATE: true }, { clock: time.clock });
  beforeEach(async () => {
    tenant = await createTenant();
  });

  const api = () => web.stack.api;
  const newEndpoint = async (): Promise<{ endpoint: WebhookEndpointWithSecret; path: string }> => {
    const path = `/actions/${++n}`;
    return { endpoint: await registerWebhook(api(), tenant.apiKey, web.receiver, path), path };
  };
  const test = (id: string) =>
    api().request<WebhookAttemptResult>('POST', `/api/webhook-endpoints/${id}/test`, { apiKey: tenant.apiKey });
  const patch = (id: string, json: unknown) =>
    api().request<WebhookEndpoint>('PATCH', `/api/webhook-endpoints/${id}`, { apiKey: tenant.apiKey, json });
  const deliveries = async (id: string) =>
    (
      await api().request<Static<typeof WebhookDeliveryList>>('GET', `/api/webhook-endpoints/${id}/deliveries`, {
        apiKey: tenant.apiKey,
      })
    ).body.data;

  it('PATCH changes only the fields sent, and refuses bad input writing nothing', async () => {
    const { endpoint } = await newEndpoint();
    const changed = await patch(endpoint.id, { description: 'CRM v2', events: ['recording.processing.failed'] });
    expect(changed.status).to.equal(200);
    expect(changed.body).to.deep.include({
      id: endpoint.id,
      url: endpoint.url,
      description: 'CRM v2',
      events: ['recording.processing.failed'],
      enabled: true,
    });
    const moved = await patch(endpoint.id, { url: 'https://hooks.example.com/new', description: null });
    expect(moved.body).to.deep.include({
      url: 'https://hooks.example.com/new',
      description: null,
      events: ['recording.processing.failed'],
    });

    const before = await testEnv().db('webhook_endpoints').where({ id: endpoint.id }).first();
    for (const json of [
      {},
      { url: 'ftp://x.example.com' },
      { events: [] },
      { events: ['webhook.test'] },
      { enabled: 'yes' },
      { secret: 'x' },
    ]) {
      const res = await api().request<ErrorBody>('PATCH', `/api/webhook-endpoints/${endpoint.id}`, {
        apiKey: tenant.apiKey,
        json,
      });
      expect(res.status, JSON.stringify(json)).to.equal(400);
      expect(res.body.error.code).to.equal('validation_failed');
    }
    expect(await testEnv().db('webhook_endpoints').where({ id: endpoint.id }).first()).to.deep.equal(before);
    const unknown = await patch(randomUUID(), { enabled: true });
    expect(unknown.status).to.equal(404);
    const other = await createTenant();
    const theirs = await api().request<ErrorBody>('PATCH', `/api/webhook-endpoints/${endpoint.id}`, {
      apiKey: other.apiKey,
      json: { enabled: false },
    });
    expect(theirs.status).to.equal(404);
  });

  it('test sends a signed webhook.test through the delivery workflow and answers the attempt', async () => {
    const { endpoint, path } = await newEndpoint();
    const res = await test(endpoint.id);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.include({ outcome: 'delivered', attempt: 1 });
    expect(res.body.delivery).to.deep.include({
      eventId: res.body.eventId,
      eventType: 'webhook.test',
      attempt: 1,
      outcome: 'delivered',
      statusCode: 200,
    });
    const [hook] = web.receiver.on(path);
    expect(hook.verified, hook.signatureProblem ?? '').to.equal(true);
    expect(hook.standardVerified).to.equal(true);
    expect(hook.event).to.deep.include({ id: res.body.eventId, type: 'webhook.test' });
    expect((hook.event?.data as { endpointId: string }).endpointId).to.equal(endpoint.id);
    expect((await deliveries(endpoint.id)).map((d) => d.eventId)).to.deep.equal([res.body.eventId]);
  });

  it('an endpoint disabled by a 410 refuses tests until re-enabled, then receives the next event', async () => {
    const { endpoint, path } = await newEndpoint();
    web.receiver.respond(path, (i) => ({ status: i === 1 ? 410 : 200 }));
    const gone = await test(endpoint.id);
    expect(gone.body).to.deep.include({ outcome: 'failed' });
    expect(gone.body.delivery?.statusCode).to.equal(410);
    const listed = await api().request<{ data: WebhookEndpoint[] }>('GET', '/api/webhook-endpoints', {
      apiKey: tenant.apiKey,
    });
    expect(listed.body.data.find((e) => e.id === endpoint.id)).to.deep.include({
      enabled: false,
      disabledReason: 'The receiver answered 410 Gone',
    });

    const refused = await api().request<ErrorBody>('POST', `/api/webhook-endpoints/${endpoint.id}/test`, {
      apiKey: tenant.apiKey,
    });
    expect([refused.status, refused.body.error.code]).to.deep.equal([409, 'endpoint_disabled']);
    expect(web.receiver.on(path)).to.have.length(1);

    const enabled = await patch(endpoint.id, { enabled: true });
    expect(enabled.body).to.deep.include({ enabled: true, disabledReason: null });
    const next = await test(endpoint.id);
    expect(next.body.outcome).to.equal('delivered');
    expect(web.receiver.on(path)).to.have.length(2);
    expect(web.receiver.on(path)[1].event?.id).to.equal(next.body.eventId);
  });

  it('redeliver sends the same event id again with a fresh valid signature, numbering attempts after the earlier ones', async () => {
    const { endpoint, path } = await newEndpoint();
    web.receiver.respond(path, (i) => ({ status: i === 1 ? 500 : 200 }));
    const first = await test(endpoint.id);
    expect(first.body).to.deep.include({ outcome: 'failed', attempt: 1 });
    expect(first.body.delivery?.statusCode).to.equal(500);
    time.advance(1000); // a later second, so the fresh signature's timestamp differs

    const redeliver = (deliveryId: string) =>
      api().request<WebhookAttemptResult>(
        'POST',
        `/api/webhook-endpoints/${endpoint.id}/deliveries/${deliveryId}/redeliver`,
        { apiKey: tenant.apiKey },
      );
    const again = await redeliver(first.body.delivery?.id ?? '');
    expect(again.status, again.text).to.equal(200);
    expect(again.body).to.deep.include({ eventId: first.body.eventId, outcome: 'delivered', attempt: 2 });

    const [original, resent] = web.receiver.on(path);
    expect(resent.verified, resent.signatureProblem ?? '').to.equal(true);
    expect(resent.standardVerified).to.equal(true);
    expect(resent.event?.id).to.equal(original.event?.id);
    expect(resent.headers['webhook-id']).to.equal(original.event?.id);
    expect(resent.rawBody.equals(original.rawBody)).to.equal(true);
    const t = (h: typeof resent) => Number(/t=(\d+)/.exec(String(h.headers['x-service-signature']))?.[1] ?? 0);
    expect(t(resent)).to.be.at.least(t(original) + 1);

    const third = await redeliver(again.body.delivery?.id ?? '');
    expect(third.body).to.deep.include({ eventId: first.body.eventId, attempt: 3, outcome: 'delivered' });
    expect((await deliveries(endpoint.id)).map((d) => d.attempt)).to.deep.equal([3, 2, 1]);

    const unknown = await api().request<ErrorBody>(
      'POST',
      `/api/webhook-endpoints/${endpoint.id}/deliveries/${randomUUID()}/redeliver`,
      { apiKey: tenant.apiKey },
    );
    expect(unknown.status).to.equal(404);
    const { endpoint: otherEndpoint } = await newEndpoint();
    const elsewhere = await api().request<ErrorBody>(
      'POST',
      `/api/webhook-endpoints/${otherEndpoint.id}/deliveries/${first.body.delivery?.id ?? ''}/redeliver`,
      {
        apiKey: tenant.apiKey,
      },
    );
    expect(elsewhere.status).to.equal(404);
  });

  it('GET /api/webhook-events lists every event type with the schema its bodies match, also under the OpenAPI webhooks', async () => {
    const res = await api().request<WebhookEventCatalog>('GET', '/api/webhook-events', { apiKey: tenant.apiKey });
    expect(res.status).to.equal(200);
    expect(res.body.data.map((e) => [e.type, e.subscribable])).to.deep.equal([
      ['recording.processing.completed', true],
      ['recording.processing.failed', true],
      ['user.erased', true],
      ['export.completed', true],
      ['export.failed', true],
      ['webhook.endpoint.disabled', false],
      ['webhook.test', false],
    ]);
    const { endpoint, path } = await newEndpoint();
    await test(endpoint.id);
    const [hook] = web.receiver.on(path);
    const testSchema = res.body.data.find((e) => e.type === 'webhook.test')?.schema as unknown as TSchema;
    assertSchema(testSchema, JSON.parse(hook.rawBody.toString('utf8')), 'the webhook.test body');
    const failedSchema = res.body.data.find((e) => e.type === 'recording.processing.failed')
      ?.schema as unknown as TSchema;
    assertSchema(failedSchema, {
      id: randomUUID(),
      type: 'recording.processing.failed',
      createdAt: new Date().toISOString(),
      data: { recordingId: randomUUID(), status: 'failed', user: null, reason: 'Processing was cancelled' },
    });
    expect(() => assertSchema(failedSchema, { ...hook.event, type: 'recording.processing.failed' })).to.throw();

    const doc = (await (await fetch(`${api().url}/openapi.json`)).json()) as {
      webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { schema: unknown } } } } }>;
    };
    expect(Object.keys(doc.webhooks)).to.deep.equal(res.body.data.map((e) => e.type));
    for (const e of res.body.data)
      expect(doc.webhooks[e.type].post.requestBody.content['application/json'].schema).to.deep.equal(e.schema);
  });

  it('a test event to an address the check refuses answers `failed` saying the address is not allowed, never which it was', async () => {
    const strict = await startRecordingStack({ OUTBOUND_ALLOW_PRIVATE: false });
    try {
      // A name (the API accepts it) that resolves to loopback, refused by the worker at connect time.
      const created = await strict.api.request<WebhookEndpointWithSecret>('POST', '/api/webhook-endpoints', {
        apiKey: tenant.apiKey,
        json: {
          url: `${web.receiver.url.replace('127.0.0.1', 'localhost')}/strict`,
          events: ['recording.processing.completed'],
        },
      });
      expect(created.status, created.text).to.equal(201);
      const res = await strict.api.request<WebhookAttemptResult>(
        'POST',
        `/api/webhook-endpoints/${created.body.id}/test`,
        { apiKey: tenant.apiKey },
      );
      expect(res.status, res.text).to.equal(200);
      expect(res.body.outcome).to.equal('failed');
      expect(res.body.delivery).to.deep.include({
        statusCode: null,
        error: 'Outbound connection to localhost refused: the address is not allowed',
      });
      expect(res.text).to.not.match(/127\.0\.0\.1|::1|loopback/);
      expect(web.receiver.on('/strict')).to.have.length(0);
    } finally {
      await strict.stop();
    }
  });
});

describe('webhook test and redelivery with a WEBHOOK_TIMEOUT of 30 s or more', function () {
  this.timeout(180_000);

  // API and worker read the same settings, as in production.
  const web = useWebhookStack({
    OUTBOUND_ALLOW_PRIVATE: true,
    WEBHOOK_TIMEOUT: '45s',
    WEBHOOK_ATTEMPT_WAIT: '90s',
  });

  it('lets a receiver take 32 s: the attempt is not ended by Temporal while its POST may still wait', async () => {
    const tenant = await createTenant();
    const endpoint = await registerWebhook(web.stack.api, tenant.apiKey, web.receiver, '/patient');
    web.receiver.respond('/patient', () => ({ status: 200, delayMs: 32_000 }));
    // The API waits for the delivery run to close (Temporal's long poll) and then reads the attempt's record once.
    let recordReads = 0;
    const countReads = (q: { sql: string }): void => {
      if (/^select\b/i.test(q.sql) && /from `webhook_deliveries`/i.test(q.sql)) recordReads += 1;
    };
    testEnv().db.on('query', countReads);
    let res: Awaited<ReturnType<typeof web.stack.api.request<WebhookAttemptResult>>>;
    try {
      res = await web.stack.api.request<WebhookAttemptResult>('POST', `/api/webhook-endpoints/${endpoint.id}/test`, {
        apiKey: tenant.apiKey,
      });
    } finally {
      testEnv().db.off('query', countReads);
    }
    expect(recordReads, 'reads of the delivery log while the request waited').to.equal(1);
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.include({ outcome: 'delivered', attempt: 1 });
    expect(res.body.delivery).to.deep.include({ attempt: 1, outcome: 'delivered', statusCode: 200 });
    expect(web.receiver.on('/patient')).to.have.length(1);
    // Temporal saw the attempt succeed too: its activity was not timed out (and retried or failed) meanwhile.
    const delivery = web.stack.api.temporal.workflow.getHandle(
      workflowIds.webhookDelivery(res.body.eventId, endpoint.id),
    );
    expect(await delivery.result()).to.deep.equal({ outcome: 'delivered', statusCode: 200, attempt: 1 });
  });
});
