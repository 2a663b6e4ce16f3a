// The statuses of a recording, declared once: the database column's values (db/queries/recordings.ts),
// the API's `status` (api/schemas/recordings.ts), the list filter, the workflow's steps and the
// RecordingStatus search attribute all take them from here.

export const RECORDING_STATUSES = ['accepted', 'fetching', 'transcribing', 'analyzing', 'completed', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/** The statuses a recording ends in. */
export const FINISHED_STATUSES = ['completed', 'failed'] as const satisfies readonly RecordingStatus[];
export type FinishedStatus = (typeof FINISHED_STATUSES)[number];

/** Accepted but not finished: its workflow may still act on it. */
export const IN_PROGRESS_STATUSES = RECORDING_STATUSES.filter(
  (s): s is Exclude<RecordingStatus, FinishedStatus> => !isFinished(s),
);

/** The steps the workflow moves a recording through between accepted and its end. */
export type ProcessingStatus = Exclude<RecordingStatus, 'accepted' | FinishedStatus>;

export function isFinished(status: RecordingStatus): status is FinishedStatus {
  return (FINISHED_STATUSES as readonly RecordingStatus[]).includes(status);
}
