import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '../db/connection';
import { describeTuning } from '../worker/tuning';
import { formatCost } from './costReport';
import { endToEndInputFor, runEndToEnd, type EndToEnd } from './endToEnd';
import { endToEndRuns } from './endToEndRuns';
import { intakeTarget, runIntake } from './intake';
import { measureIntakeParts } from './intakeParts';
import type { Comparison } from './load';
import { runMedia } from './media';
import { modes, type BenchMode } from './modes';
import { checkSameAnswers, readCases, runFixedRate, runReads, SINGLE_ROW_READS, target, type ReadKey } from './reads';
import { formatResults, judge, type BenchResults, type Machine } from './report';
import { forgetEarlierRecordings, seedBench, type BenchData } from './seed';
import { captureInput, captureServiceSql, verifyServiceSql } from './serviceSql';
import { buildService, startApi, startBaseline, startStack, startWorker, stop, teardown, type Stack } from './stack';
import { compareOneAndTwo } from './twoOfEach';
import { writeResults } from './entry';

// `npm run bench [-- service] [--smoke] [--database-url URL] [--temporal-address HOST:PORT] [--out DIR] [--cpu-prof]`
// Seeds (or reuses) the bench database, starts a Temporal dev server, the real API and worker, the bare
// baseline and the bare-shape worker as separate processes, loads them from here, prints the table and
// writes <out>/<YYYY-MM-DD>.json. The order matters: intake leaves workflows queued that no worker may
// pick up afterwards, so it comes after every end-to-end part.

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
      // comparison, `endToEnd` the end to end and its bare shape), nothing written.
      reads: { type: 'string' },
      // Recordings of the end to end (the mode's count otherwise).
      recordings: { type: 'string' },
    },
  });
  const mode = modes[values.smoke ? 'smoke' : 'full'];
  const url = new URL(
    values['database-url'] ?? process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/sales_practice',
  );
  if (!values['database-url']) url.pathname = mode.name === 'full' ? '/sp_bench' : '/sp_bench_smoke';
  return {
    mode,
    databaseUrl: url.toString(),
    temporalAddress: values['temporal-address'],
    out: values.out,
    cpuProfile: values['cpu-prof'],
    reads: values.reads?.split(','),
    recordings: values.recordings ? Number(values.recordings) : undefined,
  };
}

async function machine(databaseUrl: string): Promise<Machine> {
  const db = createDb(databaseUrl, 1);
  try {
    const [[v]] = (await db.raw('SELECT VERSION() AS version, @@innodb_buffer_pool_size AS pool')) as [
      [{ version: string; pool: number }],
    ];
    return {
      nproc: os.availableParallelism(),
      memoryGiB: os.totalmem() / 2 ** 30,
      cpu: os.cpus()[0]?.model ?? 'unknown',
      mariadb: v.version,
      node: process.version,
      innodbBufferPoolMiB: Number(v.pool) / 2 ** 20,
      loadAverage: os.loadavg()[0],
    };
  } finally {
    await db.destroy();
  }
}

async function checkSql(databaseUrl: string, data: BenchData, offsets: number[]): Promise<void> {
  const db = createDb(databaseUrl, 1);
  try {
    await verifyServiceSql(db, await captureServiceSql(db, captureInput(data)), captureInput(data), offsets);
  } finally {
    await db.destroy();
  }
}

async function bench(
  mode: BenchMode,
  databaseUrl: string,
  stack: Stack,
  only?: string[],
  recordings?: number,
): Promise<BenchResults | undefined> {
  const loadAtStart = os.loadavg()[0];
  const data = await seedBench(databaseUrl, mode.counts, log);
  const started = { ...(await machine(databaseUrl)), loadAverage: loadAtStart };
  log(`data ${data.reused ? 'reused' : 'seeded'} in ${data.seedSeconds.toFixed(1)} s`);
  await forgetEarlierRecordings(databaseUrl, data.companyId);
  await checkSql(databaseUrl, data, [mode.deepOffset, mode.middleOffset]);
  const { config } = stack;
  const api = await startApi(stack, 'api');
  const { process: baseline, url: baselineUrl } = await startBaseline(stack, api.url, captureInput(data));

  const readKeys = only?.filter((key) => key !== 'intake' && key !== 'endToEnd');
  const cases = readCases(data, mode.deepOffset, mode.middleOffset).filter(
    (c) => !readKeys || readKeys.includes(c.key),
  );
  if (readKeys && cases.length !== readKeys.length)
    throw new Error(
      `--reads takes intake and keys among ${readCases(data, 0, 0)
        .map((c) => c.key)
        .join(', ')}`,
    );
  await checkSameAnswers(api.url, baselineUrl, data.apiKey, cases);
  const settings = {
    connections: mode.connections,
    warmupSeconds: mode.warmupSeconds,
    roundSeconds: mode.roundSeconds,
    rounds: mode.rounds,
  };
  const reads = await runReads(api.url, baselineUrl, data.apiKey, cases, settings, log);
  const rateOf = (key: ReadKey): number => (reads.get(key)?.baseline.rps ?? 2) / 2;
  const rateSettings = {
    warmupSeconds: mode.rateWarmupSeconds,
    roundSeconds: mode.rateRoundSeconds,
    rounds: mode.rateRounds,
  };
  const fixedRate = await runFixedRate(api.url, baselineUrl, data.apiKey, cases, rateOf, rateSettings, log);
  const intakeInput = {
    serviceUrl: api.url,
    apiKey: data.apiKey,
    companyId: data.companyId,
    config,
    externalIds: data.externalIds,
  };
  const intakeSettings = { ...settings, connections: mode.intakeConnections };
  const e2eInput = endToEndInputFor(stack, api.url, data, {
    recordings: recordings ?? mode.endToEndRecordings,
    concurrency: mode.endToEndConcurrency,
    timeoutMs: mode.name === 'full' ? 900_000 : 120_000,
  });
  if (only) {
    const quick = new Map<string, Comparison>(reads);
    if (only.includes('endToEnd')) {
      const runs = await endToEndRuns(stack, mode, data.companyId, api.process.pid, e2eInput);
      const { endToEnd, workerPeak, shape } = runs;
      log(
        `end to end: ${endToEnd.completedPerSecond.toFixed(2)}/s (${endToEnd.failed} failed), bare shape ${shape.completedPerSecond.toFixed(2)}/s, ratio ${shape.ratio.toFixed(2)}; peak RSS worker ${workerPeak.toFixed(1)} MiB, shape worker ${shape.peakRssMiB.toFixed(1)} MiB`,
      );
      log(
        `one stored recording, ms running per activity: real ${JSON.stringify(shape.real.stored.runMs)}, bare ${JSON.stringify(shape.bare.stored.runMs)}`,
      );
      for (const line of formatCost({ ...runs, settings: mode, workerPeakRssMiB: workerPeak }).flatMap((l) =>
        l.split('\n'),
      ))
        log(line);
    }
    // After the end to end: the intake's workflows stay queued, no worker may find them.
    // As in the full run: the mode's number of intake runs, each reported, and their minimum ratio.
    if (only.includes('intake')) {
      const ratios: number[] = [];
      for (let i = 0; i < mode.intakeRuns; i += 1) {
        const c = await runIntake(intakeInput, intakeSettings);
        quick.set(`intake run ${i + 1}`, c);
        ratios.push(c.service.rps / c.baseline.rps);
      }
      log(`intake: minimum ratio of ${ratios.length} runs ${Math.min(...ratios).toFixed(2)}`);
    }
    for (const [key, c] of quick)
      log(
        `${key}: service ${JSON.stringify(c.service)} baseline ${JSON.stringify(c.baseline)} ratio ${(c.service.rps / c.baseline.rps).toFixed(2)}`,
      );
    for (const [key, c] of fixedRate)
      log(
        `${key} at ${c.service.rate}/s: p99 ${c.service.p99.toFixed(1)} ms, baseline ${c.baseline.p99.toFixed(1)} ms`,
      );
    log(
      `peak RSS: API ${(await api.process.peakRssMiB()).toFixed(1)} MiB, baseline ${(await baseline.peakRssMiB()).toFixed(1)} MiB`,
    );
    return undefined;
  }
  const baselinePeak = await baseline.peakRssMiB();
  await stop(stack, baseline);

  // End to end: the real pipeline with one worker, then the bare shape with the same options.
  const { endToEnd, workerPeak, shape, cost } = await endToEndRuns(
    stack,
    mode,
    data.companyId,
    api.process.pid,
    e2eInput,
  );

  // Two of each: end to end with two workers (while no intake workflow is queued), then reads and intake on two APIs.
  log('two of each: end to end with two workers');
  const workers = [await startWorker(stack, 'worker-a'), await startWorker(stack, 'worker-b')];
  const endToEndTwo: EndToEnd = await runEndToEnd(e2eInput);
  const twoWorkerPeaks = await Promise.all(workers.map((w) => w.peakRssMiB()));
  for (const w of workers) await stop(stack, w);
  const api2 = await startApi(stack, 'api-b');
  const byKey = new Map(cases.map((c) => [c.key, c]));
  const twoReads = [];
  for (const key of ['session', 'users'] as const) {
    const c = byKey.get(key);
    if (!c) continue;
    log(`two of each: ${c.name}`);
    twoReads.push({
      endpoint: c.name,
      ...(await compareOneAndTwo([target(api.url, data.apiKey, c), target(api2.url, data.apiKey, c)], settings)),
    });
  }
  log('two of each: intake');
  const twoIntake = await compareOneAndTwo(
    [intakeTarget(api.url, data.apiKey, data.externalIds), intakeTarget(api2.url, data.apiKey, data.externalIds)],
    intakeSettings,
  );
  await stop(stack, api2.process);

  const intakeRuns = [];
  for (let i = 0; i < mode.intakeRuns; i += 1) {
    log(`intake run ${i + 1} of ${mode.intakeRuns}: POST /api/recording vs bare Temporal client`);
    const c = await runIntake(intakeInput, intakeSettings);
    intakeRuns.push({ ...c, ratio: c.service.rps / c.baseline.rps });
  }
  log('intake parts: key lookup and INSERT alone');
  const parts = await measureIntakeParts({
    databaseUrl,
    poolSize: config.DATABASE_POOL_MAX,
    apiKey: data.apiKey,
    companyId: data.companyId,
    concurrency: mode.intakeConnections,
    seconds: mode.roundSeconds,
  });
  const apiPeak = await api.process.peakRssMiB();
  await stop(stack, api.process);

  log(`media step: a ${mode.mediaMinutes}-minute call`);
  const media = runMedia(mode.mediaMinutes);

  const get = (key: ReadKey) => {
    const c = reads.get(key);
    if (!c) throw new Error(`no figures for ${key}`);
    return c;
  };
  const deep = (filter: 'none' | 'userId', offset: number, shallow: Comparison, far: Comparison) => ({
    filter,
    offset,
    p99Offset0: shallow.service.p99,
    p99Deep: far.service.p99,
    growth: far.service.p99 / shallow.service.p99,
    baselineGrowth: far.baseline.p99 / shallow.baseline.p99,
  });
  const { name: _name, ...modeSettings } = mode;
  const partial: Omit<BenchResults, 'targets'> = {
    date: new Date().toISOString(),
    mode: mode.name,
    machine: started,
    settings: modeSettings,
    workerSettings: describeTuning(config),
    seed: { reused: data.reused, seconds: data.seedSeconds },
    reads: cases.map((c) => ({
      endpoint: c.name,
      ...get(c.key),
      ratio: get(c.key).service.rps / get(c.key).baseline.rps,
    })),
    fixedRate: cases.map((c) => {
      const r = fixedRate.get(c.key);
      if (!r) throw new Error(`no fixed-rate figures for ${c.key}`);
      return {
        endpoint: c.name,
        singleRow: SINGLE_ROW_READS.includes(c.key),
        ...r,
        p99Ratio: r.service.p99 / r.baseline.p99,
      };
    }),
    deepPages: [
      deep('none', mode.deepOffset, get('sessions'), get('sessionsDeep')),
      deep('none', mode.middleOffset, get('sessions'), get('sessionsMiddle')),
      deep('userId', mode.deepOffset, get('byUser'), get('byUserDeep')),
    ],
    intake: { runs: intakeRuns, minRatio: Math.min(...intakeRuns.map((r) => r.ratio)), parts },
    endToEnd,
    shape,
    cost,
    twoOfEach: {
      reads: twoReads,
      intake: twoIntake,
      endToEnd: {
        one: endToEnd.completedPerSecond,
        two: endToEndTwo.completedPerSecond,
        scale: endToEndTwo.completedPerSecond / endToEnd.completedPerSecond,
      },
      workerPeakRssMiB: twoWorkerPeaks,
    },
    memory: {
      apiPeakRssMiB: apiPeak,
      workerPeakRssMiB: workerPeak,
      shapeWorkerPeakRssMiB: shape.peakRssMiB,
      baselinePeakRssMiB: baselinePeak,
    },
    media,
  };
  return { ...partial, targets: judge(partial) };
}

export async function main(): Promise<void> {
  const opts = options();
  const cpuProfileDir = opts.cpuProfile ? await mkdtemp(path.join(os.tmpdir(), 'sp-bench-profiles-')) : undefined;
  log(`mode ${opts.mode.name}, database ${new URL(opts.databaseUrl).pathname.slice(1)}`);
  // The API runs as `npm start` runs it: the build's dist/ (the workers run their TypeScript, as in dev).
  log('building (npm run build)');
  await buildService();
  const stack = await startStack(opts.databaseUrl, opts.temporalAddress, cpuProfileDir);
  let results: BenchResults | undefined;
  try {
    results = await bench(opts.mode, opts.databaseUrl, stack, opts.reads, opts.recordings);
  } finally {
    await teardown(stack);
  }
  if (!results) return log(cpuProfileDir ? `CPU profiles in ${cpuProfileDir}` : 'done');
  console.log(formatResults(results));
  const name = `${results.date.slice(0, 10)}${opts.mode.name === 'smoke' ? '-smoke' : ''}.json`;
  await writeResults(opts.out, name, results, log, cpuProfileDir);
}
