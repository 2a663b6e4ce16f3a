import { acceptRecording } from '../../commands/recordings';
import { validateRecordingSubmission } from '../../commands/recordingSubmission';
import { defineOperation, type Operation } from '../../operation';
import { RecordingAccepted, RecordingSubmission, RecordingSubmissionHeaders } from '../../schemas/recordings';

export const recordingSubmissionOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'submitRecording',
      method: 'post',
      path: '/api/recording',
      summary: 'Submit a recording (or its transcript) for transcription and analysis',
      description:
        'Answers 200 once processing is durably queued; processing runs asynchronously and ends with a `recording.processing.completed` ' +
        'or `recording.processing.failed` webhook. Send an `Idempotency-Key` header (up to 255 printable ASCII characters) to make retries ' +
        'safe: the same key from the same company returns the same recordingId and starts nothing new. 503 means nothing was kept: retry. ' +
        'Extension: send `transcript` (WebVTT or segments) instead of `recordingPresignedUrl` to analyse a call you already transcribed.',
      tags: ['Recordings'],
      auth: 'apiKey',
      scope: 'recordings:write',
      body: RecordingSubmission,
      headers: RecordingSubmissionHeaders,
      response: RecordingAccepted,
      errors: [404, 409, 503],
    },
    async ({ body, headers, company, deps, ctx }) => {
      const { transcript } = validateRecordingSubmission(body);
      const recordingId = await acceptRecording(deps, company.id, body, headers['Idempotency-Key'] ?? null, transcript);
      ctx.set('Location', `/api/recording/${recordingId}`);
      return { status: 'accepted' as const, recordingId };
    },
  ),
];
