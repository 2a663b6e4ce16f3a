import { nowOn } from '../../common/clock';
import { invitationUrl } from '../../common/invitationLinks';
import { recordRole, type UserStatus } from '../../common/roles';
import { getUser, listUsers } from '../../db/queries/users';
import { listUserRecords, type UserRecordRow } from '../../db/queries/userRecords';
import { resolveCompanyScope } from '../commands/companyScope';
import { updateUserRecord } from '../commands/users';
import { badRequest, notFound } from '../errors';
import { defineOperation, type Operation } from '../operation';
import { toRead } from '../../common/views/users';
import { pagination } from '../schemas/common';
import {
  UserGetQuery,
  UserIdParams,
  UserListQuery,
  UserListResponse,
  UserRead,
  UserRecord,
  UserUpdateBody,
} from '../schemas/users';

type RecordSource = Pick<
  UserRecordRow,
  'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'externalId' | 'createdAt'
>;

function userRecord(row: RecordSource & { status: UserStatus }): UserRecord {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: recordRole(row.role, row.status),
    status: row.status,
    externalId: row.externalId,
    createdAt: row.createdAt.toISOString(),
    invitationUrl: null,
  };
}

/** An outstanding invitation as an invited record; its role reads as the (active) role acceptance will grant. */
function invitedRecord(row: RecordSource & { token: string }, publicUrl: string): UserRecord {
  return {
    ...userRecord({ ...row, status: 'active' }),
    status: 'invited',
    invitationUrl: invitationUrl(publicUrl, row.token),
  };
}

function listedRecord(row: UserRecordRow, publicUrl: string): UserRecord {
  if (row.status === 'invited' && row.token !== null) return invitedRecord({ ...row, token: row.token }, publicUrl);
  if (row.status === 'invited') throw new Error(`invitation ${row.id} has no token`);
  return userRecord({ ...row, status: row.status });
}

export const userOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'listUsers',
      method: 'get',
      path: '/api/user',
      summary: 'List users',
      description:
        "Without child_company_id: the caller's users in the read shape, with pagination. With child_company_id (a direct child of the caller, otherwise 403): " +
        '`{users}` in the update-record shape, including outstanding invitations as `invited` records; offset and limit apply to it too. Newest first.',
      tags: ['Users'],
      auth: 'apiKey',
      scope: 'users:read',
      query: UserListQuery,
      response: UserListResponse,
      errors: [403, 409],
    },
    async ({ query, company, deps }) => {
      const page = { offset: query.offset, limit: query.limit };
      if (query.child_company_id === undefined) {
        const { rows, total } = await listUsers(deps.db, company.id, page);
        return { data: rows.map(toRead), pagination: pagination(total, page.offset, page.limit, rows.length) };
      }
      const scope = await resolveCompanyScope(deps.db, company, query.child_company_id);
      const { rows } = await listUserRecords(deps.db, scope.id, nowOn(deps), page);
      return { users: rows.map((row) => listedRecord(row, deps.config.PUBLIC_URL)) };
    },
  ),
  defineOperation(
    {
      operationId: 'getUser',
      method: 'get',
      path: '/api/user/{userId}',
      summary: 'Get a user',
      description: 'childCompanyId (camelCase here) reads a user of a direct child company (otherwise 403).',
      tags: ['Users'],
      auth: 'apiKey',
      scope: 'users:read',
      params: UserIdParams,
      query: UserGetQuery,
      response: UserRead,
      errors: [403, 404, 409],
    },
    async ({ params, query, company, deps }) => {
      const scope = await resolveCompanyScope(deps.db, company, query.childCompanyId);
      const user = await getUser(deps.db, scope.id, params.userId);
      if (!user) throw notFound('User');
      return toRead(user);
    },
  ),
  defineOperation(
    {
      operationId: 'updateUser',
      method: 'patch',
      path: '/api/user/{userId}',
      summary: 'Update a user or an outstanding invitation',
      description:
        'Changes only the supplied firstName, lastName and role (at least one). The id may be an outstanding invitation, whose names and role are then changed. ' +
        'A disabled user is not updatable (409); neither is the role of an integration user (409).',
      tags: ['Users'],
      auth: 'apiKey',
      scope: 'users:write',
      params: UserIdParams,
      body: UserUpdateBody,
      response: UserRecord,
      errors: [403, 404, 409],
    },
    async ({ params, body, company, deps }) => {
      if (body.firstName === undefined && body.lastName === undefined && body.role === undefined) {
        throw badRequest(
          'validation_failed',
          'The request has 1 problem: supply at least one of firstName, lastName and role.',
          [{ in: 'body', field: '', message: 'supply at least one of firstName, lastName and role' }],
        );
      }
      const scope = await resolveCompanyScope(deps.db, company, body.childCompanyId);
      const updated = await updateUserRecord(deps, scope.id, params.userId, body);
      return updated.kind === 'user'
        ? userRecord(updated.user)
        : invitedRecord(updated.invitation, deps.config.PUBLIC_URL);
    },
  ),
];
