import type { Knex } from 'knex';
import type { StoredRole, UserStatus } from '../../common/roles';
import type { Db } from '../connection';
import { countValue, pageWithTotal, type Page, type PageRequest } from './pages';

// The "user record" view of spec 2.2: a company's users together with its outstanding invitations
// (status pending, not yet expired), which appear as invited records until they are accepted.

export interface UserRecordRow {
  kind: 'user' | 'invitation';
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: StoredRole;
  /** The user's status, or 'invited' for an invitation. */
  status: UserStatus | 'invited';
  externalId: string | null;
  createdAt: Date;
  /** The invitation's acceptance token; null for users. */
  token: string | null;
}

export interface OutstandingInvitationRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: 'Rep' | 'Manager';
  externalId: string | null;
  token: string;
  createdAt: Date;
}

export interface InvitationDetails {
  firstName?: string;
  lastName?: string;
  role?: 'Rep' | 'Manager';
}

function usersPart(db: Db, companyId: string): Knex.QueryBuilder {
  return db('users')
    .select(
      db.raw("'user' as kind"),
      'id',
      'email',
      'first_name',
      'last_name',
      'role',
      'status',
      'external_id',
      'created_at',
      db.raw('NULL as token'),
    )
    .where('company_id', companyId);
}

function invitationsPart(db: Db, companyId: string, now: Date): Knex.QueryBuilder {
  return db('invitations')
    .select(
      db.raw("'invitation' as kind"),
      'id',
      'email',
      'first_name',
      'last_name',
      'role',
      db.raw("'invited' as status"),
      'external_id',
      'created_at',
      'token',
    )
    .where({ company_id: companyId, status: 'pending' })
    .andWhere('expires_at', '>', now);
}

/** One page of users and outstanding invitations, newest first, ties broken by id; the total comes from a second query. */
export async function listUserRecords(
  db: Db,
  companyId: string,
  now: Date,
  page: PageRequest,
): Promise<Page<UserRecordRow>> {
  const union = usersPart(db, companyId).unionAll(invitationsPart(db, companyId, now));
  const total = db
    .select({
      users: db('users').count('*').where('company_id', companyId),
      invitations: invitationsPart(db, companyId, now).clearSelect().count('*'),
    })
    .first()
    .then(
      (counts: { users: number | string; invitations: number | string } | undefined) =>
        countValue(counts?.users) + countValue(counts?.invitations),
    );
  return pageWithTotal(
    db
      .select({
        kind: 'r.kind',
        id: 'r.id',
        email: 'r.email',
        firstName: 'r.first_name',
        lastName: 'r.last_name',
        role: 'r.role',
        status: 'r.status',
        externalId: 'r.external_id',
        createdAt: 'r.created_at',
        token: 'r.token',
      })
      .from(union.as('r'))
      .orderBy([
        { column: 'r.created_at', order: 'desc' },
        { column: 'r.id', order: 'desc' },
      ]),
    total,
    page,
  );
}

/** The company's invitation with that id while it is outstanding, locked until the transaction ends. */
export async function getOutstandingInvitationForUpdate(
  trx: Knex.Transaction,
  companyId: string,
  id: string,
  now: Date,
): Promise<OutstandingInvitationRow | undefined> {
  return trx('invitations')
    .select({
      id: 'id',
      email: 'email',
      firstName: 'first_name',
      lastName: 'last_name',
      role: 'role',
      externalId: 'external_id',
      token: 'token',
      createdAt: 'created_at',
    })
    .where({ id, company_id: companyId, status: 'pending' })
    .andWhere('expires_at', '>', now)
    .forUpdate()
    .first();
}

/** Changes the name or role the invited person will get on acceptance; only supplied fields change. */
export async function updateInvitationDetails(
  db: Db,
  companyId: string,
  id: string,
  details: InvitationDetails,
): Promise<boolean> {
  const set: Record<string, unknown> = {};
  if (details.firstName !== undefined) set['first_name'] = details.firstName;
  if (details.lastName !== undefined) set['last_name'] = details.lastName;
  if (details.role !== undefined) set['role'] = details.role;
  if (Object.keys(set).length === 0) return false;
  const changed = await db('invitations')
    .where({ id, company_id: companyId, status: 'pending' })
    .update({ ...set, updated_at: db.fn.now(3) });
  return changed > 0;
}
