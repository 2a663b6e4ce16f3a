import { cancelRecording, retryRecording } from '../../commands/recordingControl';
import { defineOperation, type Operation } from '../../operation';
import { IdParams } from '../../schemas/common';
import { RecordingView } from '../../schemas/recordings';
import { toRecordingView } from '../../../common/views/recordings';

export const recordingControlOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'cancelRecording',
      method: 'post',
      idempotent: 'lease',
      path: '/api/recording/{id}/cancel',
      summary: 'Cancel a recording in progress',
      description:
        'Cancels the recording\'s processing workflow. The recording ends `failed` with "Processing was cancelled" and the ' +
        '`recording.processing.failed` webhook is sent. Answers the recording once the cancellation is recorded (or after ' +
        'RECORDING_CANCEL_WAIT, 10 s by default, with the status it has then). 409 `recording_finished` once completed or failed.',
      tags: ['Recordings'],
      auth: 'apiKey',
      scope: 'recordings:write',
      params: IdParams,
      response: RecordingView,
      errors: [404, 409, 503],
    },
    async ({ params, company, deps }) => toRecordingView(await cancelRecording(deps, company.id, params.id)),
  ),
  defineOperation(
    {
      operationId: 'retryRecording',
      method: 'post',
      idempotent: 'lease',
      path: '/api/recording/{id}/retry',
      summary: 'Run a failed recording again',
      description:
        "Starts a new run of the recording's workflow under the same recording id; the recording is `accepted` again and ends " +
        'with a new completed or failed webhook. What earlier runs kept is reused: the stored file and, when transcription ' +
        'had succeeded, the transcript (speech-to-text is not paid twice). 409 `recording_not_failed` unless failed; 409 ' +
        '`recording_busy` while the previous run is still sending its webhooks; 409 `recording_media_deleted` once retention deleted its media.',
      tags: ['Recordings'],
      auth: 'apiKey',
      scope: 'recordings:write',
      params: IdParams,
      response: RecordingView,
      errors: [404, 409, 503],
    },
    async ({ params, company, deps }) => toRecordingView(await retryRecording(deps, company, params.id)),
  ),
];
