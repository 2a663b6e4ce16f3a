import { expect } from 'chai';
import { createSalesPracticeClient, verifyWebhook, WebhookVerificationError } from '../../clients/typescript/src';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { useWebhookStack } from '../support/webhookStack';

// The generated TypeScript client (clients/typescript: openapi-fetch over openapi-typescript's types of
// openapi.json) against the running service, for an integrator's main flows: register a webhook endpoint,
// submit, poll, list, read the transcript, and verify the received webhook with the client's helper
// (the public standardwebhooks library), not with the project's internal modules.

const TRANSCRIPT = `WEBVTT

00:00:00.000 --> 00:00:04.000
<v Sam Seller>Hi Dana, this is Sam from Acme. How do you plan routes today?

00:00:04.500 --> 00:00:07.000
<v Dana Reyes>Spreadsheets, mostly.
`;

describe('the TypeScript client against the running service', function () {
  this.timeout(90_000);
  let tenant: TenantFixture;

  const web = useWebhookStack();
  before(async () => {
    tenant = await createTenant();
  });

  it('registers an endpoint, submits, polls, lists and verifies the webhook it receives', async () => {
    const client = createSalesPracticeClient({ baseUrl: web.stack.api.url, apiKey: tenant.apiKey });

    const created = await client.POST('/api/webhook-endpoints', {
      body: {
        url: `${web.receiver.url}/client`,
        events: ['recording.processing.completed'],
        description: 'client test',
      },
    });
    expect(created.response.status).to.equal(201);
    const secret = created.data!.secret;
    expect(secret).to.match(/^whsec_/);
    const endpoints = await client.GET('/api/webhook-endpoints');
    expect(endpoints.data!.data.map((e) => e.id)).to.include(created.data!.id);
    const patched = await client.PATCH('/api/webhook-endpoints/{id}', {
      params: { path: { id: created.data!.id } },
      body: { description: 'client test, renamed' },
    });
    expect(patched.data!.description).to.equal('client test, renamed');

    const submitted = await client.POST('/api/recording', {
      body: {
        userUniqueIdentifier: 'crm-client',
        userName: 'Sam Seller',
        storeRecording: false,
        transcript: TRANSCRIPT,
        externalId: 'client-call-1',
        metadata: { source: 'typescript-client' },
      },
      headers: { 'Idempotency-Key': 'client-submit-1' },
    });
    expect(submitted.response.status, JSON.stringify(submitted.error)).to.equal(200);
    const recordingId = submitted.data!.recordingId;

    // Poll as an integrator would, until the recording is finished.
    let status = submitted.data!.status as string;
    const deadline = Date.now() + 45_000;
    while (status !== 'completed' && status !== 'failed') {
      if (Date.now() > deadline) throw new Error(`recording still ${status}`);
      await new Promise((r) => setTimeout(r, 200));
      const polled = await client.GET('/api/recording/{id}', { params: { path: { id: recordingId } } });
      status = polled.data!.status;
    }
    expect(status).to.equal('completed');

    const listed = await client.GET('/api/recording', { params: { query: { externalId: 'client-call-1' } } });
    expect(listed.data!.data.map((r) => r.id)).to.deep.equal([recordingId]);
    expect(listed.data!.data[0].metadata).to.deep.equal({ source: 'typescript-client' });

    const transcript = await client.GET('/api/recording/{id}/transcript', { params: { path: { id: recordingId } } });
    // The document offers JSON and WebVTT; JSON is what comes without an Accept header.
    if (typeof transcript.data !== 'object') throw new Error('expected the JSON transcript');
    expect(transcript.data.utterances.map((u) => u.speaker)).to.deep.equal(['rep', 'customer']);
    const vtt = await client.GET('/api/recording/{id}/transcript', {
      params: { path: { id: recordingId } },
      headers: { accept: 'text/vtt' },
      parseAs: 'text',
    });
    expect(vtt.data).to.match(/^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:04\.000\n<v Sam Seller>/);

    const missing = await client.GET('/api/recording/{id}', {
      params: { path: { id: '4b0b1c46-8f7e-4c55-9f0e-0d3f5b0c2b11' } },
    });
    expect(missing.response.status).to.equal(404);
    expect(missing.error!.error.code).to.equal('not_found');

    const [hook] = await web.receiver.waitFor('/client', 1);
    const event = verifyWebhook(secret, hook.rawBody, hook.headers);
    if (event.type !== 'recording.processing.completed') throw new Error(`unexpected ${event.type}`);
    expect(event.data).to.deep.include({ recordingId, externalId: 'client-call-1' });
    expect(event.data.result.speakerAttribution).to.equal('transcript');

    // A changed body, or another endpoint's secret, does not verify.
    const tampered = Buffer.from(hook.rawBody.toString('utf8').replace('client-call-1', 'client-call-2'));
    expect(() => verifyWebhook(secret, tampered, hook.headers)).to.throw(WebhookVerificationError);
    const other = await client.POST('/api/webhook-endpoints', {
      body: { url: `${web.receiver.url}/other`, events: ['recording.processing.completed'] },
    });
    expect(() => verifyWebhook(other.data!.secret, hook.rawBody, hook.headers)).to.throw(WebhookVerificationError);
  });
});
