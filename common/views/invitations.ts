import { inputRoleFromStored } from '../roles';
import type { InvitationRow } from '../../db/queries/invitations';
import { Invitation } from '../../api/schemas/invitations';

// The schema of this answer, for whoever checks or describes it (the company export).
export { Invitation };

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
