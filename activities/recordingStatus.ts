import type { RecordingStatus } from '../db/queries/recordings';
import { failRecordingOnce } from '../db/queries/recordingEnds';
import { setRecordingStatus } from '../db/queries/recordings';
import type { ActivityDeps } from './deps';
import { countRecordingEnd } from './recordingEndMetrics';

/** Status changes of a recording as the workflow moves through its steps. */
export function createRecordingStatusActivities({ db, metrics }: ActivityDeps) {
  return {
    /** Moves a recording to a processing step; finished recordings stay finished. */
    async setRecordingStatus(
      recordingId: string,
      status: Exclude<RecordingStatus, 'completed' | 'failed'>,
    ): Promise<void> {
      await setRecordingStatus(db, recordingId, status);
    },
    /**
     * Marks the recording failed with a reason the caller can read (GET /api/recording/{id}, the webhook),
     * counted by `failureType` (absent in runs from before it was passed: counted as Unexpected).
     */
    async markRecordingFailed(recordingId: string, reason: string, failureType?: string): Promise<void> {
      const end = await failRecordingOnce(db, recordingId, reason);
      if (end) countRecordingEnd(metrics, end, { status: 'failed', failureType });
    },
  };
}
