import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { recordingIntake } from '../../workflows/recordingIntake';
import type { Config } from '../config';
import { searchAttributes, workflowIds } from '../temporal';
import { companyPriority, type CompanyFairness, type RecordingPriority } from './priority';

// The one way a recording's workflow is started: by the API when it accepts or retries a recording and by
// the benchmark's bare baseline, so both measure and run the same start.

export interface RecordingToStart {
  id: string;
  companyId: string;
  storeRecording: boolean;
  roleplayId: string | null;
  /** null: the caller submitted a transcript instead of audio (absent: audio, as for the benchmark). */
  sourceUrl?: string | null;
  /** `bulk` waits behind every company's normal work (absent: normal). A retry keeps the recording's. */
  priority?: RecordingPriority;
}

type StartConfig = Pick<Config, 'TEMPORAL_TASK_QUEUE'>;

export interface StartOptions {
  /**
   * A retry of a failed recording (POST /api/recording/{id}/retry): a new run under the same workflow id
   * is allowed once the previous run has closed, whatever its outcome (a failed recording's run usually
   * completes, returning `failed`, so "failed runs only" would refuse it).
   */
  rerun?: boolean;
}

/**
 * The line the Web UI shows for the run: the recording and its company by id (ids are what the search
 * attributes and the API take; a company's name can change after the start, the summary cannot).
 */
export function recordingSummary(recording: RecordingToStart): string {
  const kind = [
    recording.storeRecording ? 'stored' : null,
    recording.roleplayId ? 'for a roleplay' : null,
    recording.priority === 'bulk' ? 'bulk' : null,
  ]
    .filter(Boolean)
    .join(', ');
  // A submitted transcript says so: it has no audio to look for in the activities.
  return `${recording.sourceUrl === null ? 'Transcript' : 'Recording'} ${recording.id} · company ${recording.companyId}${kind ? ` (${kind})` : ''}`;
}

/**
 * Starts workflow `recording-<id>`; true when this call started it, false when it was already started
 * (or, unless `rerun`, has finished: a finished recording's id is never run again by an acceptance, so
 * retried acceptances never reprocess it). `company` is the recording's (companyId): its fairness key
 * and weight. The call's deadline is the client's (TEMPORAL_START_TIMEOUT,
 * common/temporalClient.ts).
 */
export async function startRecordingWorkflow(
  temporal: Client,
  config: StartConfig,
  company: CompanyFairness,
  recording: RecordingToStart,
  options: StartOptions = {},
): Promise<boolean> {
  const transcript = recording.sourceUrl === null;
  try {
    await temporal.workflow.start<typeof recordingIntake>('recordingIntake', {
      workflowId: workflowIds.recording(recording.id),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowIdReusePolicy: options.rerun ? 'ALLOW_DUPLICATE' : 'REJECT_DUPLICATE',
      args: [
        {
          recordingId: recording.id,
          companyId: recording.companyId,
          storeRecording: recording.storeRecording,
          // Only set for transcripts, so the start of an audio recording is what it always was.
          ...(transcript ? { transcriptSubmitted: true } : {}),
        },
      ],
      typedSearchAttributes: [
        { key: searchAttributes.CompanyId, value: recording.companyId },
        { key: searchAttributes.RecordingId, value: recording.id },
        { key: searchAttributes.RecordingStatus, value: 'accepted' },
      ],
      staticSummary: recordingSummary(recording),
      priority: companyPriority(company, recording.priority),
    });
    return true;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw err;
  }
}
