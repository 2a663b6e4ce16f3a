import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createTenant } from '../support/fixtures';
import { spawnService, type ServiceProcess } from '../support/serviceProcess';
import { freePort } from '../support/temporalServer';

// Two API processes behind one load balancer, each with its own connection pool, on one database: with
// RATE_LIMIT_STORE=mysql a key's budget is one budget, whichever process answers.

describe('rate limit: two API processes with RATE_LIMIT_STORE=mysql', function () {
  this.timeout(120_000);
  const apis: Array<{ process: ServiceProcess; url: string }> = [];

  before(async () => {
    const taskQueue = `rate-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const process = spawnService('api/main.ts', {
        PORT: port,
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        TEMPORAL_TASK_QUEUE: taskQueue,
        RATE_LIMIT_STORE: 'mysql',
        RATE_LIMIT_POINTS: 4,
        RATE_LIMIT_COMPANY_POINTS: 0,
        RATE_LIMIT_DURATION: '10m',
      });
      apis.push({ process, url });
    }
    for (const api of apis) await api.process.waitFor('"msg":"database and temporal are available"');
  });
  after(async () => {
    for (const api of apis) await api.process.kill();
  });

  it('spends one budget through both: the fifth request is refused by whichever process gets it', async () => {
    const tenant = await createTenant('Two Processes Co');
    const answers: Array<{ status: number; remaining: string | null }> = [];
    for (const api of [apis[0], apis[1], apis[0], apis[1], apis[0], apis[1]]) {
      const res = await fetch(`${api.url}/api/team`, { headers: { 'x-api-key': tenant.apiKey } });
      answers.push({ status: res.status, remaining: res.headers.get('ratelimit-remaining') });
    }
    expect(answers).to.deep.equal([
      { status: 200, remaining: '3' },
      { status: 200, remaining: '2' },
      { status: 200, remaining: '1' },
      { status: 200, remaining: '0' },
      { status: 429, remaining: '0' },
      { status: 429, remaining: '0' },
    ]);
  });
});
