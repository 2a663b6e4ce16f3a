import { continueAsNew, log, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { RetentionReport } from '../activities/recordingRetention';
import { retentionActivityProfiles } from './activityProfiles';

// The retention cleanup, started as a child by each run of the `retention-sweep` schedule that the worker
// keeps (workflows/retentionSweep.ts, worker/sweepSchedule.ts): deletes the stored media and the transcripts of finished recordings
// created before now − RECORDING_RETENTION, batch by batch. Each batch is idempotent (a recording is
// skipped once done), so a crash anywhere resumes with what is left; after `batchesPerRun` batches the
// run continues as new with the same cutoff and the counts so far, so the history stays small.

// Finding the next batch (bookkeeping) and deleting one (cleanup): workflows/activityProfiles.ts.
const bookkeeping = proxyActivities<Activities>(retentionActivityProfiles.bookkeeping);
const cleanup = proxyActivities<Activities>(retentionActivityProfiles.cleanup);

export const RETENTION_BATCH_SIZE = 100;
export const RETENTION_BATCHES_PER_RUN = 20;

export interface RecordingRetentionInput {
  /** RECORDING_RETENTION in milliseconds (the schedule's argument, kept up to date by the worker). */
  retentionMs: number;
  /** Recordings per batch (default 100). */
  batchSize?: number;
  /** Batches before the run continues as new (default 20). */
  batchesPerRun?: number;
  /** Set when continuing as new: the cutoff of this cleanup, and what earlier runs of it removed. */
  cutoff?: string;
  removed?: RetentionReport;
  batches?: number;
}

export interface RecordingRetentionResult extends RetentionReport {
  /** Recordings created before this instant were due. */
  cutoff: string;
  /** Batches deleted, over every run of this cleanup. */
  batches: number;
}

function added(a: RetentionReport, b: RetentionReport): RetentionReport {
  return {
    recordings: a.recordings + b.recordings,
    files: a.files + b.files,
    transcripts: a.transcripts + b.transcripts,
    pieces: a.pieces + b.pieces,
    snippets: a.snippets + b.snippets,
  };
}

export async function recordingRetention(input: RecordingRetentionInput): Promise<RecordingRetentionResult> {
  // Workflow time: fixed in history, so a replay computes the same cutoff.
  const cutoff = input.cutoff ?? new Date(Date.now() - input.retentionMs).toISOString();
  const batchSize = input.batchSize ?? RETENTION_BATCH_SIZE;
  const batchesPerRun = input.batchesPerRun ?? RETENTION_BATCHES_PER_RUN;
  let removed: RetentionReport = input.removed ?? { recordings: 0, files: 0, transcripts: 0, pieces: 0, snippets: 0 };
  let batches = input.batches ?? 0;
  for (let run = 0; run < batchesPerRun; run += 1) {
    const ids = await bookkeeping.findExpiredRecordings.executeWithOptions(
      { summary: 'Find recordings past retention' },
      [cutoff, batchSize],
    );
    if (ids.length === 0) {
      const result: RecordingRetentionResult = { cutoff, batches, ...removed };
      log.info('recording retention finished', { ...result });
      return result;
    }
    const batch = await cleanup.purgeRecordingMedia.executeWithOptions(
      { summary: `Delete media and transcripts of ${ids.length} recordings` },
      [ids],
    );
    removed = added(removed, batch);
    batches += 1;
    if (workflowInfo().continueAsNewSuggested) break;
  }
  log.info('recording retention continues as new', { cutoff, batches, ...removed });
  return continueAsNew<typeof recordingRetention>({ ...input, cutoff, removed, batches });
}
