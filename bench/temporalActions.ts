import type { temporal } from '@temporalio/proto';

// What a workflow run costs Temporal, read from its history: workflow tasks, events, the bytes of payload
// written, and the actions Temporal Cloud bills (docs.temporal.io "Temporal Cloud Actions",
// temporalio/documentation (docs folder) evaluate/temporal-cloud/actions.mdx). Pure: the history in, the counts out.
//
// The rules, per event:
//   WorkflowExecutionStarted                  1 (0 for a child: its start is billed in the parent, below)
//   TimerStarted                              1
//   UpsertWorkflowSearchAttributes            1, or 0 when it sets only TemporalChangeVersion (`patched()`)
//   SignalExternalWorkflowExecutionInitiated  1 (a signal sent by this workflow)
//   WorkflowExecutionSignaled                 1 when sent by a client (no externalWorkflowExecution); a signal
//                                             from another workflow is billed at its sender, above
//   StartChildWorkflowExecutionInitiated      2 (the child's start and its execution)
//   ActivityTaskStarted                       its `attempt`: every start and every retry (the server writes
//                                             the event once, with the attempt that ended)
//   MarkerRecorded (core_local_activity)      1 per workflow task that recorded any: Cloud counts all of a
//                                             task's RecordMarker commands as one action
// Not in a history, so not counted here: activity heartbeats that reach the server, queries, updates
// rejected, schedules, exports. The dev server's own `action` counter (bench/temporalMetrics.ts) includes
// heartbeats; bench/cost.ts reports both.

type History = temporal.api.history.v1.IHistory;
type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

export const ACTION_RULES = [
  'workflowStarted',
  'timerStarted',
  'searchAttributesUpserted',
  'signalSent',
  'childWorkflowStarted',
  'activityAttempts',
  'localActivityTasks',
] as const;

export type ActionRule = (typeof ACTION_RULES)[number];

export interface HistoryCost {
  /** WorkflowTaskCompleted events. */
  workflowTasks: number;
  events: number;
  /** Every payload's data and metadata (keys and values) in the history's events, in bytes. */
  payloadBytes: number;
  actions: Record<ActionRule, number> & { total: number };
  /** Child workflows this run started (StartChildWorkflowExecutionInitiated), whose histories cost too. */
  children: string[];
}

const LOCAL_ACTIVITY_MARKER = 'core_local_activity';
const CHANGE_VERSION = 'TemporalChangeVersion';

const noActions = (): Record<ActionRule, number> =>
  Object.fromEntries(ACTION_RULES.map((r) => [r, 0])) as Record<ActionRule, number>;

interface PayloadLike {
  metadata?: Record<string, Uint8Array | null | undefined> | null;
  data?: Uint8Array | null;
}

const PAYLOAD_FIELDS = new Set(['metadata', 'data', 'externalPayloads']);

/** A Payload: metadata, and data unless empty (an empty `data` is left unset, as for a null). */
const isPayload = (v: Record<string, unknown>): v is PayloadLike & Record<string, unknown> =>
  typeof v.metadata === 'object' &&
  v.metadata !== null &&
  !Array.isArray(v.metadata) &&
  Object.keys(v).every((k) => PAYLOAD_FIELDS.has(k));

const encoder = new TextEncoder();

function payloadSize(p: PayloadLike): number {
  let size = p.data instanceof Uint8Array ? p.data.length : 0;
  for (const [key, value] of Object.entries(p.metadata ?? {}))
    size += encoder.encode(key).length + (value instanceof Uint8Array ? value.length : 0);
  return size;
}

/** Bytes of every payload under `value` (a payload is not looked inside: its data is opaque). */
export function payloadBytes(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + payloadBytes(v), 0);
  if (!value || typeof value !== 'object' || value instanceof Uint8Array) return 0;
  const record = value as Record<string, unknown>;
  if (isPayload(record)) return payloadSize(record);
  let sum = 0;
  for (const v of Object.values(record)) sum += payloadBytes(v);
  return sum;
}

function upsertIsBillable(e: HistoryEvent): boolean {
  const fields = Object.keys(e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields ?? {});
  return fields.some((name) => name !== CHANGE_VERSION);
}

/**
 * The cost of one run's history. `child`: the run was started by a parent, whose history already bills its
 * start (StartChildWorkflowExecutionInitiated: 2), so its own WorkflowExecutionStarted is not counted again.
 */
export function historyCost(history: History, options: { child?: boolean } = {}): HistoryCost {
  const actions = noActions();
  const children: string[] = [];
  let workflowTasks = 0;
  let events = 0;
  let bytes = 0;
  // The workflow task whose commands the events that follow it are (a marker belongs to the last completed task).
  let task = 0;
  let lastTaskWithLocalActivity = -1;
  for (const e of history.events ?? []) {
    events += 1;
    bytes += payloadBytes(e);
    if (e.workflowTaskCompletedEventAttributes) {
      workflowTasks += 1;
      task += 1;
    } else if (e.workflowExecutionStartedEventAttributes) {
      if (!options.child) actions.workflowStarted += 1;
    } else if (e.timerStartedEventAttributes) {
      actions.timerStarted += 1;
    } else if (e.upsertWorkflowSearchAttributesEventAttributes) {
      if (upsertIsBillable(e)) actions.searchAttributesUpserted += 1;
    } else if (e.signalExternalWorkflowExecutionInitiatedEventAttributes) {
      actions.signalSent += 1;
    } else if (e.workflowExecutionSignaledEventAttributes) {
      if (!e.workflowExecutionSignaledEventAttributes.externalWorkflowExecution) actions.signalSent += 1;
    } else if (e.startChildWorkflowExecutionInitiatedEventAttributes) {
      actions.childWorkflowStarted += 2;
      const id = e.startChildWorkflowExecutionInitiatedEventAttributes.workflowId;
      if (id) children.push(id);
    } else if (e.activityTaskStartedEventAttributes) {
      actions.activityAttempts += Math.max(1, e.activityTaskStartedEventAttributes.attempt ?? 1);
    } else if (e.markerRecordedEventAttributes?.markerName === LOCAL_ACTIVITY_MARKER) {
      if (lastTaskWithLocalActivity !== task) {
        actions.localActivityTasks += 1;
        lastTaskWithLocalActivity = task;
      }
    }
  }
  const total = ACTION_RULES.reduce((sum, r) => sum + actions[r], 0);
  return { workflowTasks, events, payloadBytes: bytes, actions: { ...actions, total }, children };
}

/** Two costs added (a run and its children). */
export function addCosts(
  a: Omit<HistoryCost, 'children'>,
  b: Omit<HistoryCost, 'children'>,
): Omit<HistoryCost, 'children'> {
  const actions = noActions();
  for (const r of ACTION_RULES) actions[r] = a.actions[r] + b.actions[r];
  return {
    workflowTasks: a.workflowTasks + b.workflowTasks,
    events: a.events + b.events,
    payloadBytes: a.payloadBytes + b.payloadBytes,
    actions: { ...actions, total: a.actions.total + b.actions.total },
  };
}
