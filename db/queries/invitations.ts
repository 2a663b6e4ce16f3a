import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../connection';
import { workflowIds } from '../../common/temporal';
import { countOf, pageWithTotal, type Page, type PageRequest } from './pages';
import { insertForUnmarkedCompany } from './unmarkedInsert';

// An invitation is *outstanding* while it is pending and its expiry lies in the future. The expiry
// workflow flips pending rows to expired at their timer, but readers never rely on that having
// happened yet: every "outstanding" condition below also compares expires_at with the clock.

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';
export type InvitationRole = 'Rep' | 'Manager';

export interface InvitationRow {
  id: string;
  companyId: string;
  teamId: string;
  email: string;
  role: InvitationRole;
  firstName: string | null;
  lastName: string | null;
  externalId: string | null;
  token: string;
  status: InvitationStatus;
  resendCount: number;
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedUserId: string | null;
  revokedAt: Date | null;
  createdAt: Date;
  /** The workflow that emails and expires it; null for invitations created before ids were per invitation (see invitationWorkflowId). */
  workflowId: string | null;
}

export interface NewInvitation {
  companyId: string;
  teamId: string;
  email: string;
  role: InvitationRole;
  token: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface InvitationWithNames {
  invitation: InvitationRow;
  companyName: string;
  teamName: string;
}

const columns = {
  id: 'invitations.id',
  companyId: 'invitations.company_id',
  teamId: 'invitations.team_id',
  email: 'invitations.email',
  role: 'invitations.role',
  firstName: 'invitations.first_name',
  lastName: 'invitations.last_name',
  externalId: 'invitations.external_id',
  token: 'invitations.token',
  status: 'invitations.status',
  resendCount: 'invitations.resend_count',
  expiresAt: 'invitations.expires_at',
  acceptedAt: 'invitations.accepted_at',
  acceptedUserId: 'invitations.accepted_user_id',
  revokedAt: 'invitations.revoked_at',
  createdAt: 'invitations.created_at',
  workflowId: 'invitations.workflow_id',
};

const outstanding = (now: Date) => (q: Knex.QueryBuilder) =>
  q.where('invitations.status', 'pending').andWhere('invitations.expires_at', '>', now);

/**
 * Inserts a pending invitation. created_at is written explicitly so that expires_at is exactly
 * created_at + lifetime. A second pending invitation for the same company and email fails with
 * ER_DUP_ENTRY (unique key on the generated pending_marker column).
 */
export async function insertInvitation(db: Db, invitation: NewInvitation): Promise<InvitationRow> {
  const id = randomUUID();
  // Not for a company its offboarding has marked (the statement reads the mark).
  await insertForUnmarkedCompany(db, 'invitations', {
    id,
    company_id: invitation.companyId,
    team_id: invitation.teamId,
    email: invitation.email,
    role: invitation.role,
    token: invitation.token,
    status: 'pending',
    resend_count: 0,
    expires_at: invitation.expiresAt,
    created_at: invitation.createdAt,
    updated_at: invitation.createdAt,
    workflow_id: workflowIds.invitation(id),
  });
  const row = await getInvitation(db, invitation.companyId, id);
  if (!row) throw new Error('invitation vanished after insert');
  return row;
}

/** The invitation when it belongs to the company, whatever its status. */
export async function getInvitation(db: Db, companyId: string, id: string): Promise<InvitationRow | undefined> {
  return db('invitations').select(columns).where({ 'invitations.id': id, 'invitations.company_id': companyId }).first();
}

/** The company's outstanding invitation with that id, if any. */
export async function getOutstandingInvitation(
  db: Db,
  companyId: string,
  id: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  return db('invitations')
    .select(columns)
    .where({ 'invitations.id': id, 'invitations.company_id': companyId })
    .modify(outstanding(now))
    .first();
}

/** The pending row for an address (email compares case-insensitively), even when its expiry has passed. */
export async function findPendingInvitation(
  db: Db,
  companyId: string,
  email: string,
): Promise<InvitationRow | undefined> {
  return db('invitations')
    .select(columns)
    .where({ 'invitations.company_id': companyId, 'invitations.email': email, 'invitations.status': 'pending' })
    .first();
}

/** Looks an acceptance token up; with a transaction, locks the row until it ends. */
export async function findInvitationByToken(
  db: Db,
  token: string,
  forUpdate = false,
): Promise<InvitationRow | undefined> {
  const query = db('invitations').select(columns).where({ 'invitations.token': token });
  const row: InvitationRow | undefined = await (forUpdate ? query.forUpdate() : query).first();
  // The column's collation ignores case; tokens are case-sensitive base64url.
  return row && row.token === token ? row : undefined;
}

/** Counts one more send and moves the invitation to the new team and role; false when it is no longer outstanding. */
export async function markResent(
  db: Db,
  companyId: string,
  id: string,
  changes: { teamId: string; role: InvitationRole },
  now: Date,
): Promise<boolean> {
  const changed = await db('invitations')
    .where({ id, company_id: companyId })
    .modify(outstanding(now))
    .update({ team_id: changes.teamId, role: changes.role, resend_count: db.raw('resend_count + 1'), updated_at: now });
  return changed > 0;
}

/** pending → expired; false when the invitation had already left the pending state. */
export async function markExpired(db: Db, companyId: string, id: string): Promise<boolean> {
  const changed = await db('invitations')
    .where({ id, company_id: companyId, status: 'pending' })
    .update({ status: 'expired', updated_at: db.fn.now(3) });
  return changed > 0;
}

/** outstanding → revoked; false when it was not outstanding. */
export async function markRevoked(db: Db, companyId: string, id: string, now: Date): Promise<boolean> {
  const changed = await db('invitations')
    .where({ id, company_id: companyId })
    .modify(outstanding(now))
    .update({ status: 'revoked', revoked_at: now, updated_at: now });
  return changed > 0;
}

/** outstanding → accepted by the user created for it; false when it was not outstanding. */
export async function markAccepted(db: Db, id: string, userId: string, now: Date): Promise<boolean> {
  const changed = await db('invitations')
    .where({ id })
    .modify(outstanding(now))
    .update({ status: 'accepted', accepted_at: now, accepted_user_id: userId, updated_at: now });
  return changed > 0;
}

/**
 * Takes back an invitation nobody has seen yet (never resent, still pending): used when its workflow
 * could not be started, so that the failed request leaves nothing behind. False when it was touched since.
 */
export async function deleteUnsentInvitation(db: Db, companyId: string, id: string): Promise<boolean> {
  const deleted = await db('invitations')
    .where({ id, company_id: companyId, status: 'pending', resend_count: 0 })
    .delete();
  return deleted > 0;
}

/** Outstanding invitations, newest first, ties broken by id so pages never skip or repeat one. */
export async function listOutstandingInvitations(
  db: Db,
  companyId: string,
  page: PageRequest,
  now: Date,
): Promise<Page<InvitationRow>> {
  return pageWithTotal(
    db('invitations')
      .select(columns)
      .where('invitations.company_id', companyId)
      .modify(outstanding(now))
      .orderBy([
        { column: 'invitations.created_at', order: 'desc' },
        { column: 'invitations.id', order: 'desc' },
      ]),
    countOf(db('invitations').where('invitations.company_id', companyId).modify(outstanding(now))),
    page,
  );
}

/** The invitation with its company and team names, as the email and the invitation page show them. */
export async function getInvitationWithNames(
  db: Db,
  companyId: string,
  id: string,
): Promise<InvitationWithNames | undefined> {
  const row = (await db('invitations')
    .join('companies', 'companies.id', 'invitations.company_id')
    .join('teams', 'teams.id', 'invitations.team_id')
    .select({ ...columns, companyName: 'companies.name', teamName: 'teams.name' })
    .where({ 'invitations.id': id, 'invitations.company_id': companyId })
    .first()) as (InvitationRow & { companyName: string; teamName: string }) | undefined;
  if (!row) return undefined;
  const { companyName, teamName, ...invitation } = row;
  return { invitation, companyName, teamName };
}

/**
 * The id of the invitation's workflow, `invitation-<id>`. A row from before ids were per invitation has
 * none stored: its run under the address-based id of old ended before v2026.11.26 was deployed (an upgrade
 * from v2026.11.23 drains), so a resend starts one under the invitation's own id, like any other.
 */
export function invitationWorkflowId(invitation: Pick<InvitationRow, 'id' | 'workflowId'>): string {
  return invitation.workflowId ?? workflowIds.invitation(invitation.id);
}
