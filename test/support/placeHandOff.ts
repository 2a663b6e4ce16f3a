import type { temporal } from '@temporalio/proto';
import { COMPANY_PLACE_SIGNAL } from '../../common/temporal';

// How a company's places were handed on (issue 50 §1, §5), read from its runs' own activity events: when each
// attempt that holds a place started and ended, and the gap between a place's release and its next holder.
// Shared by the dev server's backlog test (test/recordings/backlog.test.ts) and the cluster's (test/cluster/).

/** docs/operations.md, "History budgets": a short call of one piece that waited behind a backlog. */
export const SHORT_CALL_BUDGET = 120;

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

const millis = (event: HistoryEvent): number => {
  const t = event.eventTime;
  return Number(t?.seconds ?? 0) * 1000 + Math.floor((t?.nanos ?? 0) / 1e6);
};

/**
 * The activities that hold one of the company's places while they run (workflows/recordingIntake.ts). The
 * analysis holds one only when it calls an LLM (LLM_BASE_URL set, activities/analyze.ts); these stacks have none.
 */
export const PLACE_HOLDING = new Set([
  'storeRecording',
  'prepareMedia',
  'transcribeRecordingPiece',
  'silenceRedactedAudio',
]);

/** The place-holding attempts of one run that did their work: [started, completed] times. */
export function heldIntervals(events: HistoryEvent[]): Array<[number, number]> {
  const scheduled = new Map<string, string>();
  const started = new Map<string, number>();
  const held: Array<[number, number]> = [];
  for (const event of events) {
    const id = String(event.eventId);
    const type = event.activityTaskScheduledEventAttributes?.activityType?.name;
    if (type) scheduled.set(id, type);
    const start = event.activityTaskStartedEventAttributes;
    if (start) started.set(String(start.scheduledEventId), millis(event));
    const done = event.activityTaskCompletedEventAttributes;
    if (done) {
      const name = scheduled.get(String(done.scheduledEventId));
      if (name && PLACE_HOLDING.has(name)) held.push([started.get(String(done.scheduledEventId)) ?? 0, millis(event)]);
    }
  }
  return held;
}

/** Whether a hand-off (the `companyPlace` signal) woke the run. */
export const wokenByHandOff = (events: HistoryEvent[]): boolean =>
  events.some((e) => e.workflowExecutionSignaledEventAttributes?.signalName === COMPANY_PLACE_SIGNAL);

/**
 * With `places` places kept busy by a queue, the k-th attempt to start takes the place the (k − places)-th
 * release freed: its gap is start[k] − end[k − places], starts and ends each in time order. A negative gap
 * beyond clock noise means more than `places` attempts held a place at once. With one place this is the time
 * from each release to the next holder's start. Gaps sorted ascending, in ms.
 */
export function handOffGaps(held: Array<[number, number]>, places: number): number[] {
  const starts = held.map(([s]) => s).sort((x, y) => x - y);
  const ends = held.map(([, e]) => e).sort((x, y) => x - y);
  const gaps: number[] = [];
  for (let k = places; k < starts.length; k += 1) gaps.push(starts[k] - ends[k - places]);
  return gaps.sort((x, y) => x - y);
}

/** The value below which `share` of sorted `values` lie. */
export const quantile = (sorted: number[], share: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
