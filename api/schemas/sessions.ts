import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, PageQueryFields, Pagination, Uuid } from './common';
import { ScorecardResponse } from '../../common/recordingAnalysis';

// Spec 2.4 (list item), 2.5 (result), 4.10 and 4.11.

export const SessionListQuery = Type.Object(
  {
    ...PageQueryFields,
    userId: Type.Optional(Type.String({ format: 'uuid', description: 'Only sessions of this user.' })),
    roleplayId: Type.Optional(Type.String({ format: 'uuid', description: 'Only sessions of this roleplay.' })),
  },
  { additionalProperties: false },
);
export type SessionListQuery = Static<typeof SessionListQuery>;

export const SessionListItem = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    userName: Type.String({ description: 'First and last name of the user, separated by a space.' }),
    roleplayId: Uuid,
    roleplayTitle: Type.String(),
    score: Type.Number({ minimum: 0 }),
    didPass: Type.Boolean(),
    length: Type.Integer({ minimum: 0, description: 'Duration in milliseconds.' }),
    createdAt: DateTime,
  },
  { additionalProperties: false, description: 'Roleplay session list item (spec 2.4); every field is always present.' },
);
export type SessionListItem = Static<typeof SessionListItem>;

export const SessionPage = Type.Object(
  { data: Type.Array(SessionListItem, { description: 'Newest first, ties broken by id.' }), pagination: Pagination },
  { additionalProperties: false },
);
export type SessionPage = Static<typeof SessionPage>;

// A session's scorecard responses are the recording analysis's, evidence included (one schema).
const ScoredResponse = ScorecardResponse;

const MediaUrl = (kind: string) =>
  Type.Optional(
    Nullable(
      Type.String({
        format: 'uri',
        description: `Link to the ${kind} recording, valid for MEDIA_URL_TTL (15 minutes by default): signed by this service, or a presigned GET of the storage bucket when recordings are kept in S3-compatible storage (or the caller's own permanent URL when the file was not stored). Present only when a ${kind} recording exists.`,
      }),
    ),
  );

const Count = Type.Optional(Type.Integer({ minimum: 0 }));

export const SessionResult = Type.Object(
  {
    id: Uuid,
    activityType: Type.Literal('premade-roleplay'),
    activityId: Type.String({ format: 'uuid', description: 'The roleplay id.' }),
    didPass: Type.Boolean(),
    length: Type.Integer({ minimum: 0, description: 'Duration in milliseconds.' }),
    wpm: Type.Number({ minimum: 0 }),
    score: Type.Number({ minimum: 0 }),
    createdAt: DateTime,
    updatedAt: DateTime,
    user: Type.Object(
      {
        id: Uuid,
        firstName: Type.String(),
        lastName: Type.String({ description: 'Empty when the user has no last name.' }),
      },
      { additionalProperties: false },
    ),
    premadeRoleplay: Type.Object(
      { title: Type.String(), passingScore: Type.Number() },
      { additionalProperties: false },
    ),
    snippets: Type.Array(
      Type.Object({ isUser: Type.Boolean(), text: Type.String() }, { additionalProperties: false }),
      {
        description: 'In conversation order.',
      },
    ),
    nameCount: Count,
    numQuestions: Count,
    numFillerWords: Count,
    customerPersona: Type.Optional(
      Type.Object(
        { imageUrl: Type.String() },
        { additionalProperties: false, description: 'Present only when the persona has a picture.' },
      ),
    ),
    promptResponses: Type.Optional(
      Type.Literal('(deprecated)', {
        deprecated: true,
        description: 'Never sent; use criteriaResponses and metricResponses.',
      }),
    ),
    criteriaResponses: Type.Optional(Type.Array(ScoredResponse)),
    metricResponses: Type.Optional(Type.Array(ScoredResponse)),
    audioUrl: MediaUrl('audio'),
    videoUrl: MediaUrl('video'),
  },
  { additionalProperties: false, description: 'Roleplay session result (spec 2.5).' },
);
export type SessionResult = Static<typeof SessionResult>;
