import { countActiveUsers, listActiveUsers, type ActiveUserRow, type RoleCounts } from '../../db/queries/users';
import { listDirectChildren } from '../../db/queries/companies';
import type { AppDeps } from '../deps';
import { defineOperation, type CallerCompany, type Operation } from '../operation';
import { ActiveUserCounts } from '../schemas/counts';

type CountedUser = ActiveUserCounts['mainCompany']['users'][number];

function countedUser(row: ActiveUserRow): CountedUser {
  // The spec types lastName as a string here, so a missing last name is rendered as "".
  return {
    firstName: row.firstName,
    lastName: row.lastName ?? '',
    role: row.role,
    lastLoggedIn: row.lastLoggedInAt?.toISOString() ?? null,
  };
}

/** Three queries whatever the number of children or users: the children, the grouped counts, the active users. */
async function activeUserCounts(deps: AppDeps, caller: CallerCompany): Promise<ActiveUserCounts> {
  const children = await listDirectChildren(deps.db, caller.id);
  const companies = [{ id: caller.id, name: caller.name }, ...children.map((c) => ({ id: c.id, name: c.name }))];
  const ids = companies.map((c) => c.id);
  const [counts, users] = await Promise.all([countActiveUsers(deps.db, ids), listActiveUsers(deps.db, ids)]);

  const usersByCompany = new Map<string, CountedUser[]>(ids.map((id) => [id, []]));
  for (const row of users) usersByCompany.get(row.companyId)?.push(countedUser(row));

  const entries = companies.map((c) => ({
    companyId: c.id,
    companyName: c.name,
    counts: counts.get(c.id) ?? { total: 0, reps: 0, managers: 0, lms: 0 },
    users: usersByCompany.get(c.id) ?? [],
  }));
  const totalCounts = entries.reduce<RoleCounts>(
    (sum, e) => ({
      total: sum.total + e.counts.total,
      reps: sum.reps + e.counts.reps,
      managers: sum.managers + e.counts.managers,
      lms: sum.lms + e.counts.lms,
    }),
    { total: 0, reps: 0, managers: 0, lms: 0 },
  );
  const [mainCompany, ...childCompanies] = entries;
  return { totalCounts, mainCompany, childCompanies };
}

const description =
  'Active means status active. reps counts Rep users, managers Manager users, lms Integration users; total is their sum. ' +
  'childCompanies are the direct children of the caller; totalCounts sums mainCompany and every child.';

export const countOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'getCompanyActiveUserCount',
      method: 'get',
      path: '/api/company/get-active-user-count',
      summary: 'Active-user counts (bearer token)',
      description,
      tags: ['Counts'],
      auth: 'bearer',
      scope: 'analytics:read',
      response: ActiveUserCounts,
    },
    async ({ company, deps }) => activeUserCounts(deps, company),
  ),
  defineOperation(
    {
      operationId: 'getAnalyticsActiveUserCount',
      method: 'get',
      path: '/api/analytics/get-active-user-count',
      summary: 'Active-user counts (API key)',
      description,
      tags: ['Counts'],
      auth: 'apiKey',
      scope: 'analytics:read',
      response: ActiveUserCounts,
    },
    async ({ company, deps }) => activeUserCounts(deps, company),
  ),
];
