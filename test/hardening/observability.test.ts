import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { startObservedApi, sample, type ObservedApi } from '../support/observedApi';
import { assertResponseSchema } from '../support/schemaAssert';
import { makeTeam } from '../support/userFixtures';

// What an operator sees: one JSON log line per request (request id, company, route template, status,
// latency, error code) and Prometheus metrics at GET /metrics.

describe('observability of the API', () => {
  let api: ObservedApi;
  let tenant: TenantFixture;

  interface Answer {
    status: number;
    headers: Headers;
    text: string;
  }

  async function call(
    method: string,
    path: string,
    init: { apiKey?: string; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.apiKey) headers['x-api-key'] = init.apiKey;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(api.url + path, {
      method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const text = await res.text();
    if ((res.headers.get('content-type') ?? '').includes('json'))
      assertResponseSchema(method, path, res.status, JSON.parse(text));
    return { status: res.status, headers: res.headers, text };
  }

  before(async () => {
    api = await startObservedApi({ RATE_LIMIT_POINTS: 1000 });
    tenant = await createTenant('Observed Co');
  });
  after(() => api.close());

  it('logs one structured line per request with request id, company, route template, status and latency', async () => {
    const missingUser = randomUUID();
    const ok = await call('GET', '/api/team', { apiKey: tenant.apiKey, headers: { 'x-request-id': 'trace-ok-1' } });
    expect(ok.status).to.equal(200);
    const notFound = await call('GET', `/api/user/${missingUser}`, {
      apiKey: tenant.apiKey,
      headers: { 'x-request-id': 'trace-404-1' },
    });
    expect(notFound.status).to.equal(404);
    const denied = await call('GET', '/api/team', { apiKey: 'spk_nope', headers: { 'x-request-id': 'trace-401-1' } });
    expect(denied.status).to.equal(401);

    const lines = api.logLines().filter((l) => l.msg === 'request');
    const byId = (id: string) => lines.find((l) => l.requestId === id);
    expect(byId('trace-ok-1')).to.include({
      companyId: tenant.company.id,
      method: 'GET',
      route: '/api/team',
      status: 200,
      service: 'api',
    });
    expect(byId('trace-ok-1')?.latencyMs).to.be.a('number').and.at.least(0);
    expect(byId('trace-404-1')).to.include({
      companyId: tenant.company.id,
      route: '/api/user/{userId}',
      status: 404,
      code: 'not_found',
    });
    expect(byId('trace-401-1')).to.include({ route: '/api/team', status: 401, code: 'invalid_credentials' });
    expect(byId('trace-401-1')).to.not.have.property('companyId');
    // Route templates, not raw paths: ids stay out of the route field.
    expect(api.logText()).to.not.contain(`"route":"/api/user/${missingUser}"`);
  });

  it('counts requests and latencies per route template and status, and rejections by error code', async () => {
    const before = (await call('GET', '/metrics')).text;
    const base = {
      ok: sample(before, 'sales_practice_http_requests_total', {
        method: 'GET',
        route: '/api/user/{userId}',
        status: '404',
      }),
      rejected: sample(before, 'sales_practice_http_rejections_total', { status: '400', code: 'validation_failed' }),
      unmatched: sample(before, 'sales_practice_http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status: '404',
      }),
    };
    for (let i = 0; i < 3; i += 1)
      expect((await call('GET', `/api/user/${randomUUID()}`, { apiKey: tenant.apiKey })).status).to.equal(404);
    expect((await call('GET', '/api/team?limit=0', { apiKey: tenant.apiKey })).status).to.equal(400);
    expect((await call('GET', `/no/such/${randomUUID()}`)).status).to.equal(404);

    const res = await call('GET', '/metrics');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/plain/);
    const text = res.text;
    expect(
      sample(text, 'sales_practice_http_requests_total', { method: 'GET', route: '/api/user/{userId}', status: '404' }),
    ).to.equal(base.ok + 3);
    expect(
      sample(text, 'sales_practice_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/user/{userId}',
        status: '404',
      }),
    ).to.be.at.least(3);
    expect(
      sample(text, 'sales_practice_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/user/{userId}',
        status: '404',
        le: '+Inf',
      }),
    ).to.be.at.least(3);
    expect(sample(text, 'sales_practice_http_rejections_total', { status: '400', code: 'validation_failed' })).to.equal(
      base.rejected + 1,
    );
    expect(sample(text, 'sales_practice_http_rejections_total', { status: '404', code: 'not_found' })).to.be.at.least(
      3,
    );
    // Unknown paths share one label value, so scanners cannot blow up the series count.
    expect(
      sample(text, 'sales_practice_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).to.equal(base.unmatched + 1);
    expect(text).to.not.match(/route="\/api\/user\/[0-9a-f]{8}-/);
    expect(text).to.not.contain('/no/such/');
  });

  it('counts the workflows the API starts', async () => {
    const team = await makeTeam(tenant.company.id);
    const before = sample((await call('GET', '/metrics')).text, 'sales_practice_workflow_starts_total', {
      workflow: 'invitation',
    });
    const invite = await call('POST', '/api/user/invite', {
      apiKey: tenant.apiKey,
      json: { email: `metrics-${randomUUID()}@example.com`, teamId: team.id, role: 'User' },
    });
    expect(invite.status).to.equal(200);
    const after = sample((await call('GET', '/metrics')).text, 'sales_practice_workflow_starts_total', {
      workflow: 'invitation',
    });
    expect(after).to.equal(before + 1);

    // A recording starts its intake workflow once; a retry with the same Idempotency-Key starts nothing.
    const submission = {
      userUniqueIdentifier: 'crm-metrics',
      userName: 'Metric Maker',
      recordingPresignedUrl: 'https://files.example.com/m.mp3',
      storeRecording: false,
    };
    const headers = { 'idempotency-key': `metrics-${randomUUID()}` };
    expect(
      (await call('POST', '/api/recording', { apiKey: tenant.apiKey, json: submission, headers })).status,
    ).to.equal(200);
    expect(
      (await call('POST', '/api/recording', { apiKey: tenant.apiKey, json: submission, headers })).status,
    ).to.equal(200);
    const text = (await call('GET', '/metrics')).text;
    expect(sample(text, 'sales_practice_workflow_starts_total', { workflow: 'recordingIntake' })).to.equal(1);
  });

  it('counts rate-limited requests as rejections with code rate_limited', async () => {
    const limited = await startObservedApi({ RATE_LIMIT_POINTS: 1 });
    try {
      const headers = { 'x-api-key': tenant.apiKey };
      expect((await fetch(`${limited.url}/api/team`, { headers })).status).to.equal(200);
      expect((await fetch(`${limited.url}/api/team`, { headers })).status).to.equal(429);
      const text = await (await fetch(`${limited.url}/metrics`)).text();
      expect(sample(text, 'sales_practice_http_rejections_total', { status: '429', code: 'rate_limited' })).to.equal(1);
      expect(
        sample(text, 'sales_practice_http_requests_total', { method: 'GET', route: '/api/team', status: '429' }),
      ).to.equal(1);
    } finally {
      await limited.close();
    }
  });

  it('does not serve /metrics at all with METRICS_TOKEN_REQUIRED and no token, and asks for the token when one is set', async () => {
    const unset = await startObservedApi({ METRICS_TOKEN_REQUIRED: true, METRICS_TOKEN: '' });
    const guarded = await startObservedApi({ METRICS_TOKEN_REQUIRED: true, METRICS_TOKEN: 'scrape-token-456' });
    try {
      expect((await fetch(`${unset.url}/metrics`)).status).to.equal(404);
      expect((await fetch(`${unset.url}/metrics`, { headers: { authorization: 'Bearer x' } })).status).to.equal(404);
      expect((await fetch(`${unset.url}/healthz`)).status).to.equal(200);
      expect((await fetch(`${guarded.url}/metrics`)).status).to.equal(401);
      const ok = await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer scrape-token-456' } });
      expect(ok.status).to.equal(200);
    } finally {
      await Promise.all([unset.close(), guarded.close()]);
    }
  });

  it('asks for METRICS_TOKEN when one is set', async () => {
    const guarded = await startObservedApi({ METRICS_TOKEN: 'scrape-token-123' });
    try {
      const anonymous = await fetch(`${guarded.url}/metrics`);
      expect(anonymous.status).to.equal(401);
      expect(((await anonymous.json()) as { error: { code: string } }).error.code).to.equal('invalid_credentials');
      expect(
        (await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer wrong-token' } })).status,
      ).to.equal(401);
      const ok = await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer scrape-token-123' } });
      expect(ok.status).to.equal(200);
      expect(await ok.text()).to.contain('sales_practice_http_requests_total');
    } finally {
      await guarded.close();
    }
  });
});
