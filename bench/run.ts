import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../common/config';
import { createDb } from '../db/connection';
import { startFileServer, type FileServer } from '../test/support/fileServer';
import { startOpenAiSttServer, type SttServer } from '../test/support/sttServers';
import { freePort, startTemporalDevServer, type TemporalDevServer } from '../test/support/temporalServer';
import { startWebhookReceiver, type WebhookReceiver } from '../test/support/webhookFixtures';
import { BENCH_CALL, runEndToEnd } from './endToEnd';
import { runIntake } from './intake';
import type { Comparison } from './load';
import { modes, type BenchMode } from './modes';
import { npmScriptCommand, startProcess, type BenchProcess } from './processes';
import { checkSameAnswers, readCases, runReads } from './reads';
import { formatResults, judge, type BenchResults, type Machine } from './report';
import { seedBench, type BenchData } from './seed';
import { captureServiceSql, verifyServiceSql } from './serviceSql';

// `npm run bench [-- --smoke] [--database-url URL] [--temporal-address HOST:PORT] [--out DIR] [--cpu-prof]`
// Seeds (or reuses) the bench database, starts a Temporal dev server, the real API and worker and the
// bare baseline as separate processes, loads them from here, prints the table and writes
// <out>/<YYYY-MM-DD>.json.

const log = (line: string): void => console.error(`[bench] ${line}`);

function options() {
  const { values } = parseArgs({
    options: {
      smoke: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      'temporal-address': { type: 'string' },
      out: { type: 'string', default: path.join(__dirname, 'results') },
      'cpu-prof': { type: 'boolean', default: false },
      // A quick look while profiling: only these read cases (comma-separated keys; `intake` adds the intake
      // comparison), no end to end, nothing written.
      reads: { type: 'string' },
    },
  });
  const mode = modes[values.smoke ? 'smoke' : 'full'];
  const url = new URL(values['database-url'] ?? process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/sales_practice');
  if (!values['database-url']) url.pathname = mode.name === 'full' ? '/sp_bench' : '/sp_bench_smoke';
  return { mode, databaseUrl: url.toString(), temporalAddress: values['temporal-address'], out: values.out, cpuProfile: values['cpu-prof'], reads: values.reads?.split(',') };
}

async function machine(databaseUrl: string): Promise<Machine> {
  const db = createDb(databaseUrl, 1);
  try {
    const [[v]] = (await db.raw('SELECT VERSION() AS version, @@innodb_buffer_pool_size AS pool')) as [[{ version: string; pool: number }]];
    return {
      nproc: os.availableParallelism(),
      memoryGiB: os.totalmem() / 2 ** 30,
      cpu: os.cpus()[0]?.model ?? 'unknown',
      mariadb: v.version,
      node: process.version,
      innodbBufferPoolMiB: Number(v.pool) / 2 ** 20,
    };
  } finally {
    await db.destroy();
  }
}

/** Recordings of earlier runs only cost space; a clean slate keeps every run alike. */
async function forgetEarlierRecordings(databaseUrl: string, companyId: string): Promise<void> {
  const db = createDb(databaseUrl, 1);
  try {
    await db('recordings').where({ company_id: companyId }).del();
  } finally {
    await db.destroy();
  }
}

async function checkSql(databaseUrl: string, data: BenchData, offsets: number[]): Promise<void> {
  const db = createDb(databaseUrl, 1);
  try {
    const input = { companyId: data.companyId, apiKey: data.apiKey, userId: data.heavyUserId, sessionId: data.sessionIds[0] };
    await verifyServiceSql(db, await captureServiceSql(db, input), input, offsets);
  } finally {
    await db.destroy();
  }
}

interface Stack {
  temporal?: TemporalDevServer;
  stt?: SttServer;
  files?: FileServer;
  receiver?: WebhookReceiver;
  api?: BenchProcess;
  baseline?: BenchProcess;
  worker?: BenchProcess;
  storageDir?: string;
}

async function teardown(stack: Stack): Promise<void> {
  await Promise.allSettled([stack.worker?.stop(), stack.api?.stop(), stack.baseline?.stop()]);
  await Promise.allSettled([stack.stt?.close(), stack.files?.close(), stack.receiver?.close(), stack.temporal?.stop()]);
  if (stack.storageDir) await rm(stack.storageDir, { recursive: true, force: true });
}

async function bench(mode: BenchMode, databaseUrl: string, temporalAddress: string | undefined, cpuProfileDir: string | undefined, stack: Stack, only?: string[]): Promise<BenchResults | undefined> {
  log(`mode ${mode.name}, database ${new URL(databaseUrl).pathname.slice(1)}`);
  const data = await seedBench(databaseUrl, mode.counts, log);
  log(`data ${data.reused ? 'reused' : 'seeded'} in ${data.seedSeconds.toFixed(1)} s`);
  await forgetEarlierRecordings(databaseUrl, data.companyId);
  await checkSql(databaseUrl, data, [mode.deepOffset, mode.middleOffset]);

  if (!temporalAddress) stack.temporal = await startTemporalDevServer();
  stack.stt = await startOpenAiSttServer({ segments: BENCH_CALL, language: 'english' });
  stack.files = await startFileServer();
  stack.receiver = await startWebhookReceiver();
  stack.storageDir = await mkdtemp(path.join(os.tmpdir(), 'sp-bench-recordings-'));
  const [apiPort, baselinePort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress ?? stack.temporal?.address,
    TEMPORAL_NAMESPACE: 'default',
    TEMPORAL_TASK_QUEUE: `bench-${randomBytes(4).toString('hex')}`,
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
    // The service's production log level: a JSON line per request (to /dev/null here) is part of its cost.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    OUTBOUND_ALLOW_PRIVATE: 'true',
    STT_PROVIDER: 'openai',
    STT_BASE_URL: stack.stt.url,
    STT_API_KEY: 'bench-stt-key',
    STORAGE_DIR: stack.storageDir,
    WEBHOOK_INITIAL_INTERVAL: '1s',
    WEBHOOK_MAX_INTERVAL: '5s',
    // The limiter stays in the request path (its cost is part of the service), with a budget no run exhausts.
    RATE_LIMIT_POINTS: '1000000000',
    RATE_LIMIT_STORE: 'memory',
    WORKER_METRICS_PORT: String(await freePort()),
  };
  const config: Config = loadConfig(env);
  const serviceUrl = `http://127.0.0.1:${apiPort}`;
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;
  // The API runs as `npm start` does; the baseline gets the same node flags (heap limit included).
  const apiCommand = npmScriptCommand('start');
  stack.api = await startProcess('api', apiCommand, { env, readyUrl: `${serviceUrl}/healthz`, discardStdout: true, cpuProfileDir });
  const capture = { companyId: data.companyId, apiKey: data.apiKey, userId: data.heavyUserId, sessionId: data.sessionIds[0] };
  stack.baseline = await startProcess('baseline', { flags: apiCommand.flags, entry: 'bench/baseline.ts' }, {
    env: { ...env, PORT: String(baselinePort), BENCH_CAPTURE: JSON.stringify(capture) },
    readyText: `listening ${baselinePort}`,
    cpuProfileDir,
  });

  const readKeys = only?.filter((key) => key !== 'intake');
  const cases = readCases(data, mode.deepOffset, mode.middleOffset).filter((c) => !readKeys || readKeys.includes(c.key));
  if (readKeys && cases.length !== readKeys.length) throw new Error(`--reads takes intake and keys among ${readCases(data, 0, 0).map((c) => c.key).join(', ')}`);
  await checkSameAnswers(serviceUrl, baselineUrl, data.apiKey, cases);
  const settings = { connections: mode.connections, warmupSeconds: mode.warmupSeconds, roundSeconds: mode.roundSeconds, rounds: mode.rounds };
  const reads = await runReads(serviceUrl, baselineUrl, data.apiKey, cases, settings, log);
  const intakeInput = { serviceUrl, apiKey: data.apiKey, companyId: data.companyId, config, externalIds: data.externalIds };
  const intakeSettings = { ...settings, connections: mode.intakeConnections };
  if (only) {
    const quick = new Map<string, Comparison>(reads);
    if (only.includes('intake')) quick.set('intake', await runIntake(intakeInput, intakeSettings));
    for (const [key, c] of quick) log(`${key}: service ${JSON.stringify(c.service)} baseline ${JSON.stringify(c.baseline)} ratio ${(c.service.rps / c.baseline.rps).toFixed(2)}`);
    log(`peak RSS: API ${(await stack.api.peakRssMiB()).toFixed(1)} MiB, baseline ${(await stack.baseline.peakRssMiB()).toFixed(1)} MiB`);
    return undefined;
  }
  const baselinePeak = await stack.baseline.peakRssMiB();
  await stack.baseline.stop();

  log(`end to end: ${mode.endToEndRecordings} recordings`);
  // Its readiness is its 'worker started' log line, so it logs at info whatever BENCH_LOG_LEVEL says.
  stack.worker = await startProcess('worker', npmScriptCommand('worker'), { env: { ...env, LOG_LEVEL: 'info' }, readyText: 'worker started', cpuProfileDir, timeoutMs: 120_000 });
  const endToEnd = await runEndToEnd({
    serviceUrl,
    apiKey: data.apiKey,
    externalIds: data.externalIds,
    files: stack.files,
    receiver: stack.receiver,
    recordings: mode.endToEndRecordings,
    concurrency: Math.min(16, mode.endToEndRecordings),
    timeoutMs: mode.name === 'full' ? 900_000 : 60_000,
  });
  const workerPeak = await stack.worker.peakRssMiB();
  // Stopped before the intake comparison: the workflows started there must only queue up.
  await stack.worker.stop();

  log('intake: POST /api/recording vs bare Temporal client');
  const intake = await runIntake(intakeInput, intakeSettings);
  const apiPeak = await stack.api.peakRssMiB();

  const get = (key: Parameters<typeof reads.get>[0]) => {
    const c = reads.get(key);
    if (!c) throw new Error(`no figures for ${key}`);
    return c;
  };
  const deep = (filter: 'none' | 'userId', offset: number, shallow: ReturnType<typeof get>, far: ReturnType<typeof get>) => ({
    filter,
    offset,
    p99Offset0: shallow.service.p99,
    p99Deep: far.service.p99,
    growth: far.service.p99 / shallow.service.p99,
    baselineGrowth: far.baseline.p99 / shallow.baseline.p99,
  });
  const partial: Omit<BenchResults, 'targets'> = {
    date: new Date().toISOString(),
    mode: mode.name,
    machine: await machine(databaseUrl),
    settings: {
      counts: mode.counts,
      deepOffset: mode.deepOffset,
      middleOffset: mode.middleOffset,
      warmupSeconds: mode.warmupSeconds,
      roundSeconds: mode.roundSeconds,
      rounds: mode.rounds,
      connections: mode.connections,
      intakeConnections: mode.intakeConnections,
      endToEndRecordings: mode.endToEndRecordings,
    },
    seed: { reused: data.reused, seconds: data.seedSeconds },
    reads: cases.map((c) => ({ endpoint: c.name, ...get(c.key), ratio: get(c.key).service.rps / get(c.key).baseline.rps })),
    deepPages: [
      deep('none', mode.deepOffset, get('sessions'), get('sessionsDeep')),
      deep('none', mode.middleOffset, get('sessions'), get('sessionsMiddle')),
      deep('userId', mode.deepOffset, get('byUser'), get('byUserDeep')),
    ],
    intake: { ...intake, ratio: intake.service.rps / intake.baseline.rps },
    endToEnd,
    memory: { apiPeakRssMiB: apiPeak, workerPeakRssMiB: workerPeak, baselinePeakRssMiB: baselinePeak },
  };
  return { ...partial, targets: judge(partial) };
}

async function main(): Promise<void> {
  const opts = options();
  const cpuProfileDir = opts.cpuProfile ? await mkdtemp(path.join(os.tmpdir(), 'sp-bench-profiles-')) : undefined;
  const stack: Stack = {};
  let results: BenchResults | undefined;
  try {
    results = await bench(opts.mode, opts.databaseUrl, opts.temporalAddress, cpuProfileDir, stack, opts.reads);
  } finally {
    await teardown(stack);
  }
  if (!results) return log(cpuProfileDir ? `CPU profiles in ${cpuProfileDir}` : 'done');
  console.log(formatResults(results));
  await mkdir(opts.out, { recursive: true });
  const file = path.join(opts.out, `${results.date.slice(0, 10)}${opts.mode.name === 'smoke' ? '-smoke' : ''}.json`);
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`written ${file}${cpuProfileDir ? `; CPU profiles in ${cpuProfileDir}` : ''}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.stack ?? err.message : err);
    process.exit(1);
  },
);
