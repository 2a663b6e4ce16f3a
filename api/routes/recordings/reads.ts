import { RECORDING_STATUSES } from '../../../common/recordingStatus';
import { listRecordings } from '../../../db/queries/recordingList';
import { getRecording } from '../../../db/queries/recordings';
import { notFound } from '../../errors';
import { defineOperation, type Operation } from '../../operation';
import { IdParams, pagination } from '../../schemas/common';
import { RecordingList, RecordingListQuery, RecordingView } from '../../schemas/recordings';
import { toRecordingSummary, toRecordingView } from '../../../common/views/recordings';

export const recordingReadOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'getRecording',
      method: 'get',
      path: '/api/recording/{id}',
      summary: 'Processing status of a submitted recording',
      description: `Status (${RECORDING_STATUSES.join(', ')}), the failure reason, and the analysis once completed.`,
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
  defineOperation(
    {
      operationId: 'listRecordings',
      method: 'get',
      path: '/api/recording',
      summary: 'List recordings',
      description:
        "The company's recordings, newest first, as GET /api/recording/{id} shows them but without the analysis (`result`). " +
        'Filters combine: `status`, `userId`, `roleplayId`, `externalId`, `userUniqueIdentifier`, `priority`, `createdAfter` (inclusive), `createdBefore` (exclusive).',
      tags: ['Recordings'],
      auth: 'apiKey',
      scope: 'recordings:read',
      query: RecordingListQuery,
      response: RecordingList,
    },
    async ({ query, company, deps }) => {
      const { offset, limit } = query;
      const page = await listRecordings(
        deps.db,
        company.id,
        {
          status: query.status,
          userId: query.userId,
          roleplayId: query.roleplayId,
          externalId: query.externalId,
          userUniqueIdentifier: query.userUniqueIdentifier,
          priority: query.priority,
          createdAfter: query.createdAfter ? new Date(query.createdAfter) : undefined,
          createdBefore: query.createdBefore ? new Date(query.createdBefore) : undefined,
        },
        { offset, limit },
      );
      const data = page.rows.map(toRecordingSummary);
      return { data, pagination: pagination(page.total, offset, limit, data.length) };
    },
  ),
];
