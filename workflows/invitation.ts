import {
  ActivityFailure,
  condition,
  continueAsNew,
  log,
  patched,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { invitationActivityProfiles } from './activityProfiles';
import type { SendInvitationEmailResult } from '../activities/invitationEmail';
import {
  acceptedSignal,
  resendSignal,
  revokeSignal,
  type InvitationOutcome,
  type InvitationWorkflowInput,
} from './invitationSignals';

// One run per invitation, under the id workflowIds.invitation(invitationId), so every resend reaches the
// same workflow (signal-with-start) and a signal names this run's own invitation. (Runs of old had an id of
// the address, which a newer invitation of it could reach: the run then continued as new for that one. They
// ended before v2026.11.26, and no run since receives another invitation's signal.) The database row is
// the source of truth: the API writes it, commits, then signals; the activities re-read it and only act on
// pending rows, so a lost or late signal can never resurrect an accepted or revoked invitation.

/**
 * Resends that keep arriving while an email is being sent never leave the run waiting, where it used to check
 * Temporal's suggestion; with this patch it checks before every email too. Runs from before check only while
 * they wait.
 */
export const INVITATION_CONTINUES_WHILE_SENDING = 'invitation-continues-while-sending';

const { sendInvitationEmail } = proxyActivities<Activities>(invitationActivityProfiles.email);
const { expireInvitation } = proxyActivities<Activities>(invitationActivityProfiles.expiry);

type Delivery = SendInvitationEmailResult | { sent: false; status: 'failed' };

async function deliver(input: InvitationWorkflowInput, resendCount: number): Promise<Delivery> {
  try {
    return await sendInvitationEmail({ companyId: input.companyId, invitationId: input.invitationId, resendCount });
  } catch (err) {
    // The invitation stays outstanding and the link keeps working; a later resend tries again.
    if (err instanceof ActivityFailure) {
      log.warn('invitation email not delivered', {
        invitationId: input.invitationId,
        resendCount,
        cause: err.cause?.message,
      });
      return { sent: false, status: 'failed' };
    }
    throw err;
  }
}

export async function invitation(input: InvitationWorkflowInput): Promise<InvitationOutcome> {
  const own = input.invitationId;
  // Every send count gets its own email, in order; a run that starts at count n (a resend whose
  // workflow was gone) sends only that one.
  let requested = input.resendCount ?? 0;
  let delivered = input.sentCount ?? requested - 1;
  let ended: 'accepted' | 'revoked' | 'deleted' | undefined;

  setHandler(resendSignal, (signal) => {
    if (signal.invitationId === own) requested = Math.max(requested, signal.resendCount);
  });
  setHandler(revokeSignal, (signal) => {
    if (signal.invitationId === own) ended ??= 'revoked';
  });
  setHandler(acceptedSignal, (signal) => {
    if (signal.invitationId === own) ended ??= 'accepted';
  });

  // Asked once, at the start, so every run of this release carries the marker (replay-check then knows it
  // needs no old branch) and a run of an older release keeps its behaviour to its end.
  const continuesWhileSending = patched(INVITATION_CONTINUES_WHILE_SENDING);
  const deadline = Date.parse(input.expiresAt);
  const continueAsNewHere = () =>
    continueAsNew<typeof invitation>({ ...input, resendCount: requested, sentCount: delivered });
  for (;;) {
    if (ended) return ended;
    if (delivered < requested) {
      if (continuesWhileSending && workflowInfo().continueAsNewSuggested) {
        // The next run sends what is still owed: every count above sentCount, up to resendCount.
        await continueAsNewHere();
      }
      const sending = delivered + 1;
      const result = await deliver(input, sending);
      delivered = sending;
      if (!result.sent && result.status !== 'failed' && result.status !== 'pending') {
        // The row says it is over even though no signal said so (the signal was lost or is late).
        if (result.status === 'accepted' || result.status === 'revoked') ended ??= result.status;
        else if (result.status === 'missing') ended ??= 'deleted';
        else break; // expired: mark it below
      }
      continue;
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    if (workflowInfo().continueAsNewSuggested) {
      // Very many resends: start a fresh history for the same invitation, remembering what was sent.
      await continueAsNewHere();
    }
    await condition(() => ended !== undefined || requested > delivered, remaining);
  }

  // The expiry timer fired, or the row said it expired.
  await expireInvitation({ companyId: input.companyId, invitationId: own });
  return ended ?? 'expired';
}
