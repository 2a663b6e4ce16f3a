import type { WorkerOptions } from '@temporalio/worker';
import type { Config } from '../common/config';

// The worker's sizing, from configuration: the one place that turns the WORKER_* settings into Temporal
// worker options and node flags. The production worker (worker/main.ts), its launcher (scripts/worker.sh,
// through worker/nodeFlags.ts) and the benchmark's bare-shape worker all take them from here, so a
// comparison runs both workers with the same options.

type TuningConfig = Pick<
  Config,
  | 'WORKER_MAX_CACHED_WORKFLOWS'
  | 'WORKER_MAX_CONCURRENT_ACTIVITIES'
  | 'WORKER_MAX_CONCURRENT_WORKFLOW_TASKS'
  | 'WORKER_WORKFLOW_TASK_POLLERS'
  | 'WORKER_ACTIVITY_TASK_POLLERS'
  | 'WORKER_MAX_OLD_SPACE_MB'
>;

export type WorkerTuning = Required<
  Pick<WorkerOptions, 'maxCachedWorkflows' | 'maxConcurrentActivityTaskExecutions' | 'maxConcurrentWorkflowTaskExecutions' | 'workflowTaskPollerBehavior' | 'activityTaskPollerBehavior'>
>;

export function workerTuning(config: TuningConfig): WorkerTuning {
  // The SDK refuses more workflow task slots than cached workflows (it would lower them itself, with a warning).
  const workflowTasks = Math.min(config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS, config.WORKER_MAX_CACHED_WORKFLOWS);
  return {
    maxCachedWorkflows: config.WORKER_MAX_CACHED_WORKFLOWS,
    maxConcurrentActivityTaskExecutions: config.WORKER_MAX_CONCURRENT_ACTIVITIES,
    maxConcurrentWorkflowTaskExecutions: workflowTasks,
    // A poll beyond the free slots would only wait for one.
    workflowTaskPollerBehavior: { type: 'simple-maximum', maximum: Math.min(config.WORKER_WORKFLOW_TASK_POLLERS, workflowTasks) },
    activityTaskPollerBehavior: { type: 'simple-maximum', maximum: Math.min(config.WORKER_ACTIVITY_TASK_POLLERS, config.WORKER_MAX_CONCURRENT_ACTIVITIES) },
  };
}

/**
 * Node's flags for the worker process. The heap limit must be given when node starts (V8 sizes its heap
 * once), so the launcher asks for these before it starts worker/main.ts.
 */
export function workerNodeFlags(config: TuningConfig): string[] {
  return config.WORKER_MAX_OLD_SPACE_MB > 0 ? [`--max-old-space-size=${config.WORKER_MAX_OLD_SPACE_MB}`] : [];
}

/** What a worker runs with, for its start-up log line and the benchmark's report. */
export function describeTuning(config: TuningConfig): Record<string, number> {
  const t = workerTuning(config);
  return {
    maxCachedWorkflows: t.maxCachedWorkflows,
    maxConcurrentActivityTaskExecutions: t.maxConcurrentActivityTaskExecutions,
    maxConcurrentWorkflowTaskExecutions: t.maxConcurrentWorkflowTaskExecutions,
    workflowTaskPollers: config.WORKER_WORKFLOW_TASK_POLLERS,
    activityTaskPollers: config.WORKER_ACTIVITY_TASK_POLLERS,
    maxOldSpaceMiB: config.WORKER_MAX_OLD_SPACE_MB,
  };
}
