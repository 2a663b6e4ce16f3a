import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Invitation, InvitationList } from '../../api/schemas/invitations';
import type { UserRecord } from '../../api/schemas/users';
import { ensureIntegrationTeam } from '../../db/queries/teams';
import { startApi } from '../support/api';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  companyRowCounts,
  errorOf,
  invitationHandle,
  linkFromMail,
  recordHistory,
  startInvitationWorld,
  storedInvitations,
  tokenFromLink,
  uniqueEmail,
  type InvitationWorld,
} from '../support/invitationFixtures';
import { freePort } from '../support/temporalServer';
import { makeTeam, makeUser } from '../support/userFixtures';

describe('invitations: invite, resend, accept', () => {
  let world: InvitationWorld;
  let tenant: TenantFixture;
  let teamId: string;

  before(async () => {
    world = await startInvitationWorld();
    tenant = await createTenant('Acme Invites');
    teamId = (await makeTeam(tenant.company.id, 'East Coast')).id;
  });
  after(async () => world.close());

  const invite = (body: unknown, apiKey = tenant.apiKey) =>
    world.api.request<Invitation>('POST', '/api/user/invite', { apiKey, json: body });

  it('invites, emails a working link, and accepting it creates an active, listed user', async () => {
    const email = uniqueEmail('jane');
    const res = await invite({ email, teamId, role: 'User' });
    expect(res.status).to.equal(200);
    const invitation = res.body;
    expect(invitation).to.include({ email, teamId, role: 'User', resendCount: 0 });
    expect(Date.parse(invitation.expirationDate) - Date.parse(invitation.createdAt)).to.equal(30 * 24 * 3600 * 1000);

    const [mail] = await world.smtp.waitForMails(email, 1);
    expect(mail.from).to.equal('no-reply@sales-practice.local');
    expect(mail.subject).to.include('Acme Invites');
    expect(mail.text).to.include('East Coast');
    expect(mail.text).to.include(new Date(invitation.expirationDate).toUTCString());
    expect(mail.html).to.include(new Date(invitation.expirationDate).toUTCString());
    const link = linkFromMail(mail);
    expect(link.startsWith(`${world.api.url}/invitations/`)).to.equal(true);

    // Following the link from the email shows the invitation and a form that posts to the accept API.
    const page = await fetch(link);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(page.headers.get('cache-control')).to.equal('no-store');
    const html = await page.text();
    expect(html).to.include(email).and.include('East Coast').and.include('Acme Invites');
    expect(html).to.include('data-accept-url="/api/invitations/accept"');
    expect(html).to.include(`name="token" value="${tokenFromLink(link)}"`);

    const accepted = await world.api.request<UserRecord>('POST', '/api/invitations/accept', {
      json: { token: tokenFromLink(link), firstName: 'Jane', lastName: 'Doe' },
    });
    expect(accepted.status).to.equal(200);
    expect(accepted.body).to.include({
      email,
      firstName: 'Jane',
      lastName: 'Doe',
      role: 'User',
      status: 'active',
      invitationUrl: null,
    });

    const listed = await world.api.request<{
      data: Array<{ id: string; email: string; role: string; teamId: string | null }>;
    }>('GET', '/api/user?limit=1000', {
      apiKey: tenant.apiKey,
    });
    const user = listed.body.data.find((u) => u.email === email);
    expect(user).to.deep.include({ id: accepted.body.id, role: 'Rep', teamId });
    const stored = (await storedInvitations(tenant.company.id)).find((r) => r.id === invitation.id);
    expect(stored).to.include({ status: 'accepted', acceptedUserId: accepted.body.id });

    // The workflow ends with the acceptance; the used token is refused from then on.
    const handle = await invitationHandle(world.api, tenant.company.id, email);
    expect(await handle.result()).to.equal('accepted');
    await recordHistory('accepted', handle);
    const again = await world.api.request('POST', '/api/invitations/accept', {
      json: { token: tokenFromLink(link), firstName: 'Jane' },
    });
    expect(again.status).to.equal(410);
    expect(errorOf(again).code).to.equal('invitation_accepted');
    expect((await fetch(link)).status).to.equal(410);
  });

  it('a second invite resends the outstanding invitation: same id, resendCount 1, new team and role, two emails', async () => {
    const email = uniqueEmail('twice');
    const otherTeam = await makeTeam(tenant.company.id, 'West Coast');
    const first = await invite({ email, teamId, role: 'User' });
    const second = await invite({ email: email.toUpperCase(), teamId: otherTeam.id, role: 'Manager' });
    expect(second.status).to.equal(200);
    expect(second.body).to.deep.equal({ ...first.body, teamId: otherTeam.id, role: 'Manager', resendCount: 1 });

    const mails = await world.smtp.waitForMails(email, 2);
    expect(mails).to.have.length(2);
    expect(linkFromMail(mails[1])).to.equal(linkFromMail(mails[0]));
    expect(mails[1].text).to.include('West Coast').and.include('as a manager');
    expect(mails[0].messageId).to.not.equal(mails[1].messageId);
    const rows = (await storedInvitations(tenant.company.id)).filter((r) => r.email === email);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ resendCount: 1, teamId: otherTeam.id, role: 'Manager' });

    // Accepting now yields a Manager in the new team.
    const accepted = await world.api.request<UserRecord>('POST', '/api/invitations/accept', {
      json: { token: tokenFromLink(linkFromMail(mails[1])), firstName: 'Max' },
    });
    expect(accepted.body).to.include({ role: 'Manager', status: 'active', lastName: null });
    // Only two emails ever went out for it: its workflow has ended, so none can follow.
    expect(await (await invitationHandle(world.api, tenant.company.id, email)).result()).to.equal('accepted');
    expect(world.smtp.mailsTo(email)).to.have.length(2);
  });

  it('concurrent invites of one address converge on one invitation', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(Array.from({ length: 5 }, () => invite({ email, teamId, role: 'User' })));
    expect(results.map((r) => r.status)).to.deep.equal([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.id)).size).to.equal(1);
    expect(results.map((r) => r.body.resendCount).sort()).to.deep.equal([0, 1, 2, 3, 4]);
    const rows = (await storedInvitations(tenant.company.id)).filter((r) => r.email === email);
    expect(rows).to.have.length(1);
    expect(rows[0].resendCount).to.equal(4);
    await world.smtp.waitForMails(email, 5);
  });

  it('refuses to invite an existing active or disabled user (409) and writes nothing', async () => {
    for (const status of ['active', 'disabled'] as const) {
      const user = await makeUser(tenant.company.id, { status });
      const before = await companyRowCounts(tenant.company.id);
      const res = await invite({ email: user.email.toUpperCase(), teamId, role: 'User' });
      expect(res.status).to.equal(409);
      expect(errorOf(res).code).to.equal('user_exists');
      expect(await companyRowCounts(tenant.company.id)).to.deep.equal(before);
    }
  });

  it('answers 404 for a team of another company or an unknown team, 400 for the Integration team', async () => {
    const other = await createTenant();
    const foreignTeam = await makeTeam(other.company.id, 'Theirs');
    const integration = await ensureIntegrationTeam(testEnv().db, tenant.company.id);
    const before = await companyRowCounts(tenant.company.id);
    for (const id of [foreignTeam.id, randomUUID()]) {
      const res = await invite({ email: uniqueEmail(), teamId: id, role: 'User' });
      expect(res.status).to.equal(404);
      expect(errorOf(res).message).to.equal('Team was not found.');
    }
    const res = await invite({ email: uniqueEmail(), teamId: integration.id, role: 'User' });
    expect(res.status).to.equal(400);
    expect(await companyRowCounts(tenant.company.id)).to.deep.equal(before);
    expect(await companyRowCounts(other.company.id)).to.deep.equal({ invitations: 0, users: 0 });
  });

  it('rejects bad bodies with 400, writing and sending nothing', async () => {
    const email = uniqueEmail('bad');
    const bodies: unknown[] = [
      {},
      { email, teamId },
      { email, teamId, role: 'Rep' },
      { email, teamId, role: 'Admin' },
      { email: 'not-an-email', teamId, role: 'User' },
      { email: `${email} `, teamId, role: 'User' },
      { email: `${'a'.repeat(320)}@example.com`, teamId, role: 'User' },
      { email, teamId: 'not-a-uuid', role: 'User' },
      { email, teamId, role: 'User', extra: 1 },
      { email: 42, teamId, role: 'User' },
      [],
    ];
    const before = await companyRowCounts(tenant.company.id);
    for (const body of bodies) {
      const res = await invite(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
    }
    const noBody = await world.api.request('POST', '/api/user/invite', { apiKey: tenant.apiKey });
    expect(noBody.status).to.equal(400);
    const unauthenticated = await world.api.request('POST', '/api/user/invite', {
      json: { email, teamId, role: 'User' },
    });
    expect(unauthenticated.status).to.equal(401);
    expect(await companyRowCounts(tenant.company.id)).to.deep.equal(before);
    // Nothing was kept for the address, and an invitation's workflow is named by its row (invitation-<id>):
    // none can have started, so no email can come.
    const kept = await testEnv().db('invitations').where({ company_id: tenant.company.id, email }).count({ n: '*' });
    expect(Number(kept[0].n)).to.equal(0);
    expect(world.smtp.mailsTo(email)).to.have.length(0);
  });

  it('refuses unknown tokens (404) and bad accept bodies (400), creating no user', async () => {
    const email = uniqueEmail('acceptor');
    await invite({ email, teamId, role: 'User' });
    const token = tokenFromLink(linkFromMail((await world.smtp.waitForMails(email, 1))[0]));
    const before = await companyRowCounts(tenant.company.id);

    const unknown = await world.api.request('POST', '/api/invitations/accept', {
      json: { token: 'x'.repeat(43), firstName: 'A' },
    });
    expect(unknown.status).to.equal(404);
    // Tokens are case-sensitive even though the column's collation is not.
    const flipped =
      token.replace(/[a-z]/, (c) => c.toUpperCase()) === token
        ? token.replace(/[A-Z]/, (c) => c.toLowerCase())
        : token.replace(/[a-z]/, (c) => c.toUpperCase());
    expect(
      (await world.api.request('POST', '/api/invitations/accept', { json: { token: flipped, firstName: 'A' } })).status,
    ).to.equal(404);
    for (const body of [
      { token },
      { token, firstName: '' },
      { token, firstName: 'A', lastName: '' },
      { token, firstName: 'x'.repeat(256) },
      { token, firstName: 'A', role: 'Manager' },
    ]) {
      expect(
        (await world.api.request('POST', '/api/invitations/accept', { json: body })).status,
        JSON.stringify(body),
      ).to.equal(400);
    }
    expect(await companyRowCounts(tenant.company.id)).to.deep.equal(before);
    const pageRes = await fetch(`${world.api.url}/invitations/${'x'.repeat(43)}`);
    expect(pageRes.status).to.equal(404);
    expect(await pageRes.text()).to.include('Invitation not found');
  });

  it('answers 503 and keeps nothing when Temporal cannot be reached; a retry then invites normally', async () => {
    const email = uniqueEmail('offline');
    const cutOff = await startApi({
      TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`,
      TEMPORAL_TASK_QUEUE: world.api.config.TEMPORAL_TASK_QUEUE,
    });
    try {
      const before = await companyRowCounts(tenant.company.id);
      const res = await cutOff.request('POST', '/api/user/invite', {
        apiKey: tenant.apiKey,
        json: { email, teamId, role: 'User' },
      });
      expect(res.status).to.equal(503);
      expect(errorOf(res).code).to.equal('workflow_unavailable');
      expect(res.headers.get('retry-after')).to.equal('5');
      expect(await companyRowCounts(tenant.company.id)).to.deep.equal(before);
    } finally {
      await cutOff.close();
    }
    const retried = await invite({ email, teamId, role: 'User' });
    expect(retried.status).to.equal(200);
    expect(retried.body.resendCount).to.equal(0);
    await world.smtp.waitForMails(email, 1);
  });

  it('lists outstanding invitations with pagination, newest first, only the caller company', async () => {
    const company = await createTenant('Lister');
    const team = await makeTeam(company.company.id);
    const emails = [uniqueEmail('l'), uniqueEmail('l'), uniqueEmail('l')];
    for (const email of emails)
      expect((await invite({ email, teamId: team.id, role: 'Manager' }, company.apiKey)).status).to.equal(200);
    await invite({ email: uniqueEmail('elsewhere'), teamId, role: 'User' });

    const page1 = await world.api.request<InvitationList>('GET', '/api/invitations?limit=2', {
      apiKey: company.apiKey,
    });
    expect(page1.status).to.equal(200);
    expect(page1.body.pagination).to.deep.equal({ total: 3, offset: 0, limit: 2, hasMore: true });
    const page2 = await world.api.request<InvitationList>('GET', '/api/invitations?offset=2&limit=2', {
      apiKey: company.apiKey,
    });
    expect(page2.body.pagination).to.deep.equal({ total: 3, offset: 2, limit: 2, hasMore: false });
    expect([...page1.body.data, ...page2.body.data].map((i) => i.email)).to.deep.equal([...emails].reverse());

    expect((await world.api.request('GET', '/api/invitations?limit=0', { apiKey: company.apiKey })).status).to.equal(
      400,
    );
    expect((await world.api.request('GET', '/api/invitations?limit=1001', { apiKey: company.apiKey })).status).to.equal(
      400,
    );
    expect((await world.api.request('GET', '/api/invitations?offset=-1', { apiKey: company.apiKey })).status).to.equal(
      400,
    );
  });

  it('shows an outstanding invitation of a child company as an invited record whose link works', async () => {
    const child = await createTenant('Child Co', tenant.company.id);
    const childTeam = await makeTeam(child.company.id, 'Child Team');
    const email = uniqueEmail('child');
    const invited = await invite({ email, teamId: childTeam.id, role: 'User' }, child.apiKey);
    const listed = await world.api.request<{ users: UserRecord[] }>(
      'GET',
      `/api/user?child_company_id=${child.company.id}`,
      { apiKey: tenant.apiKey },
    );
    expect(listed.status).to.equal(200);
    const record = listed.body.users.find((u) => u.id === invited.body.id);
    expect(record).to.include({ email, status: 'invited' });
    const [mail] = await world.smtp.waitForMails(email, 1);
    expect(tokenFromLink(record!.invitationUrl!)).to.equal(tokenFromLink(linkFromMail(mail)));
  });
});
