import {
  ScheduleAlreadyRunning,
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleSpec,
} from '@temporalio/client';
import type { Logger } from 'pino';
import { durationMs, type Config } from '../common/config';
import { RETENTION_SCHEDULE_ID } from '../common/temporal';
import { retentionScheduleAction } from '../common/workflowStarts/retention';
import type { recordingRetention } from '../workflows/recordingRetention';

// The worker owns RECORDING_RETENTION, so each worker that starts makes the `recording-retention`
// schedule match its configuration: created when missing, otherwise updated in place (same id, so
// restarts and replicas never add a second one), deleted when retention is off. Pausing it in the Web
// UI is respected: an update keeps a paused schedule paused, with the operator's note.

/** Daily at 03:00 UTC (intervals count from the Unix epoch): a quiet hour for most customers. */
export const RETENTION_SPEC: ScheduleSpec = { intervals: [{ every: '1 day', offset: '3 hours' }] };

export type RetentionScheduleChange = 'created' | 'updated' | 'deleted' | 'absent';

const policies = { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' } as const;

const noteFor = (config: Config): string =>
  `RECORDING_RETENTION=${config.RECORDING_RETENTION}, set by the worker when it started`;

/** Makes the retention schedule match `config` (see above); says what it did. */
export async function syncRetentionSchedule(client: Client, config: Config): Promise<RetentionScheduleChange> {
  const retentionMs = durationMs(config.RECORDING_RETENTION);
  const handle = client.schedule.getHandle(RETENTION_SCHEDULE_ID);
  if (retentionMs <= 0) {
    // Keep forever: no schedule at all, so nothing (not even an un-paused leftover) can delete media.
    try {
      await handle.delete();
      return 'deleted';
    } catch (err) {
      if (err instanceof ScheduleNotFoundError) return 'absent';
      throw err;
    }
  }
  const action = retentionScheduleAction(config, retentionMs);
  try {
    await client.schedule.create<typeof recordingRetention>({
      scheduleId: RETENTION_SCHEDULE_ID,
      spec: RETENTION_SPEC,
      action,
      policies,
      state: { note: noteFor(config) },
    });
    return 'created';
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
  await handle.update<typeof recordingRetention>((previous) => ({
    spec: RETENTION_SPEC,
    action,
    policies,
    state: previous.state.paused
      ? { paused: true, note: previous.state.note }
      : { paused: false, note: noteFor(config) },
  }));
  return 'updated';
}

/** At worker start: a failure is logged, not fatal (recordings must still be processed); the next start tries again. */
export async function keepRetentionSchedule(client: Client, config: Config, logger: Logger): Promise<void> {
  try {
    const change = await syncRetentionSchedule(client, config);
    logger.info(
      { scheduleId: RETENTION_SCHEDULE_ID, retention: config.RECORDING_RETENTION, change },
      'retention schedule checked',
    );
  } catch (err) {
    logger.error({ err, scheduleId: RETENTION_SCHEDULE_ID }, 'retention schedule could not be updated');
  }
}
