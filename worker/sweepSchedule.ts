import {
  ScheduleAlreadyRunning,
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleSpec,
} from '@temporalio/client';
import type { Logger } from 'pino';
import { plannedSweeps } from '../activities/sweeps';
import { durationMs, type Config } from '../common/config';
import { LEGACY_RETENTION_SCHEDULE_ID, SWEEP_SCHEDULE_ID } from '../common/temporal';
import { sweepScheduleAction, type SweepAction } from '../common/workflowStarts/retentionSweep';
import type { retentionSweep, RetentionSweepInput } from '../workflows/retentionSweep';

// Every worker that starts makes the `retention-sweep` schedule match its configuration: created when
// missing, otherwise updated in place (same id, so restarts and replicas never add a second one). It exists
// whatever the retention settings say: a setting of 0 turns off only its own sweep (the run skips it). Pausing
// it in the Web UI is respected: an update keeps a paused schedule paused, with the operator's note.

/** Every 10 minutes: each run deletes what expired since the last, in short batches. */
export const SWEEP_SPEC: ScheduleSpec = { intervals: [{ every: '10 minutes' }] };

export type SweepScheduleChange = 'created' | 'updated';

/** What the schedule starts: the one place its action is built (common/workflowStarts/retentionSweep.ts). */
export function sweepAction(config: Config): SweepAction {
  const input: RetentionSweepInput = {
    sweeps: plannedSweeps(config),
    recordingRetentionMs: durationMs(config.RECORDING_RETENTION),
  };
  return sweepScheduleAction(config, input);
}

// A run that overlaps the previous one is skipped (the next one does its work); missed runs are not caught up.
const policies = { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '10 minutes' } as const;

const noteFor = (config: Config): string =>
  `RECORDING_RETENTION=${config.RECORDING_RETENTION}, WEBHOOK_EVENT_RETENTION=${config.WEBHOOK_EVENT_RETENTION}, IDEMPOTENCY_KEY_TTL=${config.IDEMPOTENCY_KEY_TTL}, EXPORT_RETENTION=${config.EXPORT_RETENTION}, set by the worker when it started`;

/** Makes the sweep schedule match `config` (see above); says what it did. */
export async function syncSweepSchedule(client: Client, config: Config): Promise<SweepScheduleChange> {
  // The daily schedule of earlier releases (recording retention alone): its work is part of this one now.
  await client.schedule
    .getHandle(LEGACY_RETENTION_SCHEDULE_ID)
    .delete()
    .catch((err: unknown) => {
      if (!(err instanceof ScheduleNotFoundError)) throw err;
    });
  const action = sweepAction(config);
  try {
    await client.schedule.create<typeof retentionSweep>({
      scheduleId: SWEEP_SCHEDULE_ID,
      spec: SWEEP_SPEC,
      action,
      policies,
      state: { note: noteFor(config) },
    });
    return 'created';
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
  await client.schedule.getHandle(SWEEP_SCHEDULE_ID).update<typeof retentionSweep>((previous) => ({
    spec: SWEEP_SPEC,
    action,
    policies,
    state: previous.state.paused
      ? { paused: true, note: previous.state.note }
      : { paused: false, note: noteFor(config) },
  }));
  return 'updated';
}

/** At worker start: a failure is logged, not fatal (recordings must still be processed); the next start tries again. */
export async function keepSweepSchedule(client: Client, config: Config, logger: Logger): Promise<void> {
  try {
    const change = await syncSweepSchedule(client, config);
    logger.info({ scheduleId: SWEEP_SCHEDULE_ID, change }, 'retention sweep schedule checked');
  } catch (err) {
    logger.error({ err, scheduleId: SWEEP_SCHEDULE_ID }, 'retention sweep schedule could not be updated');
  }
}
