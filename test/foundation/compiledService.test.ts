import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { Config } from '../../common/config';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';
import { assertResponseSchema } from '../support/schemaAssert';
import { spawnCommand, type ServiceProcess } from '../support/serviceProcess';
import { freePort } from '../support/temporalServer';

// What production runs: `npm run build`, then the API as `npm start` runs it (node dist/api/main.js) and the
// worker as `npm run worker` does (scripts/start.sh worker → node dist/worker/main.js with the prebuilt workflow
// bundle), no tsx anywhere. One transcript goes through them, submitted and read back over HTTP.

const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);

const cmdline = async (pid: number): Promise<string> =>
  (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ').trim();

describe('the compiled service (npm run build, npm start, npm run worker)', function () {
  this.timeout(300_000);
  const running: ServiceProcess[] = [];
  let baseUrl: string;
  let settings: Partial<Config>;

  before(async () => {
    await run('npm', ['run', 'build'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    settings = {
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      TEMPORAL_TASK_QUEUE: `compiled-${randomBytes(4).toString('hex')}`,
      WORKER_METRICS_PORT: 0,
    };
  });
  after(async () => {
    for (const p of running) await p.kill();
  });

  it('counts a database migrated from the TypeScript sources as migrated (knex_migrations names the source files)', async () => {
    const { stdout } = await run(process.execPath, ['dist/db/migrate.js', 'status'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: testEnv().config.DATABASE_URL },
    });
    const status = JSON.parse(stdout) as { done: number; pending: number };
    const sources = (await readdir(path.join(ROOT, 'db', 'migrations'))).filter((f) => f.endsWith('.ts'));
    expect(status).to.deep.equal({ done: sources.length, pending: 0 });
  });

  it('takes a recording from the API to its result and stops cleanly on SIGTERM', async () => {
    const scripts = (
      JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    const [bash, ...startArgs] = scripts['start'].split(' ');
    expect(bash).to.equal('bash');
    // API_MAX_OLD_SPACE_MB is the one setting of the API's heap limit (scripts/start.sh).
    const api = spawnCommand('bash', startArgs, { ...settings, API_MAX_OLD_SPACE_MB: 768 });
    running.push(api);
    const worker = spawnCommand('bash', ['scripts/start.sh', 'worker'], settings);
    running.push(worker);
    await Promise.all([
      api.waitFor('"msg":"database and temporal are available"'),
      worker.waitFor('"msg":"worker started"', 120_000),
    ]);

    // The processes are node running the compiled files (start.sh execs node), not TypeScript through tsx.
    expect(await cmdline(api.pid)).to.match(/^\S*node --max-old-space-size=768 dist\/api\/main\.js$/);
    expect(await cmdline(worker.pid)).to.match(/^\S*node .*dist\/worker\/main\.js$/);
    for (const p of [api, worker]) expect(await cmdline(p.pid)).to.not.contain('tsx');
    const started = worker.logLines().find((l) => l['msg'] === 'worker started');
    expect(started?.['workflowCode'], 'the worker loads the bundle the build wrote').to.equal(
      'dist/workflow-bundle.js',
    );

    const tenant = await createTenant('Compiled Co');
    const sample = JSON.parse(await readFile(path.join(ROOT, 'scripts', 'sample-transcript.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const submitted = await fetch(`${baseUrl}/api/recording`, {
      method: 'POST',
      headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(sample),
    });
    const accepted = (await submitted.json()) as { recordingId: string };
    assertResponseSchema('POST', '/api/recording', submitted.status, accepted);
    expect(submitted.status).to.equal(200);

    const deadline = Date.now() + 120_000;
    let view: { status: string; result?: { speakerAttribution?: string; snippets?: unknown[] } | null };
    for (;;) {
      const res = await fetch(`${baseUrl}/api/recording/${accepted.recordingId}`, {
        headers: { 'x-api-key': tenant.apiKey },
      });
      view = (await res.json()) as typeof view;
      assertResponseSchema('GET', `/api/recording/${accepted.recordingId}`, res.status, view);
      expect(res.status).to.equal(200);
      if (view.status === 'completed' || view.status === 'failed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(view.status, JSON.stringify(view)).to.equal('completed');
    expect(view.result?.speakerAttribution).to.equal('transcript');
    expect(view.result?.snippets).to.have.length(6);

    api.signal('SIGTERM');
    worker.signal('SIGTERM');
    expect(await api.exited, api.output().slice(-2000)).to.equal(0);
    expect(await worker.exited, worker.output().slice(-2000)).to.equal(0);
  });
});
