import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { workflowIds } from '../common/temporal';
import { runEndToEnd, type EndToEndInput } from './endToEnd';
import { cpuPerRecording, readCpu } from './processCpu';
import { startWorker, stop, type Stack, type WorkerProcess } from './stack';
import type { ToolCounter } from './toolCounter';
import { killHolder, type Killed, type KillStage } from './fleetKill';

// Issue 36 part 4: the fleet. The same recordings through one, two or three fresh workers, each with a
// scratch folder of its own (a machine's disk) and one recording store, as test/operations/fleet.test.ts
// runs them; every recording's file at a path of its own on the loopback file server, so its downloads
// are counted alone, and every ffmpeg/ffprobe run counted by toolCounter.ts. With `kill`, the worker
// holding the last recording's download, cut or piece is killed (fleetKill.ts), and the run shows what
// that cost.

const log = (line: string): void => console.error(`[bench] ${line}`);

export interface FleetContext {
  stack: Stack;
  client: Client;
  companyId: string;
  /** The processes every run shares (API, Temporal, MariaDB), whose CPU is counted. */
  shared: Record<string, number | undefined>;
  input: EndToEndInput;
  tools: ToolCounter;
}

export interface FleetRun {
  workers: number;
  recordings: number;
  failed: number;
  completedPerSecond: number;
  /** CPU seconds per recording, all processes but the bench (not measured when a worker is killed). */
  cpuPerRecording?: number;
  downloads: { total: number; perRecording: number; max: number };
  toolRuns: { ffmpeg: number; ffprobe: number; perRecording: number; unattributed: number };
  /** Bytes of files in each live worker's scratch folder once every workflow has ended (0). */
  scratchBytesLeft: number[];
  /** In the recording store: the originals kept by storeRecording: true, and anything else (none). */
  store: { recordings: number; expected: number; otherFiles: string[] };
  /** Recordings whose workflow completed exactly once. */
  completedOnce: number;
  killed?: Killed & {
    recordingId: string;
    stage: KillStage;
    downloadsOfIt: number;
    toolRunsOfIt: number;
    /** Mean tool runs of the run's other recordings. */
    toolRunsOfOthers: number;
    /** Its scratch bytes, left for a starting worker of the same machine to remove. */
    deadScratchBytes: number;
  };
}

async function filesIn(dir: string): Promise<Array<{ file: string; bytes: number }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        return { file: path.relative(dir, file), bytes: (await stat(file).catch(() => ({ size: 0 }))).size };
      }),
  );
}

const bytesIn = async (dir: string): Promise<number> => (await filesIn(dir)).reduce((a, x) => a + x.bytes, 0);

/** Whether each recording's workflow has ended, and how many completed exactly once. */
async function completedOnce(client: Client, ids: string[]): Promise<number> {
  let once = 0;
  for (const id of ids) {
    await client.workflow
      .getHandle(workflowIds.recording(id))
      .result()
      .catch(() => undefined);
    // Visibility lags the history a little: a run that just ended may not be listed yet.
    let completed = 0;
    for (let tries = 0; completed === 0 && tries < 20; tries += 1) {
      if (tries > 0) await new Promise((r) => setTimeout(r, 500));
      for await (const run of client.workflow.list({ query: `WorkflowId = '${workflowIds.recording(id)}'` }))
        completed += run.status.name === 'COMPLETED' ? 1 : 0;
    }
    once += completed === 1 ? 1 : 0;
  }
  return once;
}

/** `count` fresh workers run the context's recordings; with `kill`, one of them dies holding the last one at that stage. */
export async function fleetRun(ctx: FleetContext, count: number, kill?: KillStage): Promise<FleetRun> {
  const { stack, input, tools } = ctx;
  const label = `${kill ? 'kill' : 'fleet'}-${count}-${Date.now()}`;
  const root = await mkdtemp(path.join(os.tmpdir(), `sp-bench-${label}-`));
  const scratch: string[] = [];
  const workers: WorkerProcess[] = [];
  try {
    // The store holds only this run's files: what is left in it afterwards is this run's.
    for (const entry of await readdir(stack.storageDir!))
      await rm(path.join(stack.storageDir!, entry), { recursive: true });
    await tools.reset();
    for (let i = 0; i < count; i += 1) {
      scratch.push(path.join(root, `scratch-${i}`));
      workers.push(
        await startWorker(stack, `${label}-worker-${i}`, 'worker/main.ts', { ...tools.env, SCRATCH_DIR: scratch[i] }),
      );
    }
    const ids: string[] = [];
    const target = kill ? input.recordings - 1 : -1;
    // Killed in its download: the download hangs (after 256 KiB) until then; the retry gets the whole file.
    const fileOf = (n: number) => ({
      path: `/bench/${label}/call-${n}.mp3`,
      ...(n === target && kill === 'download' ? { stallFirstAfter: 256 * 1024 } : {}),
    });
    const killer = kill ? killHolder(workers, scratch, kill, () => ids[target]) : undefined;
    log(`${kill ? 'kill run' : 'fleet'}: ${input.recordings} recordings, ${count} worker(s)`);
    const pids = { ...ctx.shared, ...Object.fromEntries(workers.map((w, i) => [`worker${i}`, w.pid])) };
    const before = await readCpu(pids);
    const e2e = await runEndToEnd({ ...input, fileOf, onPosted: (n, id) => (ids[n] = id) }).finally(() =>
      killer?.stop(),
    );
    const after = await readCpu(pids);
    const killed = await killer?.done;
    if (kill && !killed) throw new Error(`no worker was seen holding the last recording's ${kill}`);
    const once = await completedOnce(ctx.client, ids);
    const hits = ids.map((_, n) => input.files.hits(fileOf(n).path));
    const runs = await tools.read(ids);
    const attributed = [...runs.byRecording.values()].reduce((a, b) => a + b, 0);
    if (runs.ffmpeg + runs.ffprobe === 0)
      throw new Error('no ffmpeg or ffprobe run was counted: the workers do not start them from PATH');
    const live = scratch.filter((_, i) => i !== killed?.worker);
    const stored = new Set(ids.filter((_, n) => n % 2 === 0));
    const inStore = await filesIn(stack.storageDir!);
    const isOriginal = (file: string): boolean =>
      path.dirname(file) === ctx.companyId && stored.has(path.basename(file).split('.')[0]);
    return {
      workers: count,
      recordings: e2e.recordings,
      failed: e2e.failed,
      completedPerSecond: e2e.completedPerSecond,
      ...(kill ? {} : { cpuPerRecording: cpuPerRecording(before, after, e2e.recordings).total }),
      downloads: {
        total: hits.reduce((a, b) => a + b, 0),
        perRecording: hits.reduce((a, b) => a + b, 0) / ids.length,
        max: Math.max(...hits),
      },
      toolRuns: {
        ffmpeg: runs.ffmpeg,
        ffprobe: runs.ffprobe,
        perRecording: (runs.ffmpeg + runs.ffprobe) / ids.length,
        unattributed: runs.ffmpeg + runs.ffprobe - attributed,
      },
      scratchBytesLeft: await Promise.all(live.map(bytesIn)),
      store: {
        recordings: inStore.filter((x) => isOriginal(x.file)).length,
        expected: stored.size,
        otherFiles: inStore.filter((x) => !isOriginal(x.file)).map((x) => x.file),
      },
      completedOnce: once,
      ...(killed
        ? {
            killed: {
              recordingId: ids[target],
              stage: kill ?? 'download',
              ...killed,
              downloadsOfIt: hits[target],
              toolRunsOfIt: runs.byRecording.get(ids[target]) ?? 0,
              toolRunsOfOthers: ids
                .filter((_, n) => n !== target)
                .reduce((a, id, _, others) => a + (runs.byRecording.get(id) ?? 0) / others.length, 0),
              deadScratchBytes: await bytesIn(scratch[killed.worker]),
            },
          }
        : {}),
    };
  } finally {
    for (const w of workers) await stop(stack, w);
    await rm(root, { recursive: true, force: true });
  }
}
