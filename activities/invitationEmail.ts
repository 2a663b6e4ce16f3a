import { inputRoleFromStored } from '../common/roles';
import { ApplicationFailure } from '@temporalio/activity';
import nodemailer from 'nodemailer';
import { invitationUrl } from '../common/invitationLinks';
import { mailDomainOf } from '../common/textEdges';
import { getInvitationWithNames, type InvitationStatus } from '../db/queries/invitations';
import type { ActivityDeps } from './deps';
import { invitationMessage } from './invitationMessage';

export interface SendInvitationEmailInput {
  companyId: string;
  invitationId: string;
  /** The send being delivered: 0 for the first email, n for the n-th resend. */
  resendCount: number;
}

export type SendInvitationEmailResult =
  | { sent: true; messageId: string }
  /** Nothing to send: the invitation is gone or no longer outstanding (accepted, revoked, expired). */
  | { sent: false; status: InvitationStatus | 'missing' };

/** Error type names the workflow (and operators reading histories) can rely on. */
export const SMTP_REJECTED = 'SmtpRejected';
export const SMTP_UNAVAILABLE = 'SmtpUnavailable';

interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  message?: unknown;
}

/**
 * RFC 5321: 5yz replies are permanent, so retrying the same message is pointless (except 503, a
 * session-state complaint that a new connection cures). An envelope nodemailer refuses before
 * talking to the server (invalid address) or a bad configuration is permanent too. Everything else —
 * 4yz replies, refused connections, timeouts, dropped sockets — is worth retrying.
 */
export function classifySmtpError(err: unknown, recipient?: string): ApplicationFailure {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpError;
  const raw = typeof e.message === 'string' ? e.message : String(err);
  // Mail servers quote the rejected address ("550 <jane@example.com>: unknown user"); the failure goes
  // into the workflow history, which outlives an erasure, so the address is replaced.
  const message = recipient ? redactAddress(raw, recipient) : raw;
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const permanent =
    (code !== undefined && code >= 500 && code < 600 && code !== 503) ||
    (code === undefined && (e.code === 'EENVELOPE' || e.code === 'ECONFIG'));
  return permanent
    ? ApplicationFailure.nonRetryable(`The mail server refused the invitation email: ${message}`, SMTP_REJECTED)
    : ApplicationFailure.retryable(`The invitation email could not be sent yet: ${message}`, SMTP_UNAVAILABLE);
}

/** The message with every spelling of the address (case aside) replaced by "the invitee". */
export function redactAddress(message: string, address: string): string {
  return message.replace(new RegExp(address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), 'the invitee');
}

/** Sends invitation emails over SMTP_URL from MAIL_FROM. */
export function createInvitationEmailActivities({ db, config, logger, metrics }: ActivityDeps) {
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    // Fail fast and let the activity retry policy pace the attempts.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });

  return {
    /**
     * Emails the invitation as stored now (current team, role, link, expiry). Only outstanding
     * invitations are emailed, so a resend racing a revoke or an acceptance sends nothing.
     * At-least-once: the Message-ID is fixed per invitation and send count, so a retried delivery
     * is recognisable as the same message.
     */
    async sendInvitationEmail(input: SendInvitationEmailInput): Promise<SendInvitationEmailResult> {
      const details = await getInvitationWithNames(db, input.companyId, input.invitationId);
      if (!details) return { sent: false, status: 'missing' };
      const { invitation } = details;
      if (invitation.status !== 'pending') return { sent: false, status: invitation.status };
      if (invitation.expiresAt.getTime() <= Date.now()) return { sent: false, status: 'expired' };

      const message = invitationMessage({
        companyName: details.companyName,
        teamName: details.teamName,
        role: inputRoleFromStored(invitation.role),
        link: invitationUrl(config.PUBLIC_URL, invitation.token),
        expiresAt: invitation.expiresAt,
        resendCount: input.resendCount,
      });
      const domain = mailDomainOf(config.MAIL_FROM) ?? 'sales-practice.local';
      try {
        const info = await transport.sendMail({
          from: config.MAIL_FROM,
          to: invitation.email,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: `<invitation-${invitation.id}-${input.resendCount}@${domain}>`,
        });
        logger.info({ invitationId: invitation.id, resendCount: input.resendCount }, 'invitation email sent');
        metrics?.invitations.inc({ event: 'sent' });
        return { sent: true, messageId: String(info.messageId) };
      } catch (err) {
        const failure = classifySmtpError(err, invitation.email);
        // The failure's message, not the error: nodemailer's error names the recipient in several fields.
        logger.warn(
          { invitationId: invitation.id, type: failure.type, message: failure.message },
          'invitation email failed',
        );
        throw failure;
      }
    },
  };
}
