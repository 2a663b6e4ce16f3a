import type { WorkerOptions } from '@temporalio/worker';
import type { Config } from '../common/config';
import { workerMemoryLimit, type MemoryLimit } from './memoryLimit';

// The worker's sizing, from configuration: the one place that turns the WORKER_* settings into Temporal
// worker options (its heap limit is node's flag, given by scripts/start.sh). The production worker
// (worker/main.ts) and the benchmark's bare-shape worker both take them from here, so a comparison runs
// both workers with the same options.
//
// The workflow cache and the task slots, when not set (0), are sized to the worker's memory
// (worker/memoryLimit.ts) by a model of its peak resident set, measured with the benchmark's end to end
// (300 recordings in flight, a two-minute call each, 2 cores): peak RSS ≈ base + cache × per workflow,
// the least-squares line through 290, 333 and 405 MiB at 20, 100 and 300 cached workflows. The activity
// slots made no difference there (333 and 332 MiB with 32 and 96 at 100 cached workflows), so the model
// leaves them out; they and the workflow task slots follow the cache's size.

type TuningConfig = Pick<
  Config,
  | 'WORKER_MEMORY_LIMIT_MB'
  | 'WORKER_MAX_CACHED_WORKFLOWS'
  | 'WORKER_MAX_CONCURRENT_ACTIVITIES'
  | 'WORKER_MAX_CONCURRENT_WORKFLOW_TASKS'
  | 'WORKER_WORKFLOW_TASK_POLLERS'
  | 'WORKER_ACTIVITY_TASK_POLLERS'
  | 'WORKER_MAX_OLD_SPACE_MB'
>;

export type WorkerTuning = Required<
  Pick<
    WorkerOptions,
    | 'maxCachedWorkflows'
    | 'maxConcurrentActivityTaskExecutions'
    | 'maxConcurrentWorkflowTaskExecutions'
    | 'workflowTaskPollerBehavior'
    | 'activityTaskPollerBehavior'
  >
>;

/** The measured model: the worker's peak with an empty cache, and what each cached workflow adds to it. */
export const WORKER_MEMORY_MODEL = { baseMiB: 287, perCachedWorkflowMiB: 0.4 };

/** Of a limit that is the worker's own (setting, container), what its resident set may reach: the rest is for ffmpeg children and the kernel's page cache. */
const OWN_LIMIT_SHARE = 0.85;
/** Of the machine's memory, when nothing limits the worker: it shares the machine (API, MariaDB, ...), and takes a quarter as Node and the JVM do for their default heaps. */
const MACHINE_SHARE = 0.25;
/** Of the V8 heap limit, what cached workflows may take (they live in the workflow thread's heap, which has that limit too). */
const HEAP_SHARE = 0.5;
const CACHE_BOUNDS = { min: 10, max: 10_000 };

export interface DerivedSizing {
  maxCachedWorkflows: number;
  maxConcurrentActivities: number;
  maxConcurrentWorkflowTasks: number;
}

/**
 * Task slots for a cache size. They grow with its square root: 100 cached workflows get 32 activity and
 * 10 workflow task slots (round 3's measured defaults on 2 cores), 1,000 get 101 and 32.
 */
const activitySlotsFor = (cache: number): number => Math.max(4, Math.round(3.2 * Math.sqrt(cache)));
const workflowTaskSlotsFor = (cache: number): number => Math.min(100, Math.max(2, Math.round(Math.sqrt(cache))));

/** The largest cache (with its slots) whose modelled peak fits the memory limit and the V8 heap limit. Pure. */
export function deriveSizing(limit: MemoryLimit, maxOldSpaceMiB: number): DerivedSizing {
  const m = WORKER_MEMORY_MODEL;
  const budgetMiB = limit.mib * (limit.source === 'machine' ? MACHINE_SHARE : OWN_LIMIT_SHARE);
  const byMemory = (budgetMiB - m.baseMiB) / m.perCachedWorkflowMiB;
  const byHeap = maxOldSpaceMiB > 0 ? (maxOldSpaceMiB * HEAP_SHARE) / m.perCachedWorkflowMiB : Infinity;
  const cache = Math.floor(Math.max(CACHE_BOUNDS.min, Math.min(CACHE_BOUNDS.max, byMemory, byHeap)));
  return {
    maxCachedWorkflows: cache,
    maxConcurrentActivities: activitySlotsFor(cache),
    maxConcurrentWorkflowTasks: workflowTaskSlotsFor(cache),
  };
}

/** The sizing in force: each setting that is set, else its derived value; and which were derived from what. */
export function workerSizing(
  config: TuningConfig,
  limit: MemoryLimit = workerMemoryLimit(config.WORKER_MEMORY_LIMIT_MB),
) {
  const derived = deriveSizing(limit, config.WORKER_MAX_OLD_SPACE_MB);
  const sizing: DerivedSizing = {
    maxCachedWorkflows: config.WORKER_MAX_CACHED_WORKFLOWS || derived.maxCachedWorkflows,
    maxConcurrentActivities: config.WORKER_MAX_CONCURRENT_ACTIVITIES || derived.maxConcurrentActivities,
    maxConcurrentWorkflowTasks: config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS || derived.maxConcurrentWorkflowTasks,
  };
  const fromMemory = [
    config.WORKER_MAX_CACHED_WORKFLOWS ? '' : 'maxCachedWorkflows',
    config.WORKER_MAX_CONCURRENT_ACTIVITIES ? '' : 'maxConcurrentActivities',
    config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS ? '' : 'maxConcurrentWorkflowTasks',
  ].filter(Boolean);
  return { ...sizing, limit, fromMemory };
}

export function workerTuning(config: TuningConfig, limit?: MemoryLimit): WorkerTuning {
  const s = workerSizing(config, limit);
  // The SDK refuses more workflow task slots than cached workflows (it would lower them itself, with a warning).
  const workflowTasks = Math.min(s.maxConcurrentWorkflowTasks, s.maxCachedWorkflows);
  return {
    maxCachedWorkflows: s.maxCachedWorkflows,
    maxConcurrentActivityTaskExecutions: s.maxConcurrentActivities,
    maxConcurrentWorkflowTaskExecutions: workflowTasks,
    // A poll beyond the free slots would only wait for one.
    workflowTaskPollerBehavior: {
      type: 'simple-maximum',
      maximum: Math.min(config.WORKER_WORKFLOW_TASK_POLLERS, workflowTasks),
    },
    activityTaskPollerBehavior: {
      type: 'simple-maximum',
      maximum: Math.min(config.WORKER_ACTIVITY_TASK_POLLERS, s.maxConcurrentActivities),
    },
  };
}

/** What a worker runs with, and what was derived from which memory limit: for its start-up log line and the benchmark's report. */
export function describeTuning(config: TuningConfig, limit?: MemoryLimit): Record<string, number | string> {
  const s = workerSizing(config, limit);
  const t = workerTuning(config, s.limit);
  return {
    maxCachedWorkflows: t.maxCachedWorkflows,
    maxConcurrentActivityTaskExecutions: t.maxConcurrentActivityTaskExecutions,
    maxConcurrentWorkflowTaskExecutions: t.maxConcurrentWorkflowTaskExecutions,
    workflowTaskPollers: config.WORKER_WORKFLOW_TASK_POLLERS,
    activityTaskPollers: config.WORKER_ACTIVITY_TASK_POLLERS,
    maxOldSpaceMiB: config.WORKER_MAX_OLD_SPACE_MB,
    memoryLimitMiB: Math.round(s.limit.mib),
    memoryLimitFrom: s.limit.source,
    derivedFromMemory: s.fromMemory.join(',') || 'none',
  };
}
