import { expect } from 'chai';
import type { RecordingAccepted } from '../../api/schemas/recordings';
import { EventList, RecoverResult, type CompanyEvent } from '../../api/schemas/events';
import type { WebhookAttemptResult, WebhookEndpointWithSecret } from '../../api/schemas/webhooks';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { keepHistory, registerWebhook, waitForRecording } from '../support/recordingFixtures';
import { useWebhookStack } from '../support/webhookStack';
import { assertSchema } from '../support/schemaAssert';

// Every recording event is kept, subscribed or not; GET /api/events lists them by cursor; an endpoint
// added (or back) later recovers what it missed, once each, the same bytes and webhook-id.

const WEBVTT = `WEBVTT

00:00:00.000 --> 00:00:06.000
<v Sam Seller>Hi Dana, this is Sam from Acme. Do you have a minute?

00:00:06.500 --> 00:00:09.000
<v Dana Reyes>Sure. What is this about?
`;

describe('events: kept, listed, recovered', function () {
  this.timeout(90_000);
  let tenant: TenantFixture;
  let n = 0;

  const web = useWebhookStack({ OUTBOUND_ALLOW_PRIVATE: true, WEBHOOK_RECOVER_BATCH: 2 });
  beforeEach(async () => {
    tenant = await createTenant();
  });

  const api = () => web.stack.api;
  const events = async (query = '') => {
    const res = await api().request<EventList>('GET', `/api/events${query}`, { apiKey: tenant.apiKey });
    expect(res.status, res.text).to.equal(200);
    assertSchema(EventList, res.body);
    return res.body;
  };
  const recover = (id: string, json: unknown, headers: Record<string, string> = {}) =>
    api().request<RecoverResult>('POST', `/api/webhook-endpoints/${id}/recover`, {
      apiKey: tenant.apiKey,
      json,
      headers,
    });
  const completedRecording = async (): Promise<string> => {
    const res = await api().request<RecordingAccepted>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: { userUniqueIdentifier: 'crm-ev', userName: 'Sam Seller', storeRecording: false, transcript: WEBVTT },
    });
    expect(res.status, res.text).to.equal(200);
    await waitForRecording(api(), tenant.apiKey, res.body.recordingId);
    return res.body.recordingId;
  };
  /** The recording's event, once the run has written it (the run writes it before it closes). */
  const eventOf = async (recordingId: string): Promise<CompanyEvent> => {
    const handle = api().temporal.workflow.getHandle(`recording-${recordingId}`);
    await handle.result();
    const list = await events();
    const found = list.data.find((e) => (e.payload.data as { recordingId?: string }).recordingId === recordingId);
    expect(found, JSON.stringify(list)).to.not.equal(undefined);
    return found as CompanyEvent;
  };

  it('keeps a recording event no endpoint subscribes to, and an endpoint added later recovers it once, same bytes and webhook-id', async () => {
    const recordingId = await completedRecording();
    const event = await eventOf(recordingId);
    await keepHistory(api(), recordingId, 'keep-every-event');
    expect(event).to.deep.include({ type: 'recording.processing.completed', deliveries: [] });
    expect(event.payload).to.deep.include({ id: event.id, type: 'recording.processing.completed' });

    const path = `/events/${++n}`;
    const endpoint = await registerWebhook(api(), tenant.apiKey, web.receiver, path);
    const since = new Date(Date.parse(event.createdAt) - 60_000).toISOString();
    const key = `recover-${n}-${Date.now()}`;
    const first = await recover(endpoint.id, { since }, { 'Idempotency-Key': key });
    expect(first.status, first.text).to.equal(202);
    assertSchema(RecoverResult, first.body);
    expect(first.body).to.include({ queued: 1, alreadyQueued: 0, since, nextSince: null });

    const [hook] = await web.receiver.waitFor(path, 1);
    expect(hook.verified && hook.standardVerified).to.equal(true);
    expect(hook.headers['webhook-id']).to.equal(event.id);
    expect(JSON.parse(hook.rawBody.toString('utf8'))).to.deep.equal(event.payload);

    // The same request under the same key: the first answer, nothing queued again.
    const replay = await recover(endpoint.id, { since }, { 'Idempotency-Key': key });
    expect(replay.status).to.equal(202);
    expect(replay.headers.get('idempotent-replayed')).to.equal('true');
    expect(replay.body).to.deep.equal(first.body);

    // Received now: listed as delivered to the endpoint, and a new recovery finds nothing to send.
    const deadline = Date.now() + 30_000;
    let listed = await eventOf(recordingId);
    while (listed.deliveries.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      listed = await eventOf(recordingId);
    }
    expect(listed.deliveries).to.have.length(1);
    expect(listed.deliveries[0]).to.include({ endpointId: endpoint.id, status: 'delivered', attempts: 1 });
    const again = await recover(endpoint.id, { since });
    expect(again.body).to.include({ queued: 0, alreadyQueued: 0 });
    expect(web.receiver.on(path)).to.have.length(1);
  });

  it('recovers only what the endpoint subscribes to and has not received, a batch at a time', async () => {
    const path = `/events/${++n}`;
    // Subscribed to failures only while the recordings complete: their events reach it by recovery alone.
    const endpoint: WebhookEndpointWithSecret = await registerWebhook(api(), tenant.apiKey, web.receiver, path, [
      'recording.processing.failed',
    ]);
    // A test event is kept too, but never subscribed: recovery leaves it alone.
    const test = await api().request<WebhookAttemptResult>('POST', `/api/webhook-endpoints/${endpoint.id}/test`, {
      apiKey: tenant.apiKey,
    });
    expect(test.body.outcome).to.equal('delivered');
    const ids = [await completedRecording(), await completedRecording(), await completedRecording()];
    const kept = await Promise.all(ids.map(eventOf));
    const changed = await api().request('PATCH', `/api/webhook-endpoints/${endpoint.id}`, {
      apiKey: tenant.apiKey,
      json: { events: ['recording.processing.completed'] },
    });
    expect(changed.status).to.equal(200);
    const before = web.receiver.on(path).length;

    const since = new Date(Date.parse(kept[0].createdAt) - 60_000).toISOString();
    const first = await recover(endpoint.id, { since });
    expect(first.body).to.include({ queued: 2, alreadyQueued: 0 });
    expect(first.body.nextSince).to.be.a('string');
    const second = await recover(endpoint.id, { since: first.body.nextSince });
    expect(second.body).to.include({ queued: 1, nextSince: null });
    const got = await web.receiver.waitFor(path, before + 3);
    const recovered = got.slice(before).map((h) => h.headers['webhook-id']);
    expect(recovered).to.have.members(kept.map((e) => e.id));

    expect((await recover(endpoint.id, { since, until: since })).status).to.equal(400);
    expect((await recover(endpoint.id, { until: since })).status).to.equal(400);
  });

  it('lists newest first by cursor, filtered by type and time', async () => {
    const path = `/events/${++n}`;
    const endpoint = await registerWebhook(api(), tenant.apiKey, web.receiver, path);
    for (let i = 0; i < 3; i++) {
      const res = await api().request<WebhookAttemptResult>('POST', `/api/webhook-endpoints/${endpoint.id}/test`, {
        apiKey: tenant.apiKey,
      });
      expect(res.body.outcome).to.equal('delivered');
    }
    const recordingId = await completedRecording();
    const newest = await eventOf(recordingId);
    const all = await events();
    expect(all.data.map((e) => e.type)).to.deep.equal([
      'recording.processing.completed',
      'webhook.test',
      'webhook.test',
      'webhook.test',
    ]);
    expect(all.data[1].deliveries).to.have.length(1);
    expect(all.data[1].deliveries[0]).to.include({ endpointId: endpoint.id, status: 'delivered', attempts: 1 });
    expect(all.hasMore).to.equal(false);

    const seen: string[] = [];
    let cursor = '';
    for (;;) {
      const page = await events(`?limit=1${cursor}`);
      seen.push(...page.data.map((e) => e.id));
      if (!page.hasMore) break;
      cursor = `&starting_after=${page.data[page.data.length - 1].id}`;
    }
    expect(seen).to.deep.equal(all.data.map((e) => e.id));

    const tests = await events('?type=webhook.test');
    expect(tests.data.map((e) => e.id)).to.deep.equal(all.data.slice(1).map((e) => e.id));
    expect(all.data[0].id).to.equal(newest.id);
    expect((await events(`?since=${encodeURIComponent(newest.createdAt)}`)).data.map((e) => e.id)).to.deep.equal([
      newest.id,
    ]);
    expect((await events(`?until=${encodeURIComponent(newest.createdAt)}`)).data.map((e) => e.id)).to.not.include(
      newest.id,
    );

    // Another company sees none of them, and cannot page from them.
    const other = await createTenant();
    const theirs = await api().request<EventList>('GET', '/api/events', { apiKey: other.apiKey });
    expect(theirs.body.data).to.deep.equal([]);
    const foreign = await api().request('GET', `/api/events?starting_after=${newest.id}`, { apiKey: other.apiKey });
    expect(foreign.status).to.equal(404);
    const unknownType = await api().request('GET', '/api/events?type=nope', { apiKey: tenant.apiKey });
    expect(unknownType.status).to.equal(400);
  });

  it('a disabled endpoint recovers nothing until it is enabled again', async () => {
    const path = `/events/${++n}`;
    const endpoint = await registerWebhook(api(), tenant.apiKey, web.receiver, path);
    await api().request('PATCH', `/api/webhook-endpoints/${endpoint.id}`, {
      apiKey: tenant.apiKey,
      json: { enabled: false },
    });
    const res = await recover(endpoint.id, { since: new Date(Date.now() - 3_600_000).toISOString() });
    expect(res.status).to.equal(409);
    expect((res.body as unknown as { error: { code: string } }).error.code).to.equal('endpoint_disabled');
  });
});
