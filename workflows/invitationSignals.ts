import { defineSignal } from '@temporalio/workflow';

// The invitation workflow's contract, shared by the API (which signals) and the workflow (which
// handles). Pure definitions only, so client code can import this module without workflow runtime.

/** What the workflow is started with: one invitation of one address of one company. */
export interface InvitationWorkflowInput {
  companyId: string;
  invitationId: string;
  /** ISO 8601; the expiry timer fires then. */
  expiresAt: string;
  /** Highest send requested when the run starts (default 0: the first email). */
  resendCount?: number;
  /** Highest send already emailed by an earlier run of the same invitation (continue-as-new). */
  sentCount?: number;
}

/**
 * Deliver the invitation email for this send count (0 = the first email, n = the n-th resend).
 * Every invite request sends it with signal-with-start; the workflow emails each count once, so the
 * first signal of a fresh run does not double the first email. A run acts only on its own invitation's id.
 */
export interface ResendSignal {
  invitationId: string;
  expiresAt: string;
  resendCount: number;
}

export interface InvitationEndSignal {
  invitationId: string;
}

export const resendSignal = defineSignal<[ResendSignal]>('resend');
export const revokeSignal = defineSignal<[InvitationEndSignal]>('revoke');
export const acceptedSignal = defineSignal<[InvitationEndSignal]>('accepted');

/** How the run ended; `deleted` when the row disappeared (its team or company was deleted). */
export type InvitationOutcome = 'accepted' | 'revoked' | 'expired' | 'deleted';
