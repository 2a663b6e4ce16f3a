import { randomUUID } from 'node:crypto';
import { acceptRecording } from '../../commands/recordings';
import { validateRecordingSubmission } from '../../commands/recordingSubmission';
import { defineOperation, type Operation } from '../../operation';
import { RecordingAccepted, RecordingSubmission } from '../../schemas/recordings';

export const recordingSubmissionOperations: Operation[] = [
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
      const { transcript } = await validateRecordingSubmission(body);
      const recordingId = await acceptRecording(deps, company, body, transcript, attemptId ?? randomUUID());
      return { status: 'accepted' as const, recordingId };
    },
  ),
];
