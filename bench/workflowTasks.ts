import type { Client } from '@temporalio/client';

// Workflow tasks per recording, from histories: a recording's workflow and the webhook-delivery children
// it started (found in its history as StartChildWorkflowExecutionInitiated events). Each workflow task
// costs the worker a round trip, an activation and, when the workflow is not cached, a replay; the
// count is steadier than throughput on a shared machine.

export interface TaskCounts {
  /** WorkflowTaskCompleted events. */
  completed: number;
  /** WorkflowTaskScheduled events (a task that failed or timed out is scheduled again). */
  scheduled: number;
  /** All history events. */
  events: number;
}

export interface WorkflowTasks {
  /** Recordings whose histories were read (half stored, half by URL). */
  sampled: number;
  /** Means per recording, its delivery children included. */
  mean: TaskCounts;
  stored: TaskCounts;
  byUrl: TaskCounts;
}

async function countOne(client: Client, workflowId: string): Promise<{ counts: TaskCounts; children: string[] }> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const counts: TaskCounts = { completed: 0, scheduled: 0, events: 0 };
  const children: string[] = [];
  for (const e of history.events ?? []) {
    counts.events += 1;
    if (e.workflowTaskCompletedEventAttributes) counts.completed += 1;
    if (e.workflowTaskScheduledEventAttributes) counts.scheduled += 1;
    const child = e.startChildWorkflowExecutionInitiatedEventAttributes?.workflowId;
    if (child) children.push(child);
  }
  return { counts, children };
}

const add = (a: TaskCounts, b: TaskCounts): TaskCounts => ({
  completed: a.completed + b.completed,
  scheduled: a.scheduled + b.scheduled,
  events: a.events + b.events,
});
const mean = (list: TaskCounts[]): TaskCounts => {
  const sum = list.reduce(add, { completed: 0, scheduled: 0, events: 0 });
  const n = Math.max(1, list.length);
  return { completed: sum.completed / n, scheduled: sum.scheduled / n, events: sum.events / n };
};

/** A recording's workflow with its children. */
export async function recordingTasks(client: Client, workflowId: string): Promise<TaskCounts> {
  const parent = await countOne(client, workflowId);
  let total = parent.counts;
  for (const child of parent.children) total = add(total, (await countOne(client, child)).counts);
  return total;
}

/** Means over sampled recordings (workflow ids by kind). */
export async function workflowTasks(
  client: Client,
  sample: { stored: string[]; byUrl: string[] },
): Promise<WorkflowTasks> {
  const stored = await Promise.all(sample.stored.map((id) => recordingTasks(client, id)));
  const byUrl = await Promise.all(sample.byUrl.map((id) => recordingTasks(client, id)));
  return {
    sampled: stored.length + byUrl.length,
    mean: mean([...stored, ...byUrl]),
    stored: mean(stored),
    byUrl: mean(byUrl),
  };
}

/** Up to `size` workflow ids spread evenly over the run's submission order (early ones see an empty cache, late ones a full one). */
export function spreadSample(ids: string[], size: number): string[] {
  if (ids.length <= size) return [...ids];
  return Array.from({ length: size }, (_, i) => ids[Math.floor((i * ids.length) / size)]);
}
