import type { Transcript } from '../../../common/transcript';
import { getRecordingTranscript } from '../../../db/queries/recordingTranscript';
import { conflict, gone, notFound } from '../../errors';
import { defineOperation, type Operation } from '../../operation';
import { IdParams } from '../../schemas/common';
import { TranscriptView } from '../../schemas/transcripts';
import { toTranscriptView, toWebVtt } from '../../../common/views/transcripts';

export const recordingTranscriptOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'getRecordingTranscript',
      method: 'get',
      path: '/api/recording/{id}/transcript',
      summary: 'The time-coded transcript of a recording',
      description:
        'Extension: the transcript the service keeps, as utterances with times in milliseconds, the speaker (rep, customer or ' +
        'unknown) and their label, and whether the times were measured or placed. Send `Accept: text/vtt` for WebVTT with the ' +
        'speakers as voices (`<v Dana Reyes>`). 409 `transcript_not_ready` until transcription finished (a submitted transcript ' +
        'is there at once); 410 `transcript_expired` once retention (RECORDING_RETENTION) deleted it, 410 `transcript_erased` ' +
        "once the person's erasure was requested.",
      tags: ['Recordings'],
      auth: 'apiKey',
      scope: 'recordings:read',
      params: IdParams,
      response: TranscriptView,
      renderings: {
        'text/vtt': {
          description: 'WebVTT: one cue per utterance, the speaker as its voice.',
          render: toWebVtt,
        },
      },
      errors: [404, 409, 410],
    },
    async ({ params, company, deps }) => {
      const row = await getRecordingTranscript(deps.db, company.id, params.id);
      if (!row) throw notFound('Recording');
      if (row.erased)
        throw gone('transcript_erased', "The transcript was deleted with the erasure of the recording's person.");
      if (row.mediaDeletedAt)
        throw gone(
          'transcript_expired',
          `The transcript was deleted by retention on ${row.mediaDeletedAt.toISOString()} (RECORDING_RETENTION).`,
        );
      if (row.transcript === null)
        throw conflict(
          'transcript_not_ready',
          row.status === 'failed'
            ? 'This recording failed before it was transcribed: it has no transcript.'
            : `This recording is ${row.status}: its transcript is not made yet. Try again once it is completed.`,
        );
      return toTranscriptView(row.id, row.transcript as Transcript);
    },
  ),
];
