import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setUpTemporal } from '../cli/temporalSetup';
import { startTlsMariaDb } from '../test/support/tlsMariaDb';
import { endToEndInputFor } from './endToEnd';
import { endToEndRuns } from './endToEndRuns';
import { runIntake } from './intake';
import { modes } from './modes';
import { databaseUrl, SETTINGS, startInfrastructure, type Part, type ProductionSetting } from './productionSettings';
import { checkSameAnswers, readCases, runReads, type ReadKey, type SidesCpu } from './reads';
import { captureInput } from './serviceSql';
import { forgetEarlierRecordings, seedBench, type BenchData } from './seed';
import { formatSettings, type SettingResult } from './settingsReport';
import { buildService, stackPids, startApi, startBaseline, startStack, stop, teardown, type Stack } from './stack';
import { writeResults } from './entry';
import { searchAttributesInUse } from './searchAttributesInUse';

// `npm run bench:settings [-- --only reference,payload,…] [--recordings N] [--reads session,user,users] [--cpu-prof]`
// Issue 36 part 1: what each production setting costs. Every setting gets a fresh stack on one MariaDB of the
// bench's own (seeded once with the full data set) and a Temporal server of its own; the reads, the intake and
// the end to end run as in `npm run bench` (closed loop, bare baselines with the same transport), with the CPU
// per request or recording of every process serving it. Prints a table per part, with each setting's change
// against the reference, and writes bench/results/<date>-settings.json.

const log = (line: string): void => console.error(`[bench:settings] ${line}`);
const DATABASE = 'sp_bench';

function options() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      recordings: { type: 'string', default: '100' },
      reads: { type: 'string', default: 'session,user,users' },
      out: { type: 'string', default: path.join(__dirname, 'results') },
      'cpu-prof': { type: 'boolean', default: false },
      // A quick check that every setting runs: the smoke mode's data and load, nothing measured.
      smoke: { type: 'boolean', default: false },
      // Only these parts of each setting (reads, intake, endToEnd), where the setting has them.
      parts: { type: 'string' },
    },
  });
  const only = values.only?.split(',');
  const unknown = only?.filter((key) => !SETTINGS.some((s) => s.key === key));
  if (unknown?.length)
    throw new Error(`--only takes ${SETTINGS.map((s) => s.key).join(', ')}; not ${unknown.join(', ')}`);
  const parts = values.parts?.split(',') as Part[] | undefined;
  const settings = SETTINGS.filter((s) => !only || only.includes(s.key)).map((s) => ({
    ...s,
    parts: s.parts.filter((p) => !parts || parts.includes(p)),
  }));
  return {
    settings,
    recordings: Number(values.recordings),
    reads: values.reads.split(',') as ReadKey[],
    out: values.out,
    cpuProfile: values['cpu-prof'],
    mode: modes[values.smoke ? 'smoke' : 'full'],
  };
}

type Options = ReturnType<typeof options>;

async function measure(
  setting: ProductionSetting,
  stack: Stack,
  data: BenchData,
  opts: Options,
): Promise<SettingResult> {
  const { mode } = opts;
  const api = await startApi(stack, 'api');
  const pids = await stackPids(stack);
  const apart = Object.keys(pids.apart);
  const service = { pids: { api: api.process.pid, ...pids.counted, ...pids.apart }, apart };
  const result: SettingResult = { key: setting.key, name: setting.name };
  const load = {
    connections: mode.connections,
    warmupSeconds: mode.warmupSeconds,
    roundSeconds: mode.roundSeconds,
    rounds: mode.rounds,
  };
  if (setting.parts.includes('reads')) {
    const { process: baseline, url: baselineUrl } = await startBaseline(stack, api.url, captureInput(data));
    const cases = readCases(data, mode.deepOffset, mode.middleOffset).filter((c) => opts.reads.includes(c.key));
    await checkSameAnswers(api.url, baselineUrl, data.apiKey, cases);
    const cpu: SidesCpu = { service, baseline: { pids: { baseline: baseline.pid, mariadb: pids.counted['mariadb'] } } };
    const reads = await runReads(api.url, baselineUrl, data.apiKey, cases, load, log, cpu);
    result.reads = cases.map((c) => ({ endpoint: c.name, ...reads.get(c.key)! }));
    await stop(stack, baseline);
  }
  if (setting.parts.includes('endToEnd')) {
    const runs = await endToEndRuns(
      stack,
      mode,
      data.companyId,
      api.process.pid,
      endToEndInputFor(stack, api.url, data, {
        recordings: opts.recordings,
        concurrency: mode.endToEndConcurrency,
        timeoutMs: mode.name === 'full' ? 900_000 : 120_000,
      }),
    );
    result.endToEnd = {
      real: runs.endToEnd,
      realCpu: runs.cost.real.cpuPerRecording,
      shapeCompletedPerSecond: runs.shape.completedPerSecond,
      shapeCpu: runs.cost.shape.cpuPerRecording,
      workerPeakRssMiB: runs.workerPeak,
    };
  }
  // Last: the intake's workflows stay queued, no worker may find them.
  if (setting.parts.includes('intake')) {
    result.intake = await runIntake(
      {
        serviceUrl: api.url,
        apiKey: data.apiKey,
        companyId: data.companyId,
        config: stack.config,
        bareConfig: stack.bareConfig,
        externalIds: data.externalIds,
        cpu: { service, baseline: { pids: pids.counted } },
      },
      { ...load, connections: mode.intakeConnections },
    );
  }
  result.apiPeakRssMiB = await api.process.peakRssMiB();
  return result;
}

export async function main(): Promise<void> {
  const opts = options();
  const cpuProfileDir = opts.cpuProfile ? await mkdtemp(path.join(os.tmpdir(), 'sp-bench-profiles-')) : undefined;
  log('building (npm run build)');
  await buildService();
  // One server for every setting: TLS on offer, not required, so the reference and TLS read the same data.
  const server = await startTlsMariaDb({ requireSecureTransport: false, bufferPoolMiB: 128 });
  const results: SettingResult[] = [];
  try {
    const database = opts.mode.name === 'full' ? DATABASE : `${DATABASE}_smoke`;
    const plainUrl = databaseUrl(server, database, false);
    const data = await seedBench(plainUrl, opts.mode.counts, log);
    log(`data seeded in ${data.seedSeconds.toFixed(1)} s`);
    const runSetting = async (setting: ProductionSetting, o: Options): Promise<SettingResult> => {
      await forgetEarlierRecordings(plainUrl, data.companyId);
      const infrastructure = await startInfrastructure(setting, server, database);
      let stack: Stack | undefined;
      try {
        const url = infrastructure.stackOptions.env?.DATABASE_URL ?? plainUrl;
        stack = await startStack(url, undefined, cpuProfileDir, infrastructure.stackOptions);
        await setUpTemporal(stack.config);
        await searchAttributesInUse(stack.config);
        return await measure(setting, stack, data, o);
      } finally {
        if (stack) await teardown(stack);
        await infrastructure.stop();
      }
    };
    // The first run after seeding pays for cold caches (the buffer pool, tsx's compile cache of the workers):
    // a short pass of the first setting, not reported, so the reference is not the one that pays.
    const [first] = opts.settings;
    if (first && opts.mode.name === 'full') {
      log(`warm-up (not reported): ${first.name}`);
      const short = { ...opts.mode, warmupSeconds: 1, roundSeconds: 2, rounds: 1 };
      await runSetting(first, { ...opts, mode: short, recordings: 20 });
    }
    for (const setting of opts.settings) {
      log(`setting: ${setting.name}`);
      results.push(await runSetting(setting, opts));
    }
  } finally {
    await server.stop();
  }
  const report = formatSettings(results, { recordings: opts.recordings, machine: os.cpus()[0]?.model ?? 'unknown' });
  console.log(report);
  if (opts.mode.name === 'smoke') return log('smoke run: nothing written');
  await writeResults(opts.out, `${new Date().toISOString().slice(0, 10)}-settings.json`, results, log, cpuProfileDir);
}
