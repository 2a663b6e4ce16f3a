import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { recordingSummary } from '../common/workflowStarts/recording';
import { searchAttributes, workflowIds } from '../common/temporal';
import type { recordingIntake } from '../workflows/recordingIntake';
import { percentile } from './load';
import type { ShapePlan } from './shape/activities';
import { spreadSample } from './workflowTasks';

// The end-to-end ceiling: the same number of recordings through the bare shape (the real recordingIntake on a
// worker whose activities are empty, bench/shape), started the way the API starts a recording (same id scheme,
// options, search attributes and summary), half of them "stored", submitted at the same concurrency.
// And the shape's fidelity: the events of a real recording's history against the shape's.

export interface ShapeRun {
  recordings: number;
  completedPerSecond: number;
  p50: number;
  p99: number;
  /** Workflow ids of one "stored" and one "by URL" run, for the history comparison. */
  samples: { stored: string; byUrl: string };
  /** Workflow ids of up to 10 "stored" and 10 "by URL" runs spread over the run, whose histories are counted. */
  taskSample: { stored: string[]; byUrl: string[] };
}

/** Waits for all (none is left calling Temporal when the caller closes the connection), then throws the first failure. */
async function settled(calls: Array<Promise<void>>): Promise<void> {
  const failed = (await Promise.allSettled(calls)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** One run's events, activities and where its time went (historyShape). */
export interface HistoryShape {
  events: number;
  activities: Record<string, number>;
  /** Per activity type: ms waiting for a worker (scheduled → started) and running (started → completed). */
  waitMs: Record<string, number>;
  runMs: Record<string, number>;
}

/** Runs the real recordingIntake on the shape worker's task queue (bench/shape/worker.ts: empty activities). */
export async function runShape(
  client: Client,
  taskQueue: string,
  companyId: string,
  recordings: number,
  concurrency: number,
): Promise<ShapeRun> {
  const started = new Map<string, number>();
  const samples = { stored: '', byUrl: '' };
  const all = { stored: [] as string[], byUrl: [] as string[] };
  let next = 0;
  const first = Date.now();
  const submitter = async (): Promise<void> => {
    while (next < recordings) {
      const n = next++;
      const id = randomUUID();
      const storeRecording = n % 2 === 0;
      started.set(id, Date.now());
      samples[storeRecording ? 'stored' : 'byUrl'] ||= workflowIds.recording(id);
      all[storeRecording ? 'stored' : 'byUrl'].push(workflowIds.recording(id));
      await client.workflow.start<typeof recordingIntake>('recordingIntake', {
        workflowId: workflowIds.recording(id),
        taskQueue,
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        args: [{ recordingId: id, companyId, storeRecording }],
        typedSearchAttributes: [
          { key: searchAttributes.CompanyId, value: companyId },
          { key: searchAttributes.RecordingId, value: id },
          { key: searchAttributes.RecordingStatus, value: 'accepted' },
        ],
        staticSummary: recordingSummary({ id, companyId, storeRecording, roleplayId: null }),
      });
    }
  };
  await settled(Array.from({ length: concurrency }, submitter));
  const latencies: number[] = [];
  let last = first;
  await settled(
    [...started].map(async ([id, t0]) => {
      // The empty first attempt delivers every event: no delivery workflow to wait for.
      await client.workflow.getHandle(workflowIds.recording(id)).result();
      const done = Date.now();
      last = Math.max(last, done);
      latencies.push(done - t0);
    }),
  );
  latencies.sort((a, b) => a - b);
  const taskSample = { stored: spreadSample(all.stored, 10), byUrl: spreadSample(all.byUrl, 10) };
  return {
    recordings,
    completedPerSecond: recordings / ((last - first) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    samples,
    taskSample,
  };
}

/**
 * One run's history: its events, the activity types it scheduled (with counts), and the profile of
 * where its time went: per activity type, ms from scheduled to started (waiting for a worker slot) and
 * from started to completed (running), summed over its executions.
 */
export async function historyShape(client: Client, workflowId: string): Promise<HistoryShape> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const activities: Record<string, number> = {};
  const waitMs: Record<string, number> = {};
  const runMs: Record<string, number> = {};
  const ms = (t: { seconds?: unknown; nanos?: number | null } | null | undefined): number =>
    Number(t?.seconds ?? 0) * 1000 + (t?.nanos ?? 0) / 1e6;
  const byId = new Map<string, { name: string; scheduled: number; started?: number }>();
  for (const e of history.events ?? []) {
    const at = ms(e.eventTime);
    const scheduled = e.activityTaskScheduledEventAttributes;
    if (scheduled?.activityType?.name) {
      activities[scheduled.activityType.name] = (activities[scheduled.activityType.name] ?? 0) + 1;
      byId.set(String(e.eventId), { name: scheduled.activityType.name, scheduled: at });
    }
    const started = e.activityTaskStartedEventAttributes;
    const a = started ? byId.get(String(started.scheduledEventId)) : undefined;
    if (a) {
      a.started = at;
      waitMs[a.name] = (waitMs[a.name] ?? 0) + (at - a.scheduled);
    }
    const completed = e.activityTaskCompletedEventAttributes;
    const b = completed ? byId.get(String(completed.scheduledEventId)) : undefined;
    if (b?.started !== undefined) runMs[b.name] = (runMs[b.name] ?? 0) + (at - b.started);
  }
  return { events: history.events?.length ?? 0, activities, waitMs, runMs };
}

/** What the empty prepareMedia answers: as many pieces as the real media step cut the benchmark's call into. */
export function planFromHistory(activities: Record<string, number>, concurrency: number): ShapePlan {
  const pieces = activities.transcribeRecordingPiece ?? 1;
  return { pieces: Array.from({ length: pieces }, (_, index) => ({ channel: 'mixed' as const, index })), concurrency };
}
