import type { ScheduleOptionsStartWorkflowAction } from '@temporalio/client';
import type { Priority } from '@temporalio/common';
import type { recordingRetention } from '../../workflows/recordingRetention';
import type { Config } from '../config';
import { RETENTION_SCHEDULE_ID } from '../temporal';
import { maintenancePriority } from './priority';

// What the `recording-retention` schedule starts (worker/retentionSchedule.ts keeps the schedule itself): the
// retention cleanup, which belongs to no company, so it takes a fairness key of its own.

// SDK 1.24's type for a created schedule's action leaves `priority` out, though the client encodes it (and a
// described schedule's action has it): added here, it reaches the server with create and update alike.
export type RetentionAction = ScheduleOptionsStartWorkflowAction<typeof recordingRetention> & { priority: Priority };

/** The schedule's action for RECORDING_RETENTION = `retentionMs` (> 0). */
export function retentionScheduleAction(
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE' | 'RECORDING_RETENTION'>,
  retentionMs: number,
): RetentionAction {
  return {
    type: 'startWorkflow',
    workflowType: 'recordingRetention',
    // The server appends the scheduled time: runs are recording-retention-<RFC 3339 time>.
    workflowId: RETENTION_SCHEDULE_ID,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [{ retentionMs }],
    staticSummary: `Delete stored media and transcripts of recordings older than ${config.RECORDING_RETENTION}`,
    priority: maintenancePriority(RETENTION_SCHEDULE_ID),
  };
}
