import { nowOn } from '../../common/clock';
import { getSessionResult, listSessions } from '../../db/queries/sessions';
import { toResult } from '../../common/views/sessions';
import { notFound } from '../errors';
import { defineOperation, type Operation } from '../operation';
import { IdParams, pagination } from '../schemas/common';
import { SessionListQuery, SessionPage, SessionResult } from '../schemas/sessions';

const fullName = (first: string, last: string | null): string => [first, last].filter(Boolean).join(' ');

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
