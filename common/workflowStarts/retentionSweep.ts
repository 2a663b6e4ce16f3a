import type { ScheduleOptionsStartWorkflowAction } from '@temporalio/client';
import type { Priority } from '@temporalio/common';
import type { retentionSweep, RetentionSweepInput } from '../../workflows/retentionSweep';
import type { Config } from '../config';
import { SWEEP_SCHEDULE_ID } from '../temporal';
import { maintenancePriority } from './priority';

// What the `retention-sweep` schedule starts (worker/sweepSchedule.ts keeps the schedule itself and plans the
// sweeps from its settings): the sweep belongs to no company, so it takes a fairness key of its own, at normal
// priority so that a constant stream of companies' work cannot starve it.

// SDK 1.24's type for a created schedule's action leaves `priority` out, though the client encodes it (and a
// described schedule's action has it): added here, it reaches the server with create and update alike.
export type SweepAction = ScheduleOptionsStartWorkflowAction<typeof retentionSweep> & { priority: Priority };

/** The schedule's action for the sweeps the worker planned from its settings. */
export function sweepScheduleAction(
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  input: RetentionSweepInput,
): SweepAction {
  return {
    type: 'startWorkflow',
    workflowType: 'retentionSweep',
    // The server appends the scheduled time: runs are retention-sweep-<RFC 3339 time>.
    workflowId: SWEEP_SCHEDULE_ID,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [input],
    staticSummary: 'Delete rows, media and transcripts past their retention',
    priority: maintenancePriority(SWEEP_SCHEDULE_ID),
  };
}
