// The invitation email's content, kept apart from sending so that the wording has one home.

export interface InvitationMessageInput {
  companyName: string;
  teamName: string;
  /** Invite vocabulary: User or Manager. */
  role: 'User' | 'Manager';
  link: string;
  expiresAt: Date;
  /** 0 for the first email, n for the n-th resend. */
  resendCount: number;
}

export interface InvitationMessage {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Readable in any timezone: the UTC date and time plus the ISO form. */
export function formatExpiry(expiresAt: Date): string {
  return `${expiresAt.toUTCString()} (${expiresAt.toISOString()})`;
}

export function invitationMessage(input: InvitationMessageInput): InvitationMessage {
  const roleLabel = input.role === 'Manager' ? 'a manager' : 'a member';
  const reminder = input.resendCount > 0 ? 'Reminder: ' : '';
  const subject = `${reminder}You are invited to join ${input.companyName} on Sales Practice`;
  const expiry = formatExpiry(input.expiresAt);
  const text = [
    `Hello,`,
    ``,
    `You have been invited to join ${input.companyName} on Sales Practice as ${roleLabel} of the team "${input.teamName}".`,
    ``,
    `Accept the invitation here:`,
    input.link,
    ``,
    `The invitation expires on ${expiry}.`,
    `If you did not expect this email, you can ignore it.`,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Hello,</p>
<p>You have been invited to join <strong>${escapeHtml(input.companyName)}</strong> on Sales Practice as ${roleLabel} of the team
<strong>${escapeHtml(input.teamName)}</strong>.</p>
<p><a href="${escapeHtml(input.link)}">Accept the invitation</a></p>
<p>Or paste this link into your browser: ${escapeHtml(input.link)}</p>
<p>The invitation expires on ${escapeHtml(expiry)}.</p>
<p>If you did not expect this email, you can ignore it.</p>
</body></html>`;
  return { subject, text, html };
}
