import { expect } from 'chai';
import type { Invitation, InvitationList } from '../../api/schemas/invitations';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  invitationHandle,
  linkFromMail,
  recordHistory,
  startInvitationWorld,
  uniqueEmail,
  type InvitationWorld,
} from '../support/invitationFixtures';
import { makeTeam } from '../support/userFixtures';

describe('invitations: email delivery over SMTP', () => {
  let world: InvitationWorld;
  let tenant: TenantFixture;
  let teamId: string;

  before(async () => {
    world = await startInvitationWorld();
    tenant = await createTenant('Tom & Jerry <Sales>');
    teamId = (await makeTeam(tenant.company.id, 'A "quoted" team')).id;
  });
  after(async () => world.close());

  const invite = (email: string) =>
    world.api.request<Invitation>('POST', '/api/user/invite', {
      apiKey: tenant.apiKey,
      json: { email, teamId, role: 'User' },
    });

  it('retries transient refusals (4xx) until the email goes through', async () => {
    const email = uniqueEmail('greylisted');
    world.smtp.refuseRecipient(email, 451, 2);
    expect((await invite(email)).status).to.equal(200);
    const mails = await world.smtp.waitForMails(email, 1, 30_000);
    expect(mails).to.have.length(1);
    expect(world.smtp.recipientAttempts(email)).to.equal(3);
  });

  it('does not retry a permanent rejection (5xx); the invitation stays outstanding and a resend delivers it', async () => {
    const email = uniqueEmail('bounce');
    world.smtp.refuseRecipient(email, 550);
    const { body: invitation } = await invite(email);
    const deadline = Date.now() + 10_000;
    while (world.smtp.recipientAttempts(email) < 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(world.smtp.recipientAttempts(email)).to.equal(1);
    // None comes: the send activity failed for good (ActivityTaskFailed is written only when no retry
    // follows) and nothing is pending, while the workflow still runs.
    const handle = await invitationHandle(world.api, tenant.company.id, email);
    const failedForGood = async (): Promise<boolean> =>
      (await handle.fetchHistory()).events?.some((e) => e.activityTaskFailedEventAttributes) === true &&
      ((await handle.describe()).raw.pendingActivities ?? []).length === 0;
    for (const until = Date.now() + 30_000; !(await failedForGood()) && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 100));
    expect(await failedForGood(), 'the send failed without a retry pending').to.equal(true);
    expect(world.smtp.recipientAttempts(email)).to.equal(1);
    expect((await handle.describe()).status.name).to.equal('RUNNING');
    const listed = await world.api.request<InvitationList>('GET', '/api/invitations', { apiKey: tenant.apiKey });
    expect(listed.body.data.map((i) => i.id)).to.include(invitation.id);

    world.smtp.refuseRecipient(email, 550, 0);
    expect((await invite(email)).body.resendCount).to.equal(1);
    const [mail] = await world.smtp.waitForMails(email, 1);
    expect(mail.subject).to.match(/^Reminder: /);
    expect(
      (await world.api.request('DELETE', `/api/invitations/${invitation.id}`, { apiKey: tenant.apiKey })).status,
    ).to.equal(200);
    expect(await handle.result()).to.equal('revoked');
    await recordHistory('email-rejected-resent-revoked', handle);
  });

  it('escapes company and team names in the HTML email and the invitation page', async () => {
    const email = uniqueEmail('escape');
    await invite(email);
    const [mail] = await world.smtp.waitForMails(email, 1);
    expect(mail.text).to.include('Tom & Jerry <Sales>').and.include('A "quoted" team');
    expect(mail.html).to.include('Tom &amp; Jerry &lt;Sales&gt;').and.include('A &quot;quoted&quot; team');
    expect(mail.html).to.not.include('<Sales>');
    const page = await fetch(linkFromMail(mail));
    const html = await page.text();
    expect(html).to.include('Tom &amp; Jerry &lt;Sales&gt;');
    expect(html).to.not.include('<Sales>');
    expect(page.headers.get('content-security-policy')).to.match(/script-src 'nonce-[^']+'/);
    expect(page.headers.get('referrer-policy')).to.equal('no-referrer');
  });
});
