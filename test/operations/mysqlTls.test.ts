import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Config } from '../../common/config';
import { spawnCommand, spawnService, type ServiceProcess } from '../support/serviceProcess';
import { freePort } from '../support/temporalServer';
import { startTlsMariaDb, type TlsMariaDb } from '../support/tlsMariaDb';

// Managed MySQL as production has it: a server that requires TLS (require_secure_transport=ON) with a
// certificate signed by its own CA. The migrations, the admin CLI, the API and the worker, each its own
// process configured only by DATABASE_URL with MySQL's option names, work with ssl-mode=VERIFY_IDENTITY
// and say in one line why they cannot connect without TLS or with a CA that did not sign the server.

const root = path.resolve(__dirname, '../..');
const tsx = ['--require', 'tsx/cjs'];

describe('MySQL over TLS: a MariaDB that requires secure transport', function () {
  this.timeout(240_000);
  let server: TlsMariaDb;
  const database = `sp_tls_${randomBytes(3).toString('hex')}`;
  const running: ServiceProcess[] = [];
  const withOptions = (options: string): string => `${server.url(database)}?${options}`;
  const verifyIdentity = (): string =>
    withOptions(`ssl-mode=VERIFY_IDENTITY&ssl-ca=${encodeURIComponent(server.caFile)}`);
  const otherCa = (): string => withOptions(`ssl-mode=VERIFY_CA&ssl-ca=${encodeURIComponent(server.otherCaFile)}`);

  /** A one-shot command (migrations, admin CLI) with `DATABASE_URL`: its exit code and output. */
  async function oneShot(args: string[], databaseUrl: string): Promise<{ code: number | null; output: string }> {
    const p = spawnCommand(process.execPath, [...tsx, ...args], { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
    running.push(p);
    const code = await p.exited;
    return { code, output: p.output() };
  }

  /** Settings of an API or worker process of this suite: its own task queue, so no other suite's worker takes its work. */
  const taskQueue = `tls-${randomBytes(4).toString('hex')}`;
  async function serviceSettings(databaseUrl: string): Promise<Partial<Config>> {
    const port = await freePort();
    return {
      DATABASE_URL: databaseUrl,
      TEMPORAL_TASK_QUEUE: taskQueue,
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WORKER_METRICS_PORT: await freePort(),
      // The API's rate-limit store is a table in the same database, reached over the same TLS settings.
      RATE_LIMIT_STORE: 'mysql',
    };
  }

  /** GET on a process's port until `accept` says yes (or the deadline passes): waits for a positive answer. */
  async function until(url: string, accept: (status: number) => boolean): Promise<{ status: number; body: unknown }> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await fetch(url).catch(() => null);
      if (res && accept(res.status)) return { status: res.status, body: (await res.json()) as unknown };
      if (Date.now() > deadline) throw new Error(`${url} answered ${res?.status ?? 'nothing'}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  before(async () => {
    server = await startTlsMariaDb();
  });
  after(async () => {
    for (const p of running) await p.kill();
    await server?.stop();
  });

  it('migrates, seeds through the admin CLI, and the API and worker complete a recording with ssl-mode=VERIFY_IDENTITY', async () => {
    const migrated = await oneShot(['db/migrate.ts', 'latest'], verifyIdentity());
    expect(migrated.code, migrated.output).to.equal(0);
    expect(migrated.output).to.match(/"applied":\["/);
    const seeded = await oneShot(['cli/admin.ts', 'seed'], verifyIdentity());
    expect(seeded.code, seeded.output).to.equal(0);
    const apiKey = (JSON.parse(seeded.output) as { parentCompany: { apiKey: string } }).parentCompany.apiKey;

    const settings = await serviceSettings(verifyIdentity());
    const worker = spawnService('worker/main.ts', settings);
    const api = spawnService('api/main.ts', settings);
    running.push(worker, api);
    await api.waitFor('"msg":"database and temporal are available"');
    expect((await until(`${settings.PUBLIC_URL}/readyz`, (s) => s === 200)).status).to.equal(200);
    const ready = await until(`http://127.0.0.1:${settings.WORKER_METRICS_PORT}/readyz`, (s) => s === 200);
    expect(ready.body).to.deep.equal({
      status: 'ready',
      checks: { database: 'ok', temporal: 'ok', polling: 'ok' },
    });

    const sample = readFileSync(path.join(root, 'scripts/sample-transcript.json'), 'utf8');
    const submitted = await fetch(`${settings.PUBLIC_URL}/api/recording`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: sample,
    });
    expect(submitted.status, await submitted.clone().text()).to.equal(200);
    const { recordingId } = (await submitted.json()) as { recordingId: string };
    const deadline = Date.now() + 60_000;
    let status = '';
    while (status !== 'completed') {
      const res = await fetch(`${settings.PUBLIC_URL}/api/recording/${recordingId}`, {
        headers: { 'x-api-key': apiKey },
      });
      status = ((await res.json()) as { status: string }).status;
      expect(status, 'recording status').to.not.equal('failed');
      if (Date.now() > deadline) throw new Error(`recording still ${status}:\n${worker.output().slice(-3000)}`);
      if (status !== 'completed') await new Promise((r) => setTimeout(r, 200));
    }
    for (const p of [api, worker]) {
      p.signal('SIGTERM');
      expect(await p.exited).to.equal(0);
    }
  });

  it('takes a client certificate too (ssl-cert, ssl-key)', async () => {
    const url = `${verifyIdentity()}&ssl-cert=${encodeURIComponent(server.clientCertFile)}&ssl-key=${encodeURIComponent(server.clientKeyFile)}`;
    const status = await oneShot(['db/migrate.ts', 'status'], url);
    expect(status.code, status.output).to.equal(0);
    expect(status.output).to.match(/"pending":0/);
  });

  for (const [what, url, reason] of [
    [
      'without TLS options',
      () => server.url(database),
      /ssl-mode=DISABLED\): the server refused the login: Access denied .*set ssl-mode/,
    ],
    [
      'with a CA that did not sign the server',
      otherCa,
      /ssl-mode=VERIFY_CA, ssl-ca=[^)]*other-ca\.pem\): the server's TLS certificate was not accepted: .*is ssl-ca the CA that signed it\?/,
    ],
  ] as const) {
    it(`${what}: migrations, the admin CLI, the API and the worker each say why in one line, without the password`, async () => {
      const migrate = await oneShot(['db/migrate.ts', 'latest'], url());
      expect(migrate.code).to.equal(1);
      expect(migrate.output.trim().split('\n'), migrate.output).to.have.length(1);
      expect(migrate.output).to.match(reason);
      const cli = await oneShot(['cli/admin.ts', 'company:create', '--name', 'TLS Co'], url());
      expect(cli.code).to.equal(1);
      expect(cli.output).to.match(reason);

      const settings = await serviceSettings(url());
      const api = spawnService('api/main.ts', settings);
      const worker = spawnService('worker/main.ts', settings);
      running.push(api, worker);
      for (const p of [api, worker]) await p.waitFor(new RegExp(`waiting for database at .*${reason.source}`));
      expect((await until(`${settings.PUBLIC_URL}/readyz`, (s) => s === 503)).status).to.equal(503);
      const workerPort = settings.WORKER_METRICS_PORT ?? 0;
      expect((await until(`http://127.0.0.1:${workerPort}/healthz`, (s) => s === 200)).body).to.deep.equal({
        status: 'ok',
      });
      const notReady = await until(`http://127.0.0.1:${workerPort}/readyz`, (s) => s === 503);
      expect(notReady.body).to.deep.include({ status: 'not_ready' });
      for (const p of [api, worker]) await p.kill();
      for (const output of [migrate.output, cli.output, api.output(), worker.output()])
        expect(output).to.not.contain(server.password);
    });
  }

  it("a refused login over TLS: the server's answer in one line, never the password", async () => {
    const wrong = verifyIdentity().replace(encodeURIComponent(server.password), 'not-the-password-42');
    const migrate = await oneShot(['db/migrate.ts', 'latest'], wrong);
    expect(migrate.code).to.equal(1);
    expect(migrate.output.trim()).to.match(
      /^database 127\.0\.0\.1:\d+\/sp_tls_\w+ \(ssl-mode=VERIFY_IDENTITY, ssl-ca=\S+\): the server refused the login: Access denied for user 'sales_practice'@'[^']+' \(using password: YES\)$/,
    );
    expect(migrate.output).to.not.contain('not-the-password-42');
  });

  it('stops at start, in one line naming the option, on an unknown option, PREFERRED or a missing file', async () => {
    for (const [options, message] of [
      ['sslmode=require', /unknown option "sslmode"; the options are ssl-mode, ssl-ca, ssl-cert, ssl-key/],
      ['ssl-mode=PREFERRED', /ssl-mode=PREFERRED is not supported/],
      ['ssl-mode=VERIFY_FULL', /ssl-mode="VERIFY_FULL" is not one of DISABLED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY/],
      [
        'ssl-mode=VERIFY_CA&ssl-ca=/nonexistent/ca.pem',
        /ssl-ca=\/nonexistent\/ca\.pem: cannot read the file \(ENOENT\)/,
      ],
    ] as const) {
      const migrate = await oneShot(['db/migrate.ts', 'latest'], withOptions(options));
      expect(migrate.code, options).to.equal(1);
      expect(migrate.output.trim().split('\n'), migrate.output).to.have.length(1);
      expect(migrate.output).to.match(message);
      const settings = await serviceSettings(withOptions(options));
      for (const entry of ['api/main.ts', 'worker/main.ts'] as const) {
        const p = spawnService(entry, { ...settings, WORKER_METRICS_PORT: 0 });
        running.push(p);
        expect(await p.exited, `${entry} ${options}`).to.equal(1);
        const lines = p
          .output()
          .trim()
          .split('\n')
          .filter((l) => !l.startsWith('{'));
        expect(lines, p.output()).to.have.length(1);
        expect(lines[0]).to.match(message);
        expect(p.output()).to.not.contain(server.password);
      }
    }
  });
});
