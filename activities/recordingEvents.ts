import type { RecordingAnalysis } from '../common/recordingAnalysis';
import type { RecordingCompletedData, RecordingEventUser, RecordingFailedData, WebhookEvent } from '../common/webhookEvents';
import { getWebhookEventBody, rememberWebhookEvent } from '../db/queries/webhookEvents';
import { getUser } from '../db/queries/users';
import type { ActivityDeps } from './deps';
import { FailureTypes, permanent } from './failures';
import { requireRecording } from './requireRecording';
import { eventUser } from './resolveRecordingUser';

// Claim check for webhook events: the workflow fixes the event's id, type and time; this activity reads
// the person's name, identifier and the analysis from MySQL, writes the body once into webhook_events,
// and the delivery workflows send that row (by id). The body never enters a workflow history, and an
// erasure that deletes the row stops every delivery of it still pending.

export interface RecordingEventToKeep {
  companyId: string;
  recordingId: string;
  eventId: string;
  type: 'recording.processing.completed' | 'recording.processing.failed';
  /** ISO 8601, workflow time. */
  createdAt: string;
  /** Failed events: why (already in the history as the argument of markRecordingFailed). */
  reason?: string;
}

export function createRecordingEventActivities({ db }: ActivityDeps) {
  async function userOf(companyId: string, userId: string | null, userUniqueIdentifier: string): Promise<RecordingEventUser | null> {
    if (!userId) return null;
    const user = await getUser(db, companyId, userId);
    return user ? eventUser(user, userUniqueIdentifier) : null;
  }

  return {
    /**
     * Writes the recording's event (as the receivers get it) into webhook_events; false when it was not
     * kept because the person's erasure was requested (then nobody is told). Idempotent by event id.
     */
    async keepRecordingEvent(input: RecordingEventToKeep): Promise<boolean> {
      const recording = await requireRecording(db, input.recordingId);
      const user = await userOf(recording.companyId, recording.userId, recording.userUniqueIdentifier);
      let event: WebhookEvent<RecordingCompletedData> | WebhookEvent<RecordingFailedData>;
      if (input.type === 'recording.processing.completed') {
        if (!user) throw permanent(FailureTypes.InvalidState, 'The completed recording has no user');
        const result = recording.result as RecordingAnalysis | null;
        if (!result) throw permanent(FailureTypes.InvalidState, 'The completed recording has no result');
        const data: RecordingCompletedData = { recordingId: recording.id, status: 'completed', user, sessionId: recording.sessionId, result };
        event = { id: input.eventId, type: input.type, createdAt: input.createdAt, data };
      } else {
        const data: RecordingFailedData = { recordingId: recording.id, status: 'failed', user, reason: input.reason ?? recording.failureReason ?? 'unknown error' };
        event = { id: input.eventId, type: input.type, createdAt: input.createdAt, data };
      }
      await rememberWebhookEvent(db, input.companyId, event);
      return (await getWebhookEventBody(db, input.companyId, input.eventId)) !== undefined;
    },
  };
}
