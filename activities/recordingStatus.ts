import type { RecordingStatus } from '../db/queries/recordings';
import { failRecording, setRecordingStatus } from '../db/queries/recordings';
import type { ActivityDeps } from './deps';

/** Status changes of a recording as the workflow moves through its steps. */
export function createRecordingStatusActivities({ db }: ActivityDeps) {
  return {
    /** Moves a recording to a processing step; finished recordings stay finished. */
    async setRecordingStatus(
      recordingId: string,
      status: Exclude<RecordingStatus, 'completed' | 'failed'>,
    ): Promise<void> {
      await setRecordingStatus(db, recordingId, status);
    },
    /** Marks the recording failed with a reason the caller can read (GET /api/recording/{id}, the webhook). */
    async markRecordingFailed(recordingId: string, reason: string): Promise<void> {
      await failRecording(db, recordingId, reason);
    },
  };
}
