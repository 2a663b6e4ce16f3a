import { withoutWords, type RecordingAnalysis } from '../common/recordingAnalysis';
import type {
  RecordingCompletedData,
  RecordingEventUser,
  RecordingFailedData,
  WebhookEvent,
} from '../common/webhookEvents';
import { ERASED_NAME, erasedIdentifier, getErasureState } from '../db/queries/userErasure';
import { getWebhookEventBody, insertWebhookEvent, rememberWebhookEvent } from '../db/queries/webhookEvents';
import { getUser } from '../db/queries/users';
import type { ActivityDeps } from './deps';
import { FailureTypes, permanent } from './failures';
import { requireRecording } from './requireRecording';
import type { RecordingRow } from '../db/queries/recordings';
import { eventUser } from './resolveRecordingUser';

// Claim check for webhook events: the workflow fixes the event's id, type and time; this activity reads
// the person's name, identifier and the analysis from MySQL, writes the body once into webhook_events,
// and the delivery workflows send that row (by id). The body never enters a workflow history, and an
// erasure that deletes the row stops every delivery of it still pending. An event about a person whose
// erasure was requested (their recordings cancelled by it) names them as the tombstone will, without
// the words of the call (no snippets, no evidence quotes): the company still hears that the recording ended, and nothing personal is written.

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
  async function userOf(
    companyId: string,
    userId: string | null,
    userUniqueIdentifier: string,
  ): Promise<RecordingEventUser | null> {
    if (!userId) return null;
    const user = await getUser(db, companyId, userId);
    return user ? eventUser(user, userUniqueIdentifier) : null;
  }

  function build(
    input: RecordingEventToKeep,
    recording: RecordingRow,
    user: RecordingEventUser | null,
    result: RecordingAnalysis | null,
    withMetadata = true,
  ): WebhookEvent {
    // The caller's references, only when given (receivers that never sent them see the events as before).
    const references = {
      ...(recording.externalId !== null ? { externalId: recording.externalId } : {}),
      ...(withMetadata && recording.metadata !== null ? { metadata: recording.metadata } : {}),
      priority: recording.priority,
      redactPii: recording.redactPii,
    };
    if (input.type === 'recording.processing.completed') {
      if (!user) throw permanent(FailureTypes.InvalidState, 'The completed recording has no user');
      if (!result) throw permanent(FailureTypes.InvalidState, 'The completed recording has no result');
      const data: RecordingCompletedData = {
        recordingId: recording.id,
        status: 'completed',
        user,
        sessionId: recording.sessionId,
        result,
        ...references,
      };
      return { id: input.eventId, type: input.type, createdAt: input.createdAt, data };
    }
    const data: RecordingFailedData = {
      recordingId: recording.id,
      status: 'failed',
      user,
      reason: input.reason ?? recording.failureReason ?? 'unknown error',
      ...references,
    };
    return { id: input.eventId, type: input.type, createdAt: input.createdAt, data };
  }

  return {
    /**
     * Writes the recording's event (as the receivers get it) into webhook_events; true once it is kept
     * (idempotent by event id). Written with the person's data unless their erasure was requested.
     */
    async keepRecordingEvent(input: RecordingEventToKeep): Promise<boolean> {
      const recording = await requireRecording(db, input.recordingId);
      const result = recording.result as RecordingAnalysis | null;
      const user = await userOf(recording.companyId, recording.userId, recording.userUniqueIdentifier);
      // The insert refuses an event about a person being erased (one statement with the check).
      await rememberWebhookEvent(db, input.companyId, build(input, recording, user, result));
      if (await getWebhookEventBody(db, input.companyId, input.eventId)) return true;
      const state = recording.userId ? await getErasureState(db, recording.companyId, recording.userId) : undefined;
      if (!state?.erasureRequestedAt || !recording.userId) return false;
      const tombstone: RecordingEventUser = {
        id: recording.userId,
        name: ERASED_NAME,
        userUniqueIdentifier: erasedIdentifier(recording.userId),
      };
      // Without the metadata either: it may name the person.
      await insertWebhookEvent(
        db,
        input.companyId,
        build(input, recording, tombstone, result && withoutWords(result), false),
      );
      return true;
    },
  };
}
