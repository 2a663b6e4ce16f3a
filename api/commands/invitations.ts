import { nowOn } from '../../common/clock';
import type { Knex } from 'knex';
import { durationMs } from '../../common/config';
import { storedRoleFromInput } from '../../common/roles';
import { randomToken } from '../../common/secrets';
import type { CompanyFairness } from '../../common/workflowStarts/priority';
import { isDuplicateEntry } from '../../db/connection';
import {
  deleteUnsentInvitation,
  findInvitationByToken,
  findPendingInvitation,
  getInvitation,
  getOutstandingInvitation,
  insertInvitation,
  markAccepted,
  markExpired,
  markResent,
  markRevoked,
  type InvitationRow,
} from '../../db/queries/invitations';
import { getTeam } from '../../db/queries/teams';
import { getErasureState } from '../../db/queries/userErasure';
import { createUser, findUserByEmail, type UserRow } from '../../db/queries/users';
import type { AppDeps } from '../deps';
import { ApiError, badRequest, conflict, gone, notFound } from '../errors';
import { announceInvitationEnd, deliverInvitation } from './invitationWorkflow';
import { refuseErased } from './userErasure';
import type { AcceptBody, InviteBody } from '../schemas/invitations';

// What the invitation endpoints do: each writes the database in one transaction, commits, and only
// then tells the invitation workflow, whose activities re-read the row.

/** A concurrent request changed the address's invitation between our read and our write. */
const RACE = Symbol('invitation race');
const ATTEMPTS = 3;

async function writeInvitation(
  trx: Knex.Transaction,
  companyId: string,
  body: InviteBody,
  lifetimeMs: number,
  now: Date,
): Promise<InvitationRow | typeof RACE> {
  const team = await getTeam(trx, companyId, body.teamId);
  if (!team) throw notFound('Team');
  if (team.type === 'integration') {
    throw badRequest('integration_team', 'People cannot be invited to the Integration team; choose another team.', [
      { in: 'body', field: 'teamId', message: 'teamId is the Integration team' },
    ]);
  }
  const user = await findUserByEmail(trx, companyId, body.email);
  if (user) refuseErased(await getErasureState(trx, companyId, user.id));
  if (user)
    throw conflict('user_exists', `A ${user.status} user with the email ${user.email} already exists in this company.`);

  const role = storedRoleFromInput(body.role);
  const pending = await findPendingInvitation(trx, companyId, body.email);
  if (pending && pending.expiresAt > now) {
    // Outstanding: resend it. Same id and expiry; the team and role take the new values.
    if (!(await markResent(trx, companyId, pending.id, { teamId: team.id, role }, now))) return RACE;
    const resent = await getInvitation(trx, companyId, pending.id);
    return resent ?? RACE;
  }
  // Past its expiry but its timer has not run yet (worker down, or just now): close it here.
  if (pending) await markExpired(trx, companyId, pending.id);
  return insertInvitation(trx, {
    companyId,
    teamId: team.id,
    email: body.email,
    role,
    token: randomToken(32),
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
  });
}

/**
 * A new invitation whose workflow cannot be reached is deleted again, so the 503 leaves nothing behind
 * and a retry starts clean. A resend keeps its count: the invitation itself stays valid.
 */
async function deliverOrTakeBack(deps: AppDeps, company: CompanyFairness, invitation: InvitationRow): Promise<void> {
  try {
    await deliverInvitation(deps, company, invitation);
  } catch (err) {
    if (invitation.resendCount === 0) await deleteUnsentInvitation(deps.db, invitation.companyId, invitation.id);
    throw err;
  }
}

/** POST /api/user/invite: a new invitation, or a resend of the outstanding one; then the email goes out. */
export async function inviteOrResend(
  deps: AppDeps,
  company: CompanyFairness,
  body: InviteBody,
): Promise<InvitationRow> {
  const companyId = company.id;
  const lifetimeMs = durationMs(deps.config.INVITATION_TTL);
  for (let attempt = 1; ; attempt += 1) {
    let outcome: InvitationRow | typeof RACE;
    try {
      outcome = await deps.db.transaction((trx) => writeInvitation(trx, companyId, body, lifetimeMs, nowOn(deps)));
    } catch (err) {
      // Two invites of one address raced to insert; the loser retries and resends the winner's row.
      if (isDuplicateEntry(err) && attempt < ATTEMPTS) continue;
      if (isDuplicateEntry(err))
        throw conflict('invitation_conflict', 'The invitation was changed by a concurrent request; try again.');
      throw err;
    }
    if (outcome !== RACE) {
      await deliverOrTakeBack(deps, company, outcome);
      return outcome;
    }
    if (attempt >= ATTEMPTS)
      throw conflict('invitation_conflict', 'The invitation was changed by a concurrent request; try again.');
  }
}

/** DELETE /api/invitations/{id}: only outstanding invitations can be revoked; anything else is unknown. */
export async function revokeInvitation(deps: AppDeps, companyId: string, id: string): Promise<InvitationRow> {
  const now = nowOn(deps);
  const invitation = await getOutstandingInvitation(deps.db, companyId, id, now);
  if (!invitation || !(await markRevoked(deps.db, companyId, id, now))) throw notFound('Invitation');
  await announceInvitationEnd(deps, invitation, 'revoked');
  return invitation;
}

/** Why a token can no longer be used; undefined while the invitation is outstanding. */
export function unusableReason(invitation: InvitationRow, now: Date): ApiError | undefined {
  if (invitation.status === 'accepted')
    return gone('invitation_accepted', 'This invitation has already been accepted; sign in instead.');
  if (invitation.status === 'revoked')
    return gone('invitation_revoked', 'This invitation has been withdrawn; ask your administrator for a new one.');
  if (invitation.status === 'expired' || invitation.expiresAt <= now) {
    return gone('invitation_expired', 'This invitation has expired; ask your administrator for a new one.');
  }
  return undefined;
}

/** POST /api/invitations/accept: creates the active user the invitation describes and closes the invitation. */
export async function acceptInvitation(deps: AppDeps, body: AcceptBody): Promise<UserRow> {
  const { invitation, user } = await deps.db.transaction(async (trx) => {
    const now = nowOn(deps);
    const found = await findInvitationByToken(trx, body.token, true);
    if (!found) throw notFound('Invitation');
    const reason = unusableReason(found, now);
    if (reason) throw reason;
    let created: UserRow;
    try {
      created = await createUser(trx, {
        companyId: found.companyId,
        email: found.email,
        firstName: body.firstName,
        lastName: body.lastName ?? null,
        role: found.role,
        teamId: found.teamId,
        externalId: found.externalId,
        status: 'active',
      });
    } catch (err) {
      if (isDuplicateEntry(err))
        throw conflict('user_exists', 'A user with this email or external id already exists in the company.');
      throw err;
    }
    if (!(await markAccepted(trx, found.id, created.id, now)))
      throw new Error(`invitation ${found.id} changed under its row lock`);
    return { invitation: found, user: created };
  });
  deps.metrics?.invitations.inc({ event: 'accepted' });
  await announceInvitationEnd(deps, invitation, 'accepted');
  return user;
}
