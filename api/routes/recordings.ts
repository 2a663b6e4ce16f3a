import { randomUUID } from 'node:crypto';
import { parseOutboundUrl, UnsupportedUrlError } from '../../common/outbound';
import { storedAnalysis } from '../../common/recordingAnalysis';
import { getRecording, type RecordingRow } from '../../db/queries/recordings';
import { badRequest, notFound, type ErrorDetail } from '../errors';
import { defineOperation, type Operation } from '../operation';
import { acceptRecording } from '../commands/recordings';
import { toSubmittedTranscript } from '../commands/transcriptSubmission';
import { IdParams } from '../schemas/common';
import { RecordingAccepted, RecordingSubmission, RecordingView } from '../schemas/recordings';

/** A recording as GET /api/recording/{id} shows it, without the analysis (the list's item). */
export function toRecordingSummary(row: RecordingRow): Omit<RecordingView, 'result'> {
  return {
    id: row.id,
    status: row.status,
    failureReason: row.failureReason,
    userId: row.userId,
    sessionId: row.sessionId,
    roleplayId: row.roleplayId,
    storeRecording: row.storeRecording,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    mediaDeletedAt: row.mediaDeletedAt ? row.mediaDeletedAt.toISOString() : null,
  };
}

export function toRecordingView(row: RecordingRow): RecordingView {
  return { ...toRecordingSummary(row), result: row.status === 'completed' ? storedAnalysis(row.result) : null };
}

/** Audio or a transcript, exactly one, and the options that go with each. */
function checkSource(body: RecordingSubmission): void {
  const problem = (field: string, message: string): ErrorDetail => ({ in: 'body', field, message });
  const problems: ErrorDetail[] = [];
  const hasUrl = body.recordingPresignedUrl !== undefined;
  const hasTranscript = body.transcript !== undefined;
  if (hasUrl === hasTranscript) {
    problems.push(problem(hasUrl ? 'transcript' : 'recordingPresignedUrl', 'exactly one of recordingPresignedUrl and transcript is required'));
  } else if (hasTranscript) {
    if (body.storeRecording) problems.push(problem('storeRecording', 'storeRecording must be false with a transcript (there is no file to store)'));
    if (body.repChannel !== undefined) problems.push(problem('repChannel', 'repChannel applies to audio; name the rep of a transcript with repSpeaker'));
  } else if (body.repSpeaker !== undefined) {
    problems.push(problem('repSpeaker', 'repSpeaker applies to a transcript; name the rep of a stereo recording with repChannel'));
  }
  if (problems.length > 0) throw badRequest('validation_failed', problems.map((p) => p.message).join('; ') + '.', problems);
}

export const recordingOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'submitRecording',
      method: 'post',
      // Lease: it starts a workflow. The recording is named after the request (attemptId), so a retry
      // that takes over from a crashed first run finds that run's recording instead of adding another.
      idempotent: 'lease',
      path: '/api/recording',
      summary: 'Submit a recording (or its transcript) for transcription and analysis',
      description:
        'Answers 200 once processing is durably queued; processing runs asynchronously and ends with a `recording.processing.completed` ' +
        'or `recording.processing.failed` webhook. Send an `Idempotency-Key` header to make retries safe (the same answer again, nothing started twice). ' +
        '503 means nothing was kept: retry. ' +
        'Extension: send `transcript` (WebVTT or segments) instead of `recordingPresignedUrl` to analyse a call you already transcribed.',
      tags: ['Recordings'],
      auth: 'apiKey',
      scope: 'recordings:write',
      body: RecordingSubmission,
      response: RecordingAccepted,
      location: (accepted) => `/api/recording/${accepted.recordingId}`,
      errors: [404, 409, 503],
    },
    async ({ body, company, attemptId, deps }) => {
      checkSource(body);
      if (body.recordingPresignedUrl !== undefined) {
        try {
          parseOutboundUrl(body.recordingPresignedUrl);
        } catch (err) {
          if (!(err instanceof UnsupportedUrlError)) throw err;
          throw badRequest('validation_failed', `recordingPresignedUrl cannot be fetched: ${err.message}.`, [
            { in: 'body', field: 'recordingPresignedUrl', message: `recordingPresignedUrl: ${err.message}` },
          ]);
        }
      }
      const transcript = body.transcript !== undefined ? toSubmittedTranscript(body.transcript, body.repSpeaker) : null;
      const recordingId = await acceptRecording(deps, company.id, body, transcript, attemptId ?? randomUUID());
      return { status: 'accepted' as const, recordingId };
    },
  ),
  defineOperation(
    {
      operationId: 'getRecording',
      method: 'get',
      path: '/api/recording/{id}',
      summary: 'Processing status of a submitted recording',
      description: 'Status (accepted, fetching, transcribing, analyzing, completed, failed), the failure reason, and the analysis once completed.',
      tags: ['Recordings'],
      auth: 'apiKey',
      scope: 'recordings:read',
      params: IdParams,
      response: RecordingView,
      errors: [404],
    },
    async ({ params, company, deps }) => {
      const row = await getRecording(deps.db, company.id, params.id);
      if (!row) throw notFound('Recording');
      return toRecordingView(row);
    },
  ),
];
