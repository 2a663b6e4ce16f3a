import { inputRoleFromStored } from '../../common/roles';
import type { InvitationRow } from '../../db/queries/invitations';
import type { Invitation } from '../schemas/invitations';

// An invitation as the invitation endpoints answer it (invitations.ts, and the company export's invitations).

/** Stored Rep/Manager shown in the invite vocabulary (User/Manager) the invitation was made with. */
export function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    teamId: row.teamId,
    role: inputRoleFromStored(row.role),
    expirationDate: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    resendCount: row.resendCount,
  };
}
