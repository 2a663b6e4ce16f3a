import { once } from 'node:events';
import net from 'node:net';
import { expect } from 'chai';
import { createApp } from '../../api/app';
import { serve, type HttpService } from '../../api/httpServer';
import { createTemporalClient } from '../../common/temporalClient';
import { createApiKey } from '../../db/queries/credentials';
import { startApi, type ApiResponse, type TestApi } from '../support/api';
import { dbSnapshot } from '../support/dbSnapshot';
import { testLogger, testConfig, testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';

// Abuse limits: 1 MiB bodies, a request budget per API key (429 + Retry-After + RateLimit-* headers),
// and slow clients cut off by the server's header and request timeouts.

interface ErrorBodyShape {
  error: { code: string; message: string };
}

function budget(res: ApiResponse): { limit: number; remaining: number; reset: number; policy: string | null } {
  return {
    limit: Number(res.headers.get('ratelimit-limit')),
    remaining: Number(res.headers.get('ratelimit-remaining')),
    reset: Number(res.headers.get('ratelimit-reset')),
    policy: res.headers.get('ratelimit-policy'),
  };
}

describe('request limits', () => {
  describe('body size', () => {
    let api: TestApi;
    let tenant: TenantFixture;
    before(async () => {
      api = await startApi();
      tenant = await createTenant('Body Limit Co');
    });
    after(() => api.close());

    it('answers 413 to a recording submission over 1 MiB and keeps nothing', async () => {
      const before = await dbSnapshot();
      const body = JSON.stringify({
        userUniqueIdentifier: 'x'.repeat(1024 * 1024),
        userName: 'Big',
        recordingPresignedUrl: 'https://files.example.com/a.mp3',
        storeRecording: false,
      });
      const res = await api.request<ErrorBodyShape>('POST', '/api/recording', {
        apiKey: tenant.apiKey,
        raw: body,
        contentType: 'application/json',
      });
      expect(res.status).to.equal(413);
      expect(res.body.error.code).to.equal('payload_too_large');
      expect(await dbSnapshot()).to.deep.equal(before);
    });
  });

  describe('rate limit per API key', () => {
    let api: TestApi;
    let tenant: TenantFixture;
    before(async () => {
      api = await startApi({ RATE_LIMIT_POINTS: 3, RATE_LIMIT_DURATION: '1m' });
      tenant = await createTenant('Rate Limit Co');
    });
    after(() => api.close());

    it('counts down RateLimit-Remaining, then answers 429 with Retry-After and changes nothing', async () => {
      const seen = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await api.request('GET', '/api/team', { apiKey: tenant.apiKey });
        expect(res.status, res.text).to.equal(200);
        seen.push(budget(res));
      }
      expect(seen.map((b) => b.remaining)).to.deep.equal([2, 1, 0]);
      for (const b of seen) {
        expect(b.limit).to.equal(3);
        expect(b.policy).to.equal('3;w=60');
        expect(b.reset).to.be.within(1, 60);
      }

      const before = await dbSnapshot();
      const limited = await api.request<ErrorBodyShape>('POST', '/api/team', {
        apiKey: tenant.apiKey,
        json: { name: 'Over budget' },
      });
      expect(limited.status).to.equal(429);
      expect(limited.body.error.code).to.equal('rate_limited');
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).to.be.within(1, 60);
      expect(budget(limited).remaining).to.equal(0);
      expect(budget(limited).reset).to.equal(retryAfter);
      expect(await dbSnapshot()).to.deep.equal(before);
    });

    it('gives every API key its own budget, and failed authentication spends none', async () => {
      const other = await createApiKey(testEnv().db, tenant.company.id, 'second key');
      for (let i = 0; i < 5; i += 1) {
        const res = await api.request('GET', '/api/team', { apiKey: `${other.key.slice(0, -4)}AAAA` });
        expect(res.status).to.equal(401);
        expect(res.headers.get('ratelimit-remaining')).to.equal(null);
      }
      const res = await api.request('GET', '/api/team', { apiKey: other.key });
      expect(res.status, res.text).to.equal(200);
      expect(budget(res).remaining).to.equal(2);
      // The first key is still spent.
      expect((await api.request('GET', '/api/team', { apiKey: tenant.apiKey })).status).to.equal(429);
    });

    it('a bearer token spends the budget of the key it was minted from, so minting tokens adds none', async () => {
      const fresh = await createTenant('Bearer Budget Co');
      const token = await api.request<{ accessToken: string }>('POST', '/api/auth/token', { apiKey: fresh.apiKey });
      expect(token.status, token.text).to.equal(200);
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (await api.request('GET', '/api/company/get-active-user-count', { bearer: token.body.accessToken })).status,
        );
      }
      // One point went on minting the token.
      expect(statuses).to.deep.equal([200, 200, 429]);
      expect((await api.request('GET', '/api/team', { apiKey: fresh.apiKey })).status).to.equal(429);
    });

    it('leaves unauthenticated operations (health, docs) unlimited', async () => {
      for (let i = 0; i < 6; i += 1) {
        const res = await api.request('GET', '/healthz');
        expect(res.status).to.equal(200);
        expect(res.headers.get('ratelimit-limit')).to.equal(null);
      }
    });
  });

  it('refills the budget after the window', async function () {
    this.timeout(30_000);
    // A five-second window: the second request lands in it also on a loaded machine. rate-limiter-flexible
    // keeps its own clock, so the test waits for the positive signal (a request let through again), asking
    // no sooner than the Retry-After the API answers and then every 200 ms.
    const api = await startApi({ RATE_LIMIT_POINTS: 1, RATE_LIMIT_DURATION: '5s' });
    try {
      const tenant = await createTenant('Refill Co');
      expect((await api.request('GET', '/api/team', { apiKey: tenant.apiKey })).status).to.equal(200);
      const limited = await api.request('GET', '/api/team', { apiKey: tenant.apiKey });
      expect(limited.status).to.equal(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).to.be.within(1, 5);
      const askedAgainAt = Date.now() + retryAfter * 1000;
      let status = limited.status;
      while (status === 429) {
        await new Promise((r) => setTimeout(r, Math.max(200, askedAgainAt - Date.now())));
        status = (await api.request('GET', '/api/team', { apiKey: tenant.apiKey })).status;
      }
      expect(status).to.equal(200);
    } finally {
      await api.close();
    }
  });

  it('shares one budget between API processes with RATE_LIMIT_STORE=mysql', async () => {
    const settings = { RATE_LIMIT_POINTS: 3, RATE_LIMIT_DURATION: '1m', RATE_LIMIT_STORE: 'mysql' as const };
    const [a, b] = [await startApi(settings), await startApi(settings)];
    try {
      const tenant = await createTenant('Shared Budget Co');
      const statuses = [];
      for (const api of [a, b, a, b])
        statuses.push((await api.request('GET', '/api/team', { apiKey: tenant.apiKey })).status);
      expect(statuses).to.deep.equal([200, 200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('turns the limit off with RATE_LIMIT_POINTS=0', async () => {
    const api = await startApi({ RATE_LIMIT_POINTS: 0 });
    try {
      const tenant = await createTenant('Unlimited Co');
      const res = await api.request('GET', '/api/team', { apiKey: tenant.apiKey });
      expect(res.status).to.equal(200);
      expect(res.headers.get('ratelimit-limit')).to.equal(null);
    } finally {
      await api.close();
    }
  });
});

describe('slow clients', () => {
  let http: HttpService;

  before(async () => {
    const config = testConfig({ HTTP_HEADERS_TIMEOUT: '1s', HTTP_REQUEST_TIMEOUT: '2s' });
    const temporal = createTemporalClient(config);
    const app = createApp({ db: testEnv().db, temporal, config, logger: testLogger });
    http = await serve(app, config, { port: 0, host: '127.0.0.1' }, testLogger);
  });
  after(() => http.stop());

  /** Sends `parts` with pauses, then collects whatever the server answers until it closes. */
  async function trickle(parts: string[], pauseMs: number): Promise<{ answer: string; closedAfterMs: number }> {
    const socket = net.connect(http.port, '127.0.0.1');
    await once(socket, 'connect');
    const started = Date.now();
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString()));
    socket.on('error', () => undefined);
    const closed = once(socket, 'close');
    for (const part of parts) {
      if (socket.destroyed) break;
      socket.write(part);
      await Promise.race([new Promise((r) => setTimeout(r, pauseMs)), closed]);
    }
    await closed;
    return { answer, closedAfterMs: Date.now() - started };
  }

  it('drops a client whose headers do not arrive within HTTP_HEADERS_TIMEOUT (408)', async function () {
    this.timeout(15_000);
    const { answer, closedAfterMs } = await trickle(
      ['GET /healthz HTTP/1.1\r\n', 'Host: x\r\n', 'X-Slow: 1\r\n', 'X-Slow: 2\r\n', 'X-Slow: 3\r\n'],
      800,
    );
    // The headers never end, so only the timeout can answer 408; not before it (how much later is the machine's).
    expect(answer).to.match(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).to.be.at.least(900);
  });

  it('drops a client whose body does not arrive within HTTP_REQUEST_TIMEOUT', async function () {
    this.timeout(15_000);
    const head = 'POST /api/team HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const { answer, closedAfterMs } = await trickle([head, '{"na', 'me":', '"x', '"', ' ', ' '], 700);
    // The body never arrives whole, so only the timeout can answer 408; not before it.
    expect(answer).to.match(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).to.be.at.least(1900);
  });

  it('serves a normal request on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${http.port}/healthz`);
    expect(res.status).to.equal(200);
  });
});
