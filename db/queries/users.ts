import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { StoredRole, UserStatus } from '../../common/roles';
import type { Db } from '../connection';
import { countOf, pageWithTotal, type Page, type PageRequest } from './pages';
import { insertForUnmarkedCompany } from './unmarkedInsert';

export interface UserRow {
  id: string;
  companyId: string;
  teamId: string | null;
  email: string;
  firstName: string;
  lastName: string | null;
  role: StoredRole;
  status: UserStatus;
  externalId: string | null;
  lastLoggedInAt: Date | null;
  createdAt: Date;
}

export interface NewUser {
  companyId: string;
  email: string;
  firstName: string;
  lastName?: string | null;
  role: StoredRole;
  teamId?: string | null;
  externalId?: string | null;
  status?: UserStatus;
  lastLoggedInAt?: Date | null;
}

export interface UserChanges {
  firstName?: string;
  lastName?: string | null;
  role?: StoredRole;
  status?: UserStatus;
  teamId?: string | null;
  lastLoggedInAt?: Date | null;
}

export interface RoleCounts {
  total: number;
  reps: number;
  managers: number;
  lms: number;
}

export interface ActiveUserRow {
  companyId: string;
  firstName: string;
  lastName: string | null;
  role: StoredRole;
  lastLoggedInAt: Date | null;
}

const columns = {
  id: 'id',
  companyId: 'company_id',
  teamId: 'team_id',
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  role: 'role',
  status: 'status',
  externalId: 'external_id',
  lastLoggedInAt: 'last_logged_in_at',
  createdAt: 'created_at',
};

/** Inserts a user; a second user with the same email or externalId in the company fails with ER_DUP_ENTRY. */
export async function createUser(db: Db, user: NewUser): Promise<UserRow> {
  const id = randomUUID();
  // Not for a company its offboarding has marked (the statement reads the mark).
  await insertForUnmarkedCompany(db, 'users', {
    id,
    company_id: user.companyId,
    team_id: user.teamId ?? null,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName ?? null,
    role: user.role,
    status: user.status ?? 'active',
    external_id: user.externalId ?? null,
    last_logged_in_at: user.lastLoggedInAt ?? null,
  });
  const row = await getUser(db, user.companyId, id);
  if (!row) throw new Error('user vanished after insert');
  return row;
}

/** The user when it belongs to the company; another company's user is treated as unknown. */
export async function getUser(db: Db, companyId: string, id: string): Promise<UserRow | undefined> {
  return db('users').select(columns).where({ id, company_id: companyId }).first();
}

/** Like getUser, but locks the row until the surrounding transaction ends (read-check-write updates). */
export async function getUserForUpdate(
  trx: Knex.Transaction,
  companyId: string,
  id: string,
): Promise<UserRow | undefined> {
  return trx('users').select(columns).where({ id, company_id: companyId }).forUpdate().first();
}

export async function findUserByExternalId(
  db: Db,
  companyId: string,
  externalId: string,
): Promise<UserRow | undefined> {
  return db('users').select(columns).where({ company_id: companyId, external_id: externalId }).first();
}

/** Emails compare case-insensitively (the column's collation), matching the (company_id, email) unique key. */
export async function findUserByEmail(db: Db, companyId: string, email: string): Promise<UserRow | undefined> {
  return db('users').select(columns).where({ company_id: companyId, email }).first();
}

/** Newest first, ties broken by id, so pages never skip or repeat a user. */
export async function listUsers(db: Db, companyId: string, page: PageRequest): Promise<Page<UserRow>> {
  return pageWithTotal(
    db('users')
      .select(columns)
      .where({ company_id: companyId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    countOf(db('users').where({ company_id: companyId })),
    page,
  );
}

/** The company's row when its offboarding has marked it: for the NOT EXISTS of a write that belongs to it. */
export const companyMarked = (db: Db, companyId: string) =>
  db('companies').select(db.raw('1')).where({ id: companyId }).whereNotNull('offboarding_at');

/**
 * Applies only the supplied changes; returns whether a row of that company was touched (false also when the
 * company is marked for offboarding).
 */
export async function updateUser(db: Db, companyId: string, id: string, changes: UserChanges): Promise<boolean> {
  const set: Record<string, unknown> = {};
  if (changes.firstName !== undefined) set['first_name'] = changes.firstName;
  if (changes.lastName !== undefined) set['last_name'] = changes.lastName;
  if (changes.role !== undefined) set['role'] = changes.role;
  if (changes.status !== undefined) set['status'] = changes.status;
  if (changes.teamId !== undefined) set['team_id'] = changes.teamId;
  if (changes.lastLoggedInAt !== undefined) set['last_logged_in_at'] = changes.lastLoggedInAt;
  if (Object.keys(set).length === 0) return (await getUser(db, companyId, id)) !== undefined;
  // The company's offboarding mark is checked in the same statement: a change that lands after it changes nothing.
  const changed = await db('users')
    .where({ id, company_id: companyId })
    .whereNotExists(companyMarked(db, companyId))
    .update({ ...set, updated_at: db.fn.now(3) });
  return changed > 0;
}

const emptyCounts = (): RoleCounts => ({ total: 0, reps: 0, managers: 0, lms: 0 });

/** Active users per company and role, in one grouped query over the (company_id, status, role) index. Every requested company gets an entry. */
export async function countActiveUsers(db: Db, companyIds: readonly string[]): Promise<Map<string, RoleCounts>> {
  const counts = new Map<string, RoleCounts>(companyIds.map((id) => [id, emptyCounts()]));
  if (companyIds.length === 0) return counts;
  const rows = (await db('users')
    .select({ companyId: 'company_id', role: 'role' })
    .count({ n: '*' })
    .whereIn('company_id', companyIds)
    .andWhere({ status: 'active' })
    .groupBy('company_id', 'role')) as Array<{ companyId: string; role: StoredRole; n: number | string }>;
  for (const row of rows) {
    const entry = counts.get(row.companyId);
    if (!entry) continue;
    const n = Number(row.n);
    if (row.role === 'Rep') entry.reps += n;
    else if (row.role === 'Manager') entry.managers += n;
    else entry.lms += n;
    entry.total += n;
  }
  return counts;
}

/** The active users of several companies in one query, ordered by company, then name. */
export async function listActiveUsers(db: Db, companyIds: readonly string[]): Promise<ActiveUserRow[]> {
  if (companyIds.length === 0) return [];
  return db('users')
    .select({
      companyId: 'company_id',
      firstName: 'first_name',
      lastName: 'last_name',
      role: 'role',
      lastLoggedInAt: 'last_logged_in_at',
    })
    .whereIn('company_id', companyIds)
    .andWhere({ status: 'active' })
    .orderBy([{ column: 'company_id' }, { column: 'first_name' }, { column: 'last_name' }, { column: 'id' }]);
}
