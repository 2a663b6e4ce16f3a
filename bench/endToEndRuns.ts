import type { Client } from '@temporalio/client';
import { workflowIds } from '../common/temporal';
import { createTemporalClient } from '../common/temporalClient';
import { cacheDelta, readCache, type CacheFigures } from './cacheMetrics';
import { runEndToEnd, type EndToEnd } from './endToEnd';
import { historyShape, planFromHistory, runShape, type HistoryShape, type ShapeRun } from './endToEndShape';
import type { BenchMode } from './modes';
import { cpuPerRecording, readCpu } from './processCpu';
import { stackPids, startWorker, stop, type Stack, type WorkerProcess } from './stack';
import { workflowTasks, type WorkflowTasks } from './workflowTasks';

// The end-to-end part: the real pipeline with one worker, then the bare shape (the same workflow code with
// empty activities, bench/shape), each with a fresh worker of the same options and the same recordings and
// concurrency (round 3's frozen shape is gone; BENCHMARKS.md keeps its figures). Around each run: the CPU of every process involved, the worker's workflow cache counters,
// and afterwards the workflow tasks of a sample of its recordings.

const log = (line: string): void => console.error(`[bench] ${line}`);

export interface RunCost {
  /** CPU seconds per recording over the run: API, worker (children included), Temporal dev server, MariaDB, and their total. */
  cpuPerRecording: Record<string, number> & { total: number };
  /** The bench process itself (load generator, speech-to-text stand-in, file server, webhook receiver): not in the total. */
  loadGeneratorCpuPerRecording: number;
  workflowTasks: WorkflowTasks;
  /** The worker's workflow cache over the run. */
  cache: CacheFigures;
}

export interface EndToEndRuns {
  endToEnd: EndToEnd;
  workerPeak: number;
  shape: ShapeRun & {
    ratio: number;
    peakRssMiB: number;
    real: { stored: HistoryShape; byUrl: HistoryShape };
    bare: { stored: HistoryShape; byUrl: HistoryShape };
  };
  cost: {
    real: RunCost;
    shape: RunCost;
    /** What issue 25's targets compare. */
    ratios: {
      realOverShapeThroughput: number;
    };
  };
}

type Pids = Record<string, number | undefined>;

/** The processes every run shares, whose CPU is read: the API, Temporal's, MariaDB when here, and those reported apart. */
export async function sharedPids(stack: Stack, apiPid: number): Promise<Pids> {
  const pids = await stackPids(stack);
  return { api: apiPid, ...pids.counted, ...pids.apart };
}

interface Measured<T> {
  result: T;
  cpu: RunCost['cpuPerRecording'];
  loadGenerator: number;
  cache: CacheFigures;
}

/** `run` between two readings of the processes' CPU and the worker's cache counters. */
async function measured<T extends { recordings: number }>(
  pids: Pids,
  worker: WorkerProcess,
  run: () => Promise<T>,
  apart: string[],
): Promise<Measured<T>> {
  const cacheBefore = await readCache(worker.metricsUrl);
  const cpuBefore = await readCpu(pids);
  const ownBefore = process.cpuUsage();
  const result = await run();
  const own = process.cpuUsage(ownBefore);
  const cpuAfter = await readCpu(pids);
  const cache = cacheDelta(cacheBefore, await readCache(worker.metricsUrl));
  return {
    result,
    cpu: cpuPerRecording(cpuBefore, cpuAfter, result.recordings, apart),
    loadGenerator: (own.user + own.system) / 1e6 / result.recordings,
    cache,
  };
}

async function cost(
  client: Client,
  m: Measured<unknown>,
  sample: { stored: string[]; byUrl: string[] },
): Promise<RunCost> {
  return {
    cpuPerRecording: m.cpu,
    loadGeneratorCpuPerRecording: m.loadGenerator,
    workflowTasks: await workflowTasks(client, sample),
    cache: m.cache,
  };
}

export async function endToEndRuns(
  stack: Stack,
  mode: BenchMode,
  companyId: string,
  apiPid: number,
  e2eInput: Parameters<typeof runEndToEnd>[0],
): Promise<EndToEndRuns> {
  const { config, bareConfig } = stack;
  const shared = await sharedPids(stack, apiPid);
  const apart = Object.keys(stack.options.apartPids ?? {});
  log(
    `CPU per process from /proc: ${JSON.stringify(shared)}${apart.length ? `, apart from the total: ${apart.join(', ')}` : ''}`,
  );
  log(`end to end: ${e2eInput.recordings} recordings, one worker`);
  const worker = await startWorker(stack, 'worker');
  const real = await measured({ ...shared, worker: worker.pid }, worker, () => runEndToEnd(e2eInput), apart);
  const endToEnd = real.result;
  const workerPeak = await worker.peakRssMiB();
  await stop(stack, worker);
  // The bench's own calls (starts, results, histories) wait longer than the API's deadline: a slow call here is not
  // what is measured. Bare settings: the shape's workflows travel as the service's do, without encryption or tracing.
  const client = createTemporalClient({ ...bareConfig, TEMPORAL_START_TIMEOUT: '60s' });
  try {
    const realHistory = {
      stored: await historyShape(client, workflowIds.recording(endToEnd.samples.stored)),
      byUrl: await historyShape(client, workflowIds.recording(endToEnd.samples.byUrl)),
    };
    const plan = planFromHistory(realHistory.stored.activities, config.STT_CONCURRENCY);
    const bareRun = async (queueSuffix: string) => {
      const taskQueue = `${config.TEMPORAL_TASK_QUEUE}-${queueSuffix}`;
      log(`bare shape: ${e2eInput.recordings} workflows, ${plan.pieces.length} piece(s) each`);
      const shapeWorker = await startWorker(
        stack,
        queueSuffix,
        'bench/shape/worker.ts',
        { TEMPORAL_TASK_QUEUE: taskQueue, SHAPE_PLAN: JSON.stringify(plan) },
        undefined,
        true,
      );
      const m = await measured(
        { ...shared, worker: shapeWorker.pid },
        shapeWorker,
        () => runShape(client, taskQueue, companyId, e2eInput.recordings, mode.endToEndConcurrency),
        apart,
      );
      const peakRssMiB = await shapeWorker.peakRssMiB();
      await stop(stack, shapeWorker);
      return { m, peakRssMiB };
    };
    const now = await bareRun('shape');
    const bare = {
      stored: await historyShape(client, now.m.result.samples.stored),
      byUrl: await historyShape(client, now.m.result.samples.byUrl),
    };
    const shape = {
      ...now.m.result,
      ratio: endToEnd.completedPerSecond / now.m.result.completedPerSecond,
      real: realHistory,
      bare,
      peakRssMiB: now.peakRssMiB,
    };
    const costs = {
      real: await cost(client, real, endToEnd.taskSample),
      shape: await cost(client, now.m, now.m.result.taskSample),
    };
    const ratios = { realOverShapeThroughput: shape.ratio };
    return {
      endToEnd,
      workerPeak,
      shape,
      cost: { ...costs, ratios },
    };
  } finally {
    await client.connection.close();
  }
}
