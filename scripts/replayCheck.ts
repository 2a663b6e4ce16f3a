import { Client, Connection } from '@temporalio/client';
import type { DataConverter } from '@temporalio/common';
import { bundleWorkflowCode, DefaultLogger, Worker, type ReplayHistoriesIterable } from '@temporalio/worker';
import { failureConverterPath } from '../common/failureConverter';
import {
  describeConnectionFailure,
  temporalConnection,
  type TemporalConnectionConfig,
} from '../common/temporalConnection';
import { WORKFLOW_INTERCEPTOR_MODULES, workflowTracingSinks } from '../worker/tracing';
import { needsOldBranch, PATCHES, type PatchEntry } from './patchLifecycle';

// Replays recent live histories against the workflow code about to be deployed: a change that would
// break executions already in flight (or a workflow type removed while runs of it exist) shows up here
// instead of as stuck workflow tasks after the deploy.

export interface ReplayCheckOptions {
  /** Where Temporal is and how to reach it (common/temporalConnection.ts); the namespace comes with it. */
  temporal: TemporalConnectionConfig;
  /** Only executions started on this task queue: the ones the deployed worker will process. */
  taskQueue: string;
  /** Module exporting every workflow function (the worker's `workflows/index.ts`). */
  workflowsPath: string;
  since: Date;
  /** Most recent executions replayed per workflow type. */
  limitPerType: number;
  /** The deployment's codec (TEMPORAL_PAYLOAD_KEYS): histories hold encrypted payloads. */
  dataConverter?: DataConverter;
  /** The patch ids to report on; default: every one of scripts/patchLifecycle.ts. */
  patches?: PatchEntry[];
}

/** Per patch id: the oldest open run (on the task queue, started at any time) that may still need its old branch. */
export interface PatchNeed {
  id: string;
  state: PatchEntry['state'];
  /** Open runs of its workflow types without its marker. */
  openNeeding: number;
  oldest: { workflowId: string; runId: string; workflowType: string; startTime: Date } | null;
}

export interface ReplayFailure {
  workflowId: string;
  runId: string;
  workflowType: string;
  nondeterminism: boolean;
  message: string;
}

export interface ReplayCheckReport {
  replayed: Record<string, number>;
  failures: ReplayFailure[];
  patches: PatchNeed[];
}

/** Workflow types as the worker registers them: the module's exported functions. */
export async function workflowTypesOf(workflowsPath: string): Promise<string[]> {
  const workflows = (await import(workflowsPath)) as Record<string, unknown>;
  return Object.keys(workflows)
    .filter((name) => typeof workflows[name] === 'function')
    .sort();
}

const quoted = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export async function replayCheck(options: ReplayCheckOptions): Promise<ReplayCheckReport> {
  const temporal = temporalConnection(options.temporal);
  const connection = await Connection.connect(temporal.options).catch(async (err: unknown) => {
    throw new Error(await describeConnectionFailure(temporal, err));
  });
  try {
    const client = new Client({ connection, namespace: temporal.namespace, dataConverter: options.dataConverter });
    const known = await workflowTypesOf(options.workflowsPath);
    const base = `TaskQueue = ${quoted(options.taskQueue)} AND StartTime > ${quoted(options.since.toISOString())}`;
    // Types the code no longer exports are listed too: their open runs would fail on the new worker.
    const typeQueries = [...known.map((type) => `${base} AND WorkflowType = ${quoted(type)}`)];
    if (known.length > 0) typeQueries.push(`${base} AND WorkflowType NOT IN (${known.map(quoted).join(', ')})`);

    const typeOfRun = new Map<string, string>();
    const replayed: Record<string, number> = Object.fromEntries(known.map((type) => [type, 0]));
    async function* histories(): ReplayHistoriesIterable {
      for (const query of typeQueries) {
        let taken = 0;
        for await (const execution of client.workflow.list({ query, pageSize: Math.min(options.limitPerType, 1000) })) {
          if (taken >= options.limitPerType) break;
          taken += 1;
          const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
          typeOfRun.set(execution.runId, execution.type);
          yield { workflowId: execution.workflowId, history: history };
        }
      }
    }

    const workflowBundle = await bundleWorkflowCode({
      workflowsPath: options.workflowsPath,
      failureConverterPath,
      workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES,
      logger: new DefaultLogger('WARN'),
    });
    const failures: ReplayFailure[] = [];
    for await (const result of Worker.runReplayHistories(
      { workflowBundle, dataConverter: options.dataConverter, sinks: workflowTracingSinks() },
      histories(),
    )) {
      const workflowType = typeOfRun.get(result.runId) ?? 'unknown';
      replayed[workflowType] = (replayed[workflowType] ?? 0) + 1;
      if (result.error) {
        failures.push({
          workflowId: result.workflowId,
          runId: result.runId,
          workflowType,
          nondeterminism: result.error.name === 'DeterminismViolationError',
          message: result.error.message,
        });
      }
    }
    return { replayed, failures, patches: await patchNeeds(client, options.taskQueue, options.patches ?? PATCHES) };
  } finally {
    await connection.close();
  }
}

/**
 * For each patch: the open runs of its workflow types on the task queue whose histories hold no marker for
 * it (they may take its old branch on replay), and the oldest of them. None: the patch may move on
 * (docs/operations.md, "Patches").
 */
export async function patchNeeds(client: Client, taskQueue: string, patches: PatchEntry[]): Promise<PatchNeed[]> {
  const types = [...new Set(patches.flatMap((p) => p.workflowTypes))];
  const needs = new Map<string, PatchNeed>(
    patches.map((p) => [p.id, { id: p.id, state: p.state, openNeeding: 0, oldest: null }]),
  );
  if (types.length === 0) return [...needs.values()];
  const query = `TaskQueue = ${quoted(taskQueue)} AND ExecutionStatus = 'Running' AND WorkflowType IN (${types.map(quoted).join(', ')})`;
  for await (const execution of client.workflow.list({ query })) {
    const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
    for (const patch of patches) {
      if (!needsOldBranch(patch, execution.type, history)) continue;
      const need = needs.get(patch.id);
      if (!need) continue;
      need.openNeeding += 1;
      if (!need.oldest || execution.startTime < need.oldest.startTime) {
        need.oldest = {
          workflowId: execution.workflowId,
          runId: execution.runId,
          workflowType: execution.type,
          startTime: execution.startTime,
        };
      }
    }
  }
  return [...needs.values()];
}
