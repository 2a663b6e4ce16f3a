import { createTeam, listTeams } from '../../db/queries/teams';
import { toTeam } from '../../common/views/teams';
import { defineOperation, type Operation } from '../operation';
import { PageQuery, pagination } from '../schemas/common';
import { CreateTeamBody, Team, TeamList } from '../schemas/teams';

export const teamOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'listTeams',
      method: 'get',
      path: '/api/team',
      summary: "List the caller's teams",
      description: 'Team ids are what POST /api/user/invite takes as teamId. Newest first.',
      tags: ['Teams'],
      auth: 'apiKey',
      scope: 'users:read',
      query: PageQuery,
      response: TeamList,
    },
    async ({ query, company, deps }) => {
      const { rows, total } = await listTeams(deps.db, company.id, query);
      return { data: rows.map(toTeam), pagination: pagination(total, query.offset, query.limit, rows.length) };
    },
  ),
  defineOperation(
    {
      operationId: 'createTeam',
      method: 'post',
      idempotent: 'transaction',
      path: '/api/team',
      summary: 'Create a team',
      description: 'Creates a standard team. Team names need not be unique.',
      tags: ['Teams'],
      auth: 'apiKey',
      scope: 'users:write',
      body: CreateTeamBody,
      response: Team,
      successStatus: 201,
    },
    async ({ body, company, deps }) => toTeam(await createTeam(deps.db, company.id, body.name)),
  ),
];
