import { nowOn } from '../../common/clock';
import { signMediaLink } from '../../common/mediaLinks';
import { durationMs, type Config } from '../../common/config';
import { recordingStorageFor } from '../../common/storage/configuredStorage';
import { getSessionResult, listSessions, type SessionResultRow } from '../../db/queries/sessions';
import { notFound } from '../errors';
import { defineOperation, type Operation } from '../operation';
import { IdParams, pagination } from '../schemas/common';
import { SessionListQuery, SessionPage, SessionResult } from '../schemas/sessions';

const fullName = (first: string, last: string | null): string => [first, last].filter(Boolean).join(' ');

/** A bucket's own presigned GET when the backend has one (the API stays out of the download), else our signed /media link. */
async function mediaLink(config: Config, key: string, now: Date): Promise<string> {
  const storage = recordingStorageFor(config);
  return storage.playbackUrl
    ? storage.playbackUrl(key, durationMs(config.MEDIA_URL_TTL))
    : signMediaLink(config, key, now.getTime());
}

/** Spec 2.5: optional parts appear only when there is something to show. */
export async function toResult(row: SessionResultRow, config: Config, now: Date): Promise<SessionResult> {
  const result: SessionResult = {
    id: row.id,
    activityType: 'premade-roleplay',
    activityId: row.roleplayId,
    didPass: row.didPass,
    length: row.lengthMs,
    wpm: row.wpm,
    score: row.score,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: { id: row.user.id, firstName: row.user.firstName, lastName: row.user.lastName ?? '' },
    premadeRoleplay: { title: row.roleplayTitle, passingScore: row.roleplayPassingScore },
    snippets: row.snippets,
    criteriaResponses: row.criteriaResponses,
    metricResponses: row.metricResponses,
  };
  if (row.nameCount !== null) result.nameCount = row.nameCount;
  if (row.numQuestions !== null) result.numQuestions = row.numQuestions;
  if (row.numFillerWords !== null) result.numFillerWords = row.numFillerWords;
  if (row.customerPersona.imageUrl) result.customerPersona = { imageUrl: row.customerPersona.imageUrl };
  // A stored file is served through a short-lived signed link; a caller's own permanent URL is passed on as is.
  if (row.audioStorageKey) result.audioUrl = await mediaLink(config, row.audioStorageKey, now);
  else if (row.audioExternalUrl) result.audioUrl = row.audioExternalUrl;
  if (row.videoStorageKey) result.videoUrl = await mediaLink(config, row.videoStorageKey, now);
  // Retention deleted the media: the links are withdrawn (null says "there was one, it is gone").
  if (row.mediaDeletedAt) {
    result.audioUrl = null;
    result.videoUrl = null;
  }
  return result;
}

// Registered before the roleplay operations: /api/roleplay/session must not reach /api/roleplay/{id}.
export const sessionOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'listRoleplaySessions',
      method: 'get',
      path: '/api/roleplay/session',
      summary: 'List roleplay sessions',
      description:
        'Newest first (ties broken by id), optionally only one user’s or one roleplay’s. pagination.total counts the filtered sessions.',
      tags: ['Sessions'],
      auth: 'apiKey',
      scope: 'sessions:read',
      query: SessionListQuery,
      response: SessionPage,
    },
    async ({ query, company, deps }) => {
      const { rows, total } = await listSessions(deps.db, company.id, query);
      const data = rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        userName: fullName(r.userFirstName, r.userLastName),
        roleplayId: r.roleplayId,
        roleplayTitle: r.roleplayTitle,
        score: r.score,
        didPass: r.didPass,
        length: r.lengthMs,
        createdAt: r.createdAt.toISOString(),
      }));
      return { data, pagination: pagination(total, query.offset, query.limit, data.length) };
    },
  ),
  defineOperation(
    {
      operationId: 'getRoleplaySession',
      method: 'get',
      path: '/api/roleplay/session/{id}',
      summary: 'Get a roleplay session result',
      description:
        'audioUrl and videoUrl, when present, are links signed by this service that stop working after 15 minutes.',
      tags: ['Sessions'],
      auth: 'apiKey',
      scope: 'sessions:read',
      params: IdParams,
      response: SessionResult,
      errors: [404],
    },
    async ({ params, company, deps }) => {
      const row = await getSessionResult(deps.db, company.id, params.id);
      if (!row) throw notFound('Roleplay session');
      return toResult(row, deps.config, nowOn(deps));
    },
  ),
];
