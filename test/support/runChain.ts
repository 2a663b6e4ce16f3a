import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Client } from '@temporalio/client';
import type { temporal } from '@temporalio/proto';
import { historyToJson } from './histories';

// History budgets (docs/operations.md, "History budgets"; issue 50 §3): the runs of one workflow id's chain,
// each with its fetched history's size, so a test holds every run of a kind that continues as new, not only
// the last one a handle's result() follows to.

export interface ChainRun {
  runId: string;
  /** Events in this run's history, as fetched from the server. */
  events: number;
  /** How the run ended: 'completed', 'continued as new', 'failed', … ('open' while it runs). */
  ended: string;
}

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

function endOf(last: HistoryEvent | undefined): string {
  if (!last) return 'open';
  if (last.workflowExecutionContinuedAsNewEventAttributes) return 'continued as new';
  if (last.workflowExecutionCompletedEventAttributes) return 'completed';
  if (last.workflowExecutionFailedEventAttributes) return 'failed';
  if (last.workflowExecutionTerminatedEventAttributes) return 'terminated';
  if (last.workflowExecutionTimedOutEventAttributes) return 'timed out';
  if (last.workflowExecutionCanceledEventAttributes) return 'cancelled';
  return 'open';
}

/**
 * Every run of `workflowId`'s chain, first to last: from the latest run (or `lastRunId`) back through each
 * one's predecessor, which its started event names.
 */
export async function runChain(client: Client, workflowId: string, lastRunId?: string): Promise<ChainRun[]> {
  const runs: ChainRun[] = [];
  let runId = lastRunId ?? (await client.workflow.getHandle(workflowId).describe()).runId;
  for (;;) {
    const events = (await client.workflow.getHandle(workflowId, runId).fetchHistory()).events ?? [];
    runs.unshift({ runId, events: events.length, ended: endOf(events[events.length - 1]) });
    const previous = events[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId;
    if (!previous) return runs;
    runId = previous;
  }
}

/**
 * Asserts that every run of the chain stays within `budget` events, that the chain ended `completed` (each
 * earlier run having continued as new) and, with `atLeastRuns`, that it did continue as new. Answers the runs.
 */
export async function expectChainWithinBudget(
  client: Client,
  workflowId: string,
  budget: number,
  options: { atLeastRuns?: number; lastRunId?: string } = {},
): Promise<ChainRun[]> {
  const runs = await runChain(client, workflowId, options.lastRunId);
  const shown = `${workflowId}: ${JSON.stringify(runs)}`;
  expect(
    runs.map((r) => r.ended),
    shown,
  ).to.deep.equal([...runs.slice(0, -1).map(() => 'continued as new'), 'completed']);
  if (options.atLeastRuns !== undefined)
    expect(runs.length, `runs of the chain: ${shown}`).to.be.at.least(options.atLeastRuns);
  for (const run of runs)
    expect(run.events, `events of run ${run.runId} (budget ${budget}): ${shown}`).to.be.at.most(budget);
  return runs;
}

/** The largest history of the chain's runs. */
export const largestRun = (runs: readonly ChainRun[]): number => Math.max(...runs.map((r) => r.events));

/** With RECORD_HISTORIES=1, writes one run's history to `dir`/<name>.json (docs/architecture.md, "Workflow histories"). */
export async function keepRunHistory(
  client: Client,
  dir: string,
  name: string,
  workflowId: string,
  runId: string,
): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(
    path.join(dir, `${name}.json`),
    historyToJson(await client.workflow.getHandle(workflowId, runId).fetchHistory()),
  );
}

/**
 * How many `activityType` activities a run scheduled after Temporal first suggested continuing as new (the
 * `suggestContinueAsNew` of a workflow task started): 0 for a run that continues at the first step it can.
 */
export async function scheduledAfterSuggestion(
  client: Client,
  workflowId: string,
  runId: string,
  activityType: string,
): Promise<number> {
  const events = (await client.workflow.getHandle(workflowId, runId).fetchHistory()).events ?? [];
  const first = events.findIndex((e) => e.workflowTaskStartedEventAttributes?.suggestContinueAsNew);
  if (first < 0) return 0;
  return events.slice(first).filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === activityType)
    .length;
}
