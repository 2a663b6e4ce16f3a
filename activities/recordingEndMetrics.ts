import { FailureTypes } from '../common/failureTypes';
import type { RecordingEnd } from '../db/queries/recordingEnds';
import type { ActivityMetrics } from './deps';

// A recording's end as the worker's measures see it (docs/operations.md, "Measures"): counted by outcome
// and failure type, timed from acceptance, split by whether speech-to-text ran.

/** Failure types of a recording that are not an activity's own (workflows/recordingIntake.ts names them). */
const WORKFLOW_FAILURE_TYPES = ['Timeout', 'Cancelled', 'Unexpected'] as const;

const known: ReadonlySet<string> = new Set([...Object.values(FailureTypes), ...WORKFLOW_FAILURE_TYPES]);

/** A failure type as a label: one of a fixed list, so a stray error name cannot add series. */
function failureTypeLabel(type: string | undefined): string {
  return type !== undefined && known.has(type) ? type : 'Unexpected';
}

export function countRecordingEnd(
  metrics: ActivityMetrics | undefined,
  end: RecordingEnd,
  outcome: { status: 'completed' } | { status: 'failed'; failureType: string | undefined },
  now: Date = new Date(),
): void {
  if (!metrics) return;
  const failure = outcome.status === 'failed' ? failureTypeLabel(outcome.failureType) : 'none';
  metrics.recordingsFinished.inc({ outcome: outcome.status, failure_type: failure });
  metrics.recordingDuration.observe(
    { outcome: outcome.status, speech_to_text: String(!end.transcriptSubmitted) },
    Math.max(0, now.getTime() - end.acceptedAt.getTime()) / 1000,
  );
}
