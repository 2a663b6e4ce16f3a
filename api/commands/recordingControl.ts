import { WorkflowNotFoundError } from '@temporalio/common';
import { durationMs } from '../../common/config';
import type { CompanyFairness } from '../../common/workflowStarts/priority';
import { startRecordingWorkflow } from '../../common/workflowStarts/recording';
import { workflowIds } from '../../common/temporal';
import { reopenFailedRecording, restoreFailedRecording } from '../../db/queries/recordingRetry';
import { getRecording, type RecordingRow } from '../../db/queries/recordings';
import { getErasureState } from '../../db/queries/userErasure';
import type { AppDeps } from '../deps';
import { conflict, notFound, workflowStartError } from '../errors';
import { waitForClose } from './workflowClose';
import { refuseErased } from './userErasure';

// Cancel and retry act through Temporal only: cancel asks the recording's workflow to stop (it marks the
// recording failed and sends the failed webhook itself); retry starts a new run of the same workflow
// id. The one row change made here is retry's reset to `accepted`, which the new run expects to find.

const FINISHED = 'The recording has finished processing; only a recording in progress can be cancelled.';

async function requireRecording(deps: AppDeps, companyId: string, id: string): Promise<RecordingRow> {
  const row = await getRecording(deps.db, companyId, id);
  if (!row) throw notFound('Recording');
  return row;
}

const finished = (row: RecordingRow): boolean => row.status === 'completed' || row.status === 'failed';

/**
 * Requests cancellation of the recording's workflow, then waits (up to RECORDING_CANCEL_WAIT) for the
 * workflow to record it, so the answer usually shows the recording failed with "Processing was cancelled".
 */
export async function cancelRecording(deps: AppDeps, companyId: string, id: string): Promise<RecordingRow> {
  const row = await requireRecording(deps, companyId, id);
  if (finished(row)) throw conflict('recording_finished', FINISHED);
  const handle = deps.temporal.workflow.getHandle(workflowIds.recording(id));
  try {
    await handle.cancel();
  } catch (err) {
    // The run closed between the read and the request: answer as for a finished recording.
    if (err instanceof WorkflowNotFoundError) throw conflict('recording_finished', FINISHED);
    throw workflowStartError(err, 'The cancellation could not be requested. Retry the request.');
  }
  // The run marks the recording failed before it closes: once it has closed, the row shows the cancellation.
  await waitForClose(handle, durationMs(deps.config.RECORDING_CANCEL_WAIT));
  return requireRecording(deps, companyId, id);
}

/**
 * Runs a failed recording again as a new run of `recording-<id>`. The conditional reset to `accepted`
 * admits one retry at a time; if no run starts (the previous run is still sending its failed webhook,
 * or Temporal is unreachable) the row goes back to failed with its reason.
 */
export async function retryRecording(deps: AppDeps, company: CompanyFairness, id: string): Promise<RecordingRow> {
  const companyId = company.id;
  const row = await requireRecording(deps, companyId, id);
  if (row.status !== 'failed')
    throw conflict('recording_not_failed', `Only a failed recording can be retried; this one is ${row.status}.`);
  // An erased person's recordings have nothing left to process, and they get no new runs while erasing.
  if (row.userId) refuseErased(await getErasureState(deps.db, companyId, row.userId));
  // Retention deleted what a new run would start from (the stored file or the caller's link, the transcript).
  if (row.mediaDeletedAt)
    throw conflict(
      'recording_media_deleted',
      'The media of this recording were deleted under the retention policy; submit it again instead.',
    );
  if (!(await reopenFailedRecording(deps.db, companyId, id))) {
    throw conflict('recording_not_failed', 'The recording is no longer failed (another retry started it).');
  }
  let started: boolean;
  try {
    started = await startRecordingWorkflow(deps.temporal, deps.config, company, row, { rerun: true });
  } catch (err) {
    await restoreFailedRecording(deps.db, companyId, id, row);
    throw workflowStartError(err, 'The recording could not be queued again; it is still failed. Retry the request.');
  }
  if (!started) {
    await restoreFailedRecording(deps.db, companyId, id, row);
    throw conflict(
      'recording_busy',
      'The previous run of this recording is still finishing (sending its webhooks). Retry in a few seconds.',
    );
  }
  deps.metrics?.workflowStarts.inc({ workflow: 'recordingIntake' });
  return requireRecording(deps, companyId, id);
}
