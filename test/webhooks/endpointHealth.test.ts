import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { EventList, RecoverResult } from '../../api/schemas/events';
import type { RecordingAccepted } from '../../api/schemas/recordings';
import type { UpdatedWebhookEndpoint, WebhookAttemptResult } from '../../api/schemas/webhooks';
import { WEBHOOK_EVENT_DESCRIPTIONS, webhookEnvelope, type EndpointDisabledData } from '../../common/webhookEvents';
import { assertSchema } from '../support/schemaAssert';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { registerWebhook, waitForRecording } from '../support/recordingFixtures';
import { useWebhookStack } from '../support/webhookStack';

// An endpoint that failed every attempt for WEBHOOK_DISABLE_AFTER is disabled with a reason, the
// company's other endpoints hear it, and re-enabling it says how many events wait for recovery. Time is
// set by the attempts on record: a failed attempt written six days ago starts the endpoint's failing run.

const DAY = 86_400_000;
const WEBVTT = `WEBVTT

00:00:00.000 --> 00:00:05.000
<v Sam Seller>Hi, this is Sam from Acme. Do you have a minute?

00:00:05.500 --> 00:00:08.000
<v Dana Reyes>Sure, go ahead.
`;

describe('webhook endpoints that keep failing', function () {
  this.timeout(90_000);
  let tenant: TenantFixture;
  let n = 0;

  const web = useWebhookStack({ OUTBOUND_ALLOW_PRIVATE: true, WEBHOOK_DISABLE_AFTER: '5d' });
  beforeEach(async () => {
    tenant = await createTenant();
  });

  const api = () => web.stack.api;
  const endpointAt = async (answer: number) => {
    const path = `/health/${++n}`;
    web.receiver.respond(path, () => ({ status: answer }));
    return { path, endpoint: await registerWebhook(api(), tenant.apiKey, web.receiver, path) };
  };
  const attemptOnRecord = (endpointId: string, outcome: 'delivered' | 'failed', daysAgo: number) =>
    testEnv()
      .db('webhook_deliveries')
      .insert({
        id: randomUUID(),
        endpoint_id: endpointId,
        event_id: randomUUID(),
        event_type: 'recording.processing.completed',
        attempt: 1,
        outcome,
        status_code: outcome === 'delivered' ? 200 : 503,
        duration_ms: 3,
        created_at: new Date(Date.now() - daysAgo * DAY),
      });
  const test = (id: string) =>
    api().request<WebhookAttemptResult>('POST', `/api/webhook-endpoints/${id}/test`, { apiKey: tenant.apiKey });
  const row = (id: string) => testEnv().db('webhook_endpoints').where({ id }).first();

  it('disables an endpoint failing for 5 days, tells the other endpoints, and on re-enabling says what waits for recovery', async () => {
    const failing = await endpointAt(503);
    const other = await endpointAt(200);
    const off = await endpointAt(200);
    await api().request('PATCH', `/api/webhook-endpoints/${off.endpoint.id}`, {
      apiKey: tenant.apiKey,
      json: { enabled: false },
    });
    await attemptOnRecord(failing.endpoint.id, 'failed', 6);

    expect((await test(failing.endpoint.id)).body.outcome).to.equal('failed');
    const [told] = await web.receiver.waitFor(other.path, 1);
    expect(told.verified && told.standardVerified).to.equal(true);
    expect(told.event?.type).to.equal('webhook.endpoint.disabled');
    const disabledDescription = WEBHOOK_EVENT_DESCRIPTIONS.find((d) => d.type === 'webhook.endpoint.disabled');
    assertSchema(webhookEnvelope(disabledDescription!), JSON.parse(told.rawBody.toString('utf8')), 'the body');
    const data = told.event?.data as unknown as EndpointDisabledData;
    expect(data.endpointId).to.equal(failing.endpoint.id);
    const disabled = await row(failing.endpoint.id);
    expect(Boolean(disabled.enabled)).to.equal(false);
    expect(disabled.disabled_reason).to.match(/failed for 5d/);
    expect(data.reason).to.equal(disabled.disabled_reason);

    // Kept like any event: listed, delivered to the one other enabled endpoint only.
    const listed = await api().request<EventList>('GET', '/api/events?type=webhook.endpoint.disabled', {
      apiKey: tenant.apiKey,
    });
    expect(listed.body.data.map((e) => e.id)).to.deep.equal([told.event?.id]);
    expect(listed.body.data[0].deliveries.map((d) => d.endpointId)).to.deep.equal([other.endpoint.id]);

    // A recording completes while it is disabled; re-enabled, it hears that one event waits.
    const submitted = await api().request<RecordingAccepted>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: { userUniqueIdentifier: 'crm-h', userName: 'Sam Seller', storeRecording: false, transcript: WEBVTT },
    });
    await waitForRecording(api(), tenant.apiKey, submitted.body.recordingId);
    await api().temporal.workflow.getHandle(`recording-${submitted.body.recordingId}`).result();
    web.receiver.respond(failing.path, () => ({ status: 200 }));
    const back = await api().request<UpdatedWebhookEndpoint>('PATCH', `/api/webhook-endpoints/${failing.endpoint.id}`, {
      apiKey: tenant.apiKey,
      json: { enabled: true },
    });
    expect(back.status, back.text).to.equal(200);
    expect(back.body).to.include({ enabled: true, disabledReason: null, eventsToRecover: 1 });
    const again = await api().request<UpdatedWebhookEndpoint>(
      'PATCH',
      `/api/webhook-endpoints/${failing.endpoint.id}`,
      {
        apiKey: tenant.apiKey,
        json: { enabled: true },
      },
    );
    expect(again.body).to.not.have.property('eventsToRecover');
    const recovered = await api().request<RecoverResult>(
      'POST',
      `/api/webhook-endpoints/${failing.endpoint.id}/recover`,
      {
        apiKey: tenant.apiKey,
        json: { since: new Date(Date.now() - DAY).toISOString() },
      },
    );
    expect(recovered.body.queued).to.equal(1);
    const hooks = await web.receiver.waitFor(failing.path, 2);
    expect(hooks.at(-1)?.event?.type).to.equal('recording.processing.completed');
  });

  it('a delivered attempt since ends the failing run: an endpoint failing for a day stays enabled', async () => {
    const flaky = await endpointAt(503);
    await attemptOnRecord(flaky.endpoint.id, 'failed', 6);
    await attemptOnRecord(flaky.endpoint.id, 'delivered', 1);
    expect((await test(flaky.endpoint.id)).body.outcome).to.equal('failed');
    expect(Boolean((await row(flaky.endpoint.id)).enabled)).to.equal(true);
    // The check runs after the attempt is recorded and before the test answers: nothing later can disable it.
    expect((await test(flaky.endpoint.id)).body.outcome).to.equal('failed');
    expect(Boolean((await row(flaky.endpoint.id)).enabled)).to.equal(true);
  });
});
