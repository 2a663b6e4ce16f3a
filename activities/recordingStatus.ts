import { failRecordingOnce } from '../db/queries/recordingEnds';
import type { ActivityDeps } from './deps';
import { countRecordingEnd } from './recordingEndMetrics';

/** A recording's failed end (each long step sets its own status as its first write: patch `folded-steps`). */
export function createRecordingStatusActivities({ db, metrics }: ActivityDeps) {
  return {
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
