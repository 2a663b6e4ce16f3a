import { WorkflowNotFoundError } from '@temporalio/common';
import { expect } from 'chai';
import type { Invitation } from '../../api/schemas/invitations';
import { randomToken } from '../../common/secrets';
import { insertInvitation } from '../../db/queries/invitations';
import { createTenant } from '../support/fixtures';
import { testEnv } from '../support/env';
import {
  linkFromMail,
  startInvitationWorld,
  tokenFromLink,
  uniqueEmail,
  type InvitationWorld,
} from '../support/invitationFixtures';
import { makeTeam } from '../support/userFixtures';

// Invitation workflows were once identified by the address (`invitation-<companyId>-<email>`); now by the
// invitation's row id. A row from before that has no workflow_id, and its run under the address ended before
// v2026.11.26 was deployed (an upgrade from v2026.11.23 drains): a resend starts the run under the row's own
// id, and nothing ever runs under the address again.

describe('invitations: rows from before workflow ids were per invitation', () => {
  let world: InvitationWorld;
  before(async () => {
    world = await startInvitationWorld();
  });
  after(async () => world.close());

  it("a resend starts a run under the invitation's own id, which the acceptance reaches", async () => {
    const tenant = await createTenant('Upgrade Co');
    const teamId = (await makeTeam(tenant.company.id)).id;
    const email = uniqueEmail('legacy');
    const db = testEnv().db;
    const now = new Date();
    const row = await insertInvitation(db, {
      companyId: tenant.company.id,
      teamId,
      email,
      role: 'Rep',
      token: randomToken(32),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    // The row as the old API left it: no workflow_id (its run, long closed, had the address-based id).
    await db('invitations').where({ id: row.id }).update({ workflow_id: null });

    const resent = await world.api.request<Invitation>('POST', '/api/user/invite', {
      apiKey: tenant.apiKey,
      json: { email, teamId, role: 'User' },
    });
    expect(resent.status, resent.text).to.equal(200);
    expect(resent.body).to.include({ id: row.id, resendCount: 1 });
    const [mail] = await world.smtp.waitForMails(email, 1);
    expect(mail.subject).to.match(/^Reminder: /);

    const own = world.api.temporal.workflow.getHandle(`invitation-${row.id}`);
    expect((await own.describe()).status.name).to.equal('RUNNING');
    const accepted = await world.api.request('POST', '/api/invitations/accept', {
      json: { token: tokenFromLink(linkFromMail(mail)), firstName: 'Lee' },
    });
    expect(accepted.status, accepted.text).to.equal(200);
    expect(await own.result()).to.equal('accepted');

    let missing: unknown;
    await world.api.temporal.workflow
      .getHandle(`invitation-${tenant.company.id}-${email.toLowerCase()}`)
      .describe()
      .catch((err: unknown) => (missing = err));
    expect(missing).to.be.instanceOf(WorkflowNotFoundError);
  });
});
