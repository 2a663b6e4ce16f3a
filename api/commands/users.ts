import { nowOn } from '../../common/clock';
import type { Knex } from 'knex';
import { storedRoleFromInput } from '../../common/roles';
import { getUser, getUserForUpdate, updateUser, type UserRow } from '../../db/queries/users';
import { getErasureState } from '../../db/queries/userErasure';
import {
  getOutstandingInvitationForUpdate,
  updateInvitationDetails,
  type OutstandingInvitationRow,
} from '../../db/queries/userRecords';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../errors';
import type { UserUpdateBody } from '../schemas/users';
import { CompanyMarkedError } from '../../db/queries/companyOffboardings';
import { refuseErased } from './userErasure';

/** What PATCH /api/user/{userId} changed: a user, or an outstanding invitation under that id. */
export type UpdatedUserRecord =
  { kind: 'user'; user: UserRow } | { kind: 'invitation'; invitation: OutstandingInvitationRow };

/** Only supplied fields change; disabled users and integration users' roles are off limits. */
async function updateExistingUser(
  trx: Knex.Transaction,
  companyId: string,
  user: UserRow,
  body: UserUpdateBody,
): Promise<UserRow> {
  if (user.status === 'disabled') throw conflict('user_disabled', 'A disabled user cannot be updated.');
  if (body.role !== undefined && user.role === 'Integration') {
    throw conflict(
      'integration_role_fixed',
      'An integration user keeps the Integration role; only its names can be changed.',
    );
  }
  const changed = await updateUser(trx, companyId, user.id, {
    firstName: body.firstName,
    lastName: body.lastName,
    role: body.role === undefined ? undefined : storedRoleFromInput(body.role),
  });
  if (!changed) throw new CompanyMarkedError(companyId);
  const updated = await getUser(trx, companyId, user.id);
  if (!updated) throw notFound('User');
  return updated;
}

/** PATCH /api/user/{userId}: users are looked up first, then outstanding invitations. */
export async function updateUserRecord(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  companyId: string,
  id: string,
  body: UserUpdateBody,
): Promise<UpdatedUserRecord> {
  return deps.db.transaction(async (trx): Promise<UpdatedUserRecord> => {
    const user = await getUserForUpdate(trx, companyId, id);
    if (user) {
      // The row is locked: an erasure request cannot slip in between this check and the update.
      refuseErased(await getErasureState(trx, companyId, user.id));
      return { kind: 'user', user: await updateExistingUser(trx, companyId, user, body) };
    }
    const now = nowOn(deps);
    const invitation = await getOutstandingInvitationForUpdate(trx, companyId, id, now);
    if (!invitation) throw notFound('User');
    const role = body.role === undefined ? undefined : storedRoleFromInput(body.role);
    await updateInvitationDetails(trx, companyId, invitation.id, {
      firstName: body.firstName,
      lastName: body.lastName,
      role,
    });
    const updated = await getOutstandingInvitationForUpdate(trx, companyId, invitation.id, now);
    if (!updated) throw notFound('User');
    return { kind: 'invitation', invitation: updated };
  });
}
