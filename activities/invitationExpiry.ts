import { markExpired } from '../db/queries/invitations';
import type { ActivityDeps } from './deps';

export interface ExpireInvitationInput {
  companyId: string;
  invitationId: string;
}

/** Ends invitations whose lifetime ran out; run by the invitation workflow at its expiry timer. */
export function createInvitationExpiryActivities({ db }: ActivityDeps) {
  return {
    /** pending → expired. Idempotent: true only for the call that made the change. */
    async expireInvitation(input: ExpireInvitationInput): Promise<boolean> {
      return markExpired(db, input.companyId, input.invitationId);
    },
  };
}
