import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Config } from '../../common/config';
import type { ErrorBody } from '../../api/schemas/common';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';
import { spawnCommand, type ServiceProcess } from '../support/serviceProcess';
import { freePort } from '../support/temporalServer';

// Settings a feature needs are checked when the process starts (issue 42 §3): without one it cannot do its
// job, a process refuses to start with one line naming it; where the setting is optional by design (webhook
// keys outside production), the process starts and the feature answers a documented 503 naming it, never 500.

const ENTRIES = [
  ['the API', 'api/main.ts'],
  ['the worker', 'worker/main.ts'],
] as const;

const NO_KEYS: Partial<Config> = { WEBHOOK_SECRET_KEYS: '', TEMPORAL_PAYLOAD_KEYS: '' };

function start(entry: string, overrides: Partial<Config>, env: NodeJS.ProcessEnv = {}): ServiceProcess {
  return spawnCommand(process.execPath, ['--require', 'tsx/cjs', entry], overrides, env);
}

/** The process's exit code and its last line of output, once it exited. */
async function refusal(service: ServiceProcess): Promise<{ code: number | null; lastLine: string }> {
  const code = await service.exited;
  const lines = service.output().trim().split('\n');
  return { code, lastLine: lines[lines.length - 1] };
}

describe('settings checked at start-up', function () {
  this.timeout(120_000);
  const running: ServiceProcess[] = [];
  afterEach(async () => {
    for (const p of running.splice(0)) await p.kill();
  });

  const refusals: Array<[string, Partial<Config>, NodeJS.ProcessEnv, RegExp]> = [
    [
      'production without TEMPORAL_PAYLOAD_KEYS',
      NO_KEYS,
      { NODE_ENV: 'production' },
      /TEMPORAL_PAYLOAD_KEYS is required in production/,
    ],
    [
      'TEMPORAL_PAYLOAD_PLAIN_ACCEPTED=false without TEMPORAL_PAYLOAD_KEYS',
      { ...NO_KEYS, TEMPORAL_PAYLOAD_PLAIN_ACCEPTED: false },
      {},
      /TEMPORAL_PAYLOAD_PLAIN_ACCEPTED=false needs TEMPORAL_PAYLOAD_KEYS/,
    ],
    ['a malformed WEBHOOK_SECRET_KEYS', { WEBHOOK_SECRET_KEYS: 'k1:short' }, {}, /WEBHOOK_SECRET_KEYS/],
  ];
  for (const [label, entry] of ENTRIES) {
    for (const [what, overrides, env, message] of refusals) {
      it(`${label} refuses to start with ${what}, in one line naming the setting`, async () => {
        const service = start(entry, { ...overrides, PORT: 0, WORKER_METRICS_PORT: 0 }, env);
        running.push(service);
        const { code, lastLine } = await refusal(service);
        expect(code, service.output()).to.equal(1);
        expect(lastLine).to.match(message);
        expect(service.output(), 'no stack trace').to.not.match(/\n\s+at /);
      });
    }
  }

  it('the API without any webhook key (outside production) starts, warns, and answers 503 naming the setting', async () => {
    const port = await freePort();
    const api = start('api/main.ts', { ...NO_KEYS, PORT: port, HOST: '127.0.0.1' });
    running.push(api);
    await api.waitFor('"msg":"database and temporal are available"');
    expect(api.output()).to.contain('webhook endpoints cannot be registered').and.to.contain('WEBHOOK_SECRET_KEYS');
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).to.equal(200);

    const tenant = await createTenant('No Webhook Keys');
    const url = `https://hooks-${randomBytes(4).toString('hex')}.example.com/in`;
    const res = await fetch(`http://127.0.0.1:${port}/api/webhook-endpoints`, {
      method: 'POST',
      headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: ['recording.processing.completed'] }),
    });
    const body = (await res.json()) as ErrorBody;
    expect(res.status, JSON.stringify(body)).to.equal(503);
    expect(body.error.code).to.equal('webhook_keys_not_configured');
    expect(body.error.message).to.contain('WEBHOOK_SECRET_KEYS');
    expect(
      await testEnv().db('webhook_endpoints').where({ company_id: tenant.company.id }).count({ n: '*' }),
    ).to.deep.equal([{ n: 0 }]);
  });
});
