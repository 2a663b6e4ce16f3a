import { withUnsupportedNotPassed, type RecordingAnalysis } from '../common/recordingAnalysis';
import { completeRecording, findSessionIdForRecording, getRecordingForUpdate } from '../db/queries/recordings';
import { getPendingAnalysis } from '../db/queries/pendingAnalyses';
import { insertSession } from '../db/queries/sessions';
import type { RecordingEnd } from '../db/queries/recordingEnds';
import type { ActivityDeps } from './deps';
import { countRecordingEnd } from './recordingEndMetrics';
import { FailureTypes, permanent } from './failures';

export interface PersistedResult {
  sessionId: string | null;
}

/**
 * Step 5: in one transaction, the result and status on the recording and (with a roleplayId) the
 * roleplay session. The recording row is locked first and roleplay_sessions.recording_id is unique,
 * so a retried or duplicated attempt finds the work done and creates no second session.
 */
export function createPersistRecordingResultActivities({ db, metrics }: ActivityDeps) {
  return {
    async persistRecordingResult(recordingId: string, passed?: RecordingAnalysis): Promise<PersistedResult> {
      let ended: RecordingEnd | null = null;
      const persisted = await db.transaction(async (trx): Promise<PersistedResult> => {
        const recording = await getRecordingForUpdate(trx, recordingId);
        if (!recording) throw permanent(FailureTypes.RecordingNotFound, `Recording ${recordingId} does not exist`);
        if (recording.status === 'completed') return { sessionId: recording.sessionId };
        if (recording.status === 'failed')
          throw permanent(FailureTypes.InvalidState, 'The recording was already marked failed');
        // Runs from before the claim check pass the analysis; later ones find it where analyzeAndKeepRecording put it.
        const made = passed ?? (await getPendingAnalysis(trx, recordingId));
        if (!made) throw permanent(FailureTypes.InvalidState, 'The recording has no analysis to save');
        // An analysis a worker of the previous release made may still report an unsupported verdict as passed.
        const result = withUnsupportedNotPassed(made);
        let sessionId: string | null = null;
        // What ffprobe found decides; recordings from before the media step go by the file's content type.
        const hasVideo = recording.mediaHasVideo ?? recording.contentType?.startsWith('video/') === true;
        if (recording.roleplayId) {
          if (!recording.userId) throw permanent(FailureTypes.InvalidState, 'The recording has no user');
          sessionId =
            (await findSessionIdForRecording(trx, recording.id)) ??
            (await insertSession(trx, {
              companyId: recording.companyId,
              roleplayId: recording.roleplayId,
              userId: recording.userId,
              score: result.score,
              didPass: result.didPass,
              lengthMs: result.length,
              wpm: result.wpm,
              nameCount: result.nameCount,
              numQuestions: result.numQuestions,
              numFillerWords: result.numFillerWords,
              snippets: result.snippets,
              criteriaResponses: result.criteriaResponses,
              metricResponses: result.metricResponses,
              // Stored files play back from storage; an unstored recording only from the caller's own URL.
              audioStorageKey: recording.storageKey && !hasVideo ? recording.storageKey : null,
              videoStorageKey: recording.storageKey && hasVideo ? recording.storageKey : null,
              audioExternalUrl: recording.storageKey ? null : recording.sourceUrl,
              recordingId: recording.id,
            }));
        }
        await completeRecording(trx, recording.id, { result, sessionId });
        // A submission has a recording URL or a transcript: no URL is a transcript.
        ended = { acceptedAt: recording.createdAt, transcriptSubmitted: recording.sourceUrl === null };
        return { sessionId };
      });
      // Counted once the end is committed, by the attempt that made it.
      if (ended) countRecordingEnd(metrics, ended, { status: 'completed' });
      return persisted;
    },
  };
}
