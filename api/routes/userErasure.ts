import { erasureStatus, requestErasure } from '../commands/userErasure';
import { resolveCompanyScope } from '../commands/companyScope';
import { defineOperation, type Operation } from '../operation';
import { UserIdParams } from '../schemas/users';
import { UserErasure } from '../schemas/userErasure';
import { UserGetQuery } from '../schemas/users';

const followAt = (userId: string, childCompanyId: string | undefined): string =>
  `/api/user/${userId}/erase${childCompanyId === undefined ? '' : `?childCompanyId=${childCompanyId}`}`;

export const userErasureOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'eraseUser',
      method: 'post',
      idempotent: 'lease',
      path: '/api/user/{userId}/erase',
      summary: 'Erase a person',
      description:
        'Starts the erasure of a user: recordings still in progress are cancelled; their stored media, transcripts and session snippets are deleted; name, email and external identifier are replaced by a tombstone and the user is disabled. Session scores, measures and counts stay. ' +
        'Answers 202 with the erasure (follow it at the Location, GET /api/user/{userId}/erase); the end is announced with a `user.erased` webhook event. ' +
        'Idempotent: asking again while it runs or after it finished answers the same and starts nothing. From the request on, the user cannot be updated, invited or given recordings (409 `user_erased`). ' +
        'childCompanyId erases a user of a direct child company (otherwise 403).',
      tags: ['Users'],
      auth: 'apiKey',
      scope: 'users:write',
      params: UserIdParams,
      query: UserGetQuery,
      response: UserErasure,
      successStatus: 202,
      errors: [403, 404, 409, 503],
    },
    async ({ params, query, company, deps, ctx }) => {
      const scope = await resolveCompanyScope(deps.db, company, query.childCompanyId);
      const erasure = await requestErasure(deps, scope, params.userId);
      ctx.set('Location', followAt(params.userId, query.childCompanyId));
      return erasure;
    },
  ),
  defineOperation(
    {
      operationId: 'getUserErasure',
      method: 'get',
      path: '/api/user/{userId}/erase',
      summary: "Where a person's erasure stands",
      description:
        '`status` is `none` (never requested), `erasing` (the workflow runs) or `erased` (done, with `completedAt`). childCompanyId reads a user of a direct child company (otherwise 403).',
      tags: ['Users'],
      auth: 'apiKey',
      scope: 'users:read',
      params: UserIdParams,
      query: UserGetQuery,
      response: UserErasure,
      errors: [403, 404, 409],
    },
    async ({ params, query, company, deps }) => {
      const scope = await resolveCompanyScope(deps.db, company, query.childCompanyId);
      return erasureStatus(deps.db, scope.id, params.userId);
    },
  ),
];
