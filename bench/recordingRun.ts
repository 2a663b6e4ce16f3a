import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createTemporalClient } from '../common/temporalClient';
import { endToEndInputFor } from './endToEnd';
import { endToEndRuns, sharedPids } from './endToEndRuns';
import { fleetFigures, formatFleet, type FleetFigures } from './fleetReport';
import { KILL_STAGES, type KillStage } from './fleetKill';
import { fleetRun, type FleetRun } from './fleetRuns';
import { modes } from './modes';
import { recordingCall, type RecordingCall } from './recordingCall';
import { formatFloor, measureFloorParts, recordingFloor, type RecordingFloor } from './recordingFloor';
import { forgetEarlierRecordings, seedBench } from './seed';
import { buildService, startApi, startStack, teardown, type Stack } from './stack';
import { startToolCounter } from './toolCounter';
import { machine, writeResults } from './entry';

// `npm run bench:recording -- --minutes M --recordings N [--floor] [--workers 1,2,3] [--kill] [--kill-at download|cut|piece]
//   [--cpu-prof] [--floor-runs 5] [--database-url URL] [--temporal-address HOST:PORT] [--out DIR]` (issue 36 parts 2 and 4).
// N recordings of an M-minute call of real speech through the real API and worker(s), on the smoke data set
// (a company, its users and a key are all this needs). --floor: one worker, then the bare shape, and the
// floor's other parts measured bare (recordingFloor.ts). --workers: the fleet, fresh workers per count;
// --kill: three workers, one killed holding the last recording's download, cut or piece (fleetKill.ts). Prints the tables and writes
// <out>/<date>-recording-<what>.json. Pieces: STT_MAX_CHUNK_DURATION=10m (a 25-minute call is 3), whisper-1.

const log = (line: string): void => console.error(`[bench] ${line}`);

function options() {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '2' },
      recordings: { type: 'string', default: '6' },
      floor: { type: 'boolean', default: false },
      workers: { type: 'string' },
      kill: { type: 'boolean', default: false },
      // Where the killed worker is in the last recording: its download (stalled until then), its cut (ffmpeg writing) or a piece.
      'kill-at': { type: 'string', default: 'download' },
      'cpu-prof': { type: 'boolean', default: false },
      'floor-runs': { type: 'string', default: '5' },
      'database-url': { type: 'string' },
      'temporal-address': { type: 'string' },
      out: { type: 'string', default: path.join(__dirname, 'results') },
    },
  });
  const workers = values.workers?.split(',').map(Number) ?? [];
  if (workers.some((w) => !Number.isInteger(w) || w < 1)) throw new Error('--workers takes counts such as 1,2,3');
  if (!values.floor && workers.length === 0 && !values.kill) throw new Error('say --floor, --workers 1,2,3 or --kill');
  const killAt = values['kill-at'] as KillStage;
  if (!KILL_STAGES.includes(killAt)) throw new Error(`--kill-at takes ${KILL_STAGES.join(', ')}`);
  const url = new URL(values['database-url'] ?? 'mysql://root@127.0.0.1:3306/sp_bench_smoke');
  const recordings = Number(values.recordings);
  if (!Number.isInteger(recordings) || recordings < 2) throw new Error('--recordings: at least 2 (half are stored)');
  return {
    minutes: Number(values.minutes),
    recordings,
    floor: values.floor,
    workers,
    kill: values.kill ? killAt : undefined,
    cpuProfile: values['cpu-prof'],
    floorRuns: Number(values['floor-runs']),
    databaseUrl: url.toString(),
    temporalAddress: values['temporal-address'],
    out: values.out,
  };
}

type Options = ReturnType<typeof options>;

interface Results {
  date: string;
  minutes: number;
  recordings: number;
  machine: { nproc: number; cpu: string; loadAverageAtStart: number };
  floor?: RecordingFloor;
  fleet?: FleetFigures;
}

async function measure(opts: Options, stack: Stack, call: RecordingCall, results: Results): Promise<void> {
  const data = await seedBench(opts.databaseUrl, modes.smoke.counts, log);
  await forgetEarlierRecordings(opts.databaseUrl, data.companyId);
  const api = await startApi(stack, 'api');
  const concurrency = Math.min(opts.recordings, 16);
  const input = endToEndInputFor(stack, api.url, data, {
    recordings: opts.recordings,
    concurrency,
    // Generous: a 25-minute recording is seconds of ffmpeg on an idle 2-core machine, more on a busy one.
    timeoutMs: 300_000 + opts.recordings * opts.minutes * 10_000,
    audio: call.audio,
  });
  if (opts.floor) {
    const runs = await endToEndRuns(
      stack,
      { ...modes.smoke, endToEndConcurrency: concurrency },
      data.companyId,
      api.process.pid,
      input,
    );
    log(`floor parts: ${opts.floorRuns} bare ffmpeg decodes and downloads of the ${opts.minutes}-minute call`);
    const parts = await measureFloorParts(call.audio, stack.files!, opts.floorRuns);
    results.floor = recordingFloor(opts.minutes, runs, parts);
    console.log(`${formatFloor(results.floor)}\n`);
  }
  if (opts.workers.length === 0 && !opts.kill) return;
  const client = createTemporalClient({ ...stack.config, TEMPORAL_START_TIMEOUT: '60s' });
  const tools = await startToolCounter();
  try {
    const ctx = {
      stack,
      client,
      companyId: data.companyId,
      shared: await sharedPids(stack, api.process.pid),
      input,
      tools,
    };
    const runs: FleetRun[] = [];
    for (const count of opts.workers) runs.push(await fleetRun(ctx, count));
    const kill = opts.kill ? await fleetRun(ctx, 3, opts.kill) : undefined;
    results.fleet = fleetFigures(runs, kill);
    console.log(`${formatFleet(results.fleet)}\n`);
  } finally {
    await tools.remove();
    await client.connection.close();
  }
}

export async function main(): Promise<void> {
  const opts = options();
  const loadAverageAtStart = os.loadavg()[0];
  const cpuProfileDir = opts.cpuProfile ? await mkdtemp(path.join(os.tmpdir(), 'sp-bench-profiles-')) : undefined;
  log('building (npm run build)');
  await buildService();
  const call = recordingCall(opts.minutes);
  const stack = await startStack(opts.databaseUrl, opts.temporalAddress, cpuProfileDir, {
    segments: call.segments,
    env: { STT_MODEL: 'whisper-1', STT_MAX_CHUNK_DURATION: '10m' },
  });
  const results: Results = {
    date: new Date().toISOString(),
    minutes: opts.minutes,
    recordings: opts.recordings,
    machine: machine(loadAverageAtStart),
  };
  try {
    await measure(opts, stack, call, results);
  } finally {
    await teardown(stack);
  }
  const what = [opts.floor ? 'floor' : '', opts.workers.length ? 'fleet' : '', opts.kill ? `kill-${opts.kill}` : '']
    .filter(Boolean)
    .join('-');
  await writeResults(
    opts.out,
    `${results.date.slice(0, 10)}-recording-${what}-${opts.minutes}m.json`,
    results,
    log,
    cpuProfileDir,
  );
}
