import { executeChild, patched, proxyActivities, uuid4 } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { ClosedRunsResult } from '../activities/closedRuns';
import type { PlannedSweep } from '../activities/sweeps';
import { sweepActivityProfile } from './activityProfiles';
import { recordingRetention, type RecordingRetentionResult } from './recordingRetention';

// What the `retention-sweep` schedule runs (worker/sweepSchedule.ts keeps it): every declared sweep of
// expired rows (activities/sweeps.ts), then the recordings' retention cleanup as a child workflow of its own
// (its batches continue as new, and its histories stay those of recordingRetention). A sweep or the cleanup
// whose retention is 0 is skipped: the setting turns off only its own part.

const rows = proxyActivities<Activities>(sweepActivityProfile);

export interface RetentionSweepInput {
  /** Each sweep with its retention at the worker's last start (plannedSweeps). */
  sweeps: PlannedSweep[];
  /** RECORDING_RETENTION in milliseconds; 0 keeps recordings' media and transcripts for ever. */
  recordingRetentionMs: number;
}

export interface RetentionSweepResult {
  /** Rows removed per sweep that ran. */
  rows: Record<string, number>;
  /** The recordings' cleanup, when RECORDING_RETENTION is set. */
  recordings: RecordingRetentionResult | null;
  /** Recordings and exports ended because their run had closed without an outcome (patch `sweep-closed-runs`). */
  closedRuns?: ClosedRunsResult;
}

/** Patch id: the sweep also ends the rows of recordings and exports whose run closed without an outcome (issue 50 §2). */
export const SWEEP_CLOSED_RUNS = 'sweep-closed-runs';

export async function retentionSweep(input: RetentionSweepInput): Promise<RetentionSweepResult> {
  const removed: Record<string, number> = {};
  for (const sweep of input.sweeps) {
    if (sweep.retentionMs <= 0) continue;
    removed[sweep.name] = await rows.sweepExpiredRows.executeWithOptions({ summary: `Sweep ${sweep.name}` }, [sweep]);
  }
  // Whatever the retention settings: a row left non-final by a closed run is never right.
  const closedRuns = patched(SWEEP_CLOSED_RUNS)
    ? await rows.endRunsClosedWithoutOutcome.executeWithOptions(
        { summary: 'Fail recordings and exports whose run closed without an outcome' },
        [],
      )
    : undefined;
  const recordings =
    input.recordingRetentionMs > 0
      ? await executeChild(recordingRetention, {
          // Drawn from the run's seeded random source, so a replay names it again (the Web UI links it from this run).
          workflowId: `retention-sweep-recordings-${uuid4()}`,
          args: [{ retentionMs: input.recordingRetentionMs }],
          staticSummary: 'Delete stored media and transcripts of recordings past RECORDING_RETENTION',
        })
      : null;
  return { rows: removed, recordings, ...(closedRuns ? { closedRuns } : {}) };
}
