import { markExpired } from '../db/queries/invitations';
import type { ActivityDeps } from './deps';

export interface ExpireInvitationInput {
  companyId: string;
  invitationId: string;
}

/** Ends invitations whose lifetime ran out; run by the invitation workflow at its expiry timer. */
export function createInvitationExpiryActivities({ db, metrics }: ActivityDeps) {
  return {
    /** pending → expired. Idempotent: true only for the call that made the change, the one counted. */
    async expireInvitation(input: ExpireInvitationInput): Promise<boolean> {
      const expired = await markExpired(db, input.companyId, input.invitationId);
      if (expired) metrics?.invitations.inc({ event: 'expired' });
      return expired;
    },
  };
}
