import { expect } from 'chai';
import { classifySmtpError, SMTP_REJECTED, SMTP_UNAVAILABLE } from '../../activities/invitationEmail';

// Mail servers quote the address they refuse; the failure goes into the invitation workflow's history
// (kept for the namespace's retention, past any erasure) and the worker's log, so the address is replaced.

describe('invitations: SMTP failures name no invitee', () => {
  it('replaces the address, whatever its case, in permanent and transient failures', () => {
    const permanent = classifySmtpError(
      {
        responseCode: 550,
        message: '550 5.1.1 <Jane.Doe+x@Example.com>: Recipient address rejected: jane.doe+x@example.com',
      },
      'jane.doe+x@example.com',
    );
    expect(permanent.type).to.equal(SMTP_REJECTED);
    expect(permanent.nonRetryable).to.equal(true);
    expect(permanent.message).to.not.match(/jane/i);
    expect(permanent.message).to.contain('<the invitee>: Recipient address rejected');
    const transient = classifySmtpError(
      { responseCode: 450, message: '450 mailbox for jane.doe+x@example.com busy' },
      'jane.doe+x@example.com',
    );
    expect(transient.type).to.equal(SMTP_UNAVAILABLE);
    expect(transient.message).to.not.match(/jane/i);
  });
});
