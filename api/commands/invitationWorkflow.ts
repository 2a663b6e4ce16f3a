import { WorkflowNotFoundError } from '@temporalio/common';
import { signalWithStartInvitation } from '../../common/workflowStarts/invitation';
import type { CompanyFairness } from '../../common/workflowStarts/priority';
import { invitationWorkflowId, type InvitationRow } from '../../db/queries/invitations';
import {
  acceptedSignal,
  revokeSignal,
  type InvitationWorkflowInput,
  type ResendSignal,
} from '../../workflows/invitationSignals';
import type { AppDeps } from '../deps';
import { workflowStartError } from '../errors';

type WorkflowDeps = Pick<AppDeps, 'temporal' | 'config' | 'logger' | 'metrics'>;

// The API's side of the invitation workflow. The database row is written and committed first; these
// calls then tell the workflow. Signal-with-start on the invitation's workflow id means a resend can only
// reach the running workflow (or start it again when it is gone). The id is the invitation's row id
// (invitationWorkflowId), which names no person.

/** Has the invitation email for this send count delivered, starting the workflow when none runs. */
export async function deliverInvitation(
  { temporal, config, logger, metrics }: WorkflowDeps,
  company: CompanyFairness,
  invitation: InvitationRow,
): Promise<void> {
  const input: InvitationWorkflowInput = {
    companyId: invitation.companyId,
    invitationId: invitation.id,
    expiresAt: invitation.expiresAt.toISOString(),
    resendCount: invitation.resendCount,
  };
  const signal: ResendSignal = {
    invitationId: invitation.id,
    expiresAt: input.expiresAt,
    resendCount: invitation.resendCount,
  };
  try {
    const workflowId = invitationWorkflowId(invitation);
    // Bounded by TEMPORAL_START_TIMEOUT (the client's call deadline), so a hung Temporal gives the caller
    // a 503 rather than a hung request.
    await signalWithStartInvitation(temporal, config, company, { workflowId, input, signal });
    metrics?.workflowStarts.inc({ workflow: 'invitation' });
  } catch (err) {
    logger.error({ err, invitationId: invitation.id }, 'could not start or signal the invitation workflow');
    throw workflowStartError(err, 'The invitation email cannot be scheduled right now; repeat the request later.');
  }
}

/**
 * Tells the workflow its invitation ended (accepted or revoked), so it stops waiting. Best effort:
 * the row already says so, and the workflow only ever acts on pending rows, so a lost signal costs a
 * timer that fires for nothing.
 */
export async function announceInvitationEnd(
  { temporal, logger }: WorkflowDeps,
  invitation: Pick<InvitationRow, 'id' | 'workflowId'>,
  how: 'accepted' | 'revoked',
): Promise<void> {
  const handle = temporal.workflow.getHandle(invitationWorkflowId(invitation));
  try {
    await handle.signal(how === 'accepted' ? acceptedSignal : revokeSignal, { invitationId: invitation.id });
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return; // already finished
    logger.warn({ err, invitationId: invitation.id, how }, 'could not signal the invitation workflow');
  }
}
