import { expect } from 'chai';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '../../api/schemas/webhooks';
import { CURRENT_API_VERSION } from '../../common/apiVersions';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { useWebhookStack } from '../support/webhookStack';

// API versions (issue 34 §6) on webhook endpoints: pinned at creation to the current version (or the one
// asked for), moved by PATCH, and each delivery names the endpoint's version in Sales-Practice-Version.

const OLD = '2026-11-21';

describe('webhook endpoints: pinned API versions', function () {
  this.timeout(90_000);
  let tenant: TenantFixture;

  const web = useWebhookStack();
  before(async () => {
    tenant = await createTenant();
  });

  const createEndpoint = async (urlPath: string, apiVersion?: string): Promise<WebhookEndpointWithSecret> => {
    const res = await web.stack.api.request<WebhookEndpointWithSecret>('POST', '/api/webhook-endpoints', {
      apiKey: tenant.apiKey,
      json: { url: web.receiver.url + urlPath, events: ['recording.processing.completed'], apiVersion },
    });
    expect(res.status, res.text).to.equal(201);
    web.receiver.setSecret(urlPath, res.body.secret);
    return res.body;
  };
  const sendTest = async (id: string) => {
    const res = await web.stack.api.request('POST', `/api/webhook-endpoints/${id}/test`, { apiKey: tenant.apiKey });
    expect(res.status, res.text).to.equal(200);
  };

  it('renders deliveries in the version the endpoint is pinned to, and PATCH moves it', async () => {
    const current = await createEndpoint('/v-current');
    expect(current.apiVersion).to.equal(CURRENT_API_VERSION);
    const old = await createEndpoint('/v-old', OLD);
    expect(old.apiVersion).to.equal(OLD);

    await sendTest(current.id);
    await sendTest(old.id);
    const [toCurrent] = await web.receiver.waitFor('/v-current', 1);
    const [toOld] = await web.receiver.waitFor('/v-old', 1);
    expect(toCurrent.headers['sales-practice-version']).to.equal(CURRENT_API_VERSION);
    expect(toOld.headers['sales-practice-version']).to.equal(OLD);
    expect(toOld.standardVerified).to.equal(true);

    const moved = await web.stack.api.request<WebhookEndpoint>('PATCH', `/api/webhook-endpoints/${old.id}`, {
      apiKey: tenant.apiKey,
      json: { apiVersion: CURRENT_API_VERSION },
    });
    expect(moved.status, moved.text).to.equal(200);
    expect(moved.body.apiVersion).to.equal(CURRENT_API_VERSION);
    const listed = await web.stack.api.request<{ data: WebhookEndpoint[] }>('GET', '/api/webhook-endpoints', {
      apiKey: tenant.apiKey,
    });
    expect(listed.body.data.find((e) => e.id === old.id)?.apiVersion).to.equal(CURRENT_API_VERSION);
    await sendTest(old.id);
    const [, again] = await web.receiver.waitFor('/v-old', 2);
    expect(again.headers['sales-practice-version']).to.equal(CURRENT_API_VERSION);

    const refused = await web.stack.api.request('POST', '/api/webhook-endpoints', {
      apiKey: tenant.apiKey,
      json: { url: `${web.receiver.url}/v-bad`, events: ['recording.processing.completed'], apiVersion: '2020-01-01' },
    });
    expect(refused.status).to.equal(400);
  });
});
