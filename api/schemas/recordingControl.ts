import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Page, PageQueryFields, Uuid } from './common';
import { RecordingStatusSchema, RecordingView } from './recordings';

// GET /api/recording (the list), POST /api/recording/{id}/cancel and /retry.

export const RecordingListQuery = Type.Object(
  {
    ...PageQueryFields,
    status: Type.Optional({ ...RecordingStatusSchema, description: 'Only recordings in this status.' }),
    userId: Type.Optional({ ...Uuid, description: 'Only recordings of this user.' }),
    roleplayId: Type.Optional({ ...Uuid, description: 'Only recordings submitted for this roleplay.' }),
    createdAfter: Type.Optional({ ...DateTime, description: 'Only recordings created at or after this instant.' }),
    createdBefore: Type.Optional({ ...DateTime, description: 'Only recordings created before this instant.' }),
  },
  { additionalProperties: false },
);
export type RecordingListQuery = Static<typeof RecordingListQuery>;

/** A list item is what GET /api/recording/{id} answers, without the analysis. */
export const RecordingListItem = Type.Omit(RecordingView, ['result'], { additionalProperties: false });
export type RecordingListItem = Static<typeof RecordingListItem>;

export const RecordingList = Page(RecordingListItem);
export type RecordingList = Static<typeof RecordingList>;
