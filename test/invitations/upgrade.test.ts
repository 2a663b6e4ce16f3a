import { WorkflowIdReusePolicy, WorkflowNotFoundError } from '@temporalio/common';
import { expect } from 'chai';
import type { Invitation } from '../../api/schemas/invitations';
import { randomToken } from '../../common/secrets';
import { legacyInvitationWorkflowId, searchAttributes } from '../../common/temporal';
import { insertInvitation } from '../../db/queries/invitations';
import type { invitation as invitationWorkflow } from '../../workflows/invitation';
import { resendSignal, type ResendSignal } from '../../workflows/invitationSignals';
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

// Invitation workflows were once identified by the address (`invitation-<companyId>-<email>`); now by
// the invitation's row id. An invitation created before the upgrade (no workflow_id on its row) has
// its run under the old id, and a resend and an acceptance must still reach that run.

/** An invitation as the old API left it: a row without workflow_id, its run under the address-based id, the first email sent. */
async function legacyInvitation(world: InvitationWorld, companyName: string, localPart: string) {
  const tenant = await createTenant(companyName);
  const teamId = (await makeTeam(tenant.company.id)).id;
  const email = uniqueEmail(localPart);
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
  await db('invitations').where({ id: row.id }).update({ workflow_id: null });
  const legacyId = legacyInvitationWorkflowId(tenant.company.id, email);
  const expiresAt = row.expiresAt.toISOString();
  const old = await world.api.temporal.workflow.signalWithStart<typeof invitationWorkflow, [ResendSignal]>(
    'invitation',
    {
      workflowId: legacyId,
      taskQueue: world.api.config.TEMPORAL_TASK_QUEUE,
      args: [{ companyId: tenant.company.id, invitationId: row.id, expiresAt, resendCount: 0 }],
      signal: resendSignal,
      signalArgs: [{ invitationId: row.id, expiresAt, resendCount: 0 }],
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
      typedSearchAttributes: [{ key: searchAttributes.CompanyId, value: tenant.company.id }],
    },
  );
  await world.smtp.waitForMails(email, 1);
  return { tenant, teamId, email, db, row, legacyId, old };
}

describe('invitations: runs started under the address-based id before the upgrade', () => {
  let world: InvitationWorld;
  before(async () => {
    world = await startInvitationWorld();
  });
  after(async () => world.close());

  it('a resend and the acceptance reach the old run; no second workflow is started', async () => {
    // The row as the old API wrote it (no workflow_id), and its run as the old API started it.
    const { tenant, teamId, email, row, legacyId } = await legacyInvitation(world, 'Upgrade Co', 'legacy');

    // After the upgrade: the API resends through the old run.
    const resent = await world.api.request<Invitation>('POST', '/api/user/invite', {
      apiKey: tenant.apiKey,
      json: { email, teamId, role: 'User' },
    });
    expect(resent.status, resent.text).to.equal(200);
    expect(resent.body).to.include({ id: row.id, resendCount: 1 });
    const mails = await world.smtp.waitForMails(email, 2);
    expect(mails[1].subject).to.match(/^Reminder: /);

    const accepted = await world.api.request('POST', '/api/invitations/accept', {
      json: { token: tokenFromLink(linkFromMail(mails[1])), firstName: 'Lee' },
    });
    expect(accepted.status, accepted.text).to.equal(200);
    expect(await world.api.temporal.workflow.getHandle(legacyId).result()).to.equal('accepted');

    let missing: unknown;
    await world.api.temporal.workflow
      .getHandle(`invitation-${row.id}`)
      .describe()
      .catch((err: unknown) => (missing = err));
    expect(missing).to.be.instanceOf(WorkflowNotFoundError);
  });

  it("a resend after the old run closed starts a run under the invitation's own id, never under the address", async () => {
    const { tenant, teamId, email, db, row, legacyId, old } = await legacyInvitation(
      world,
      'Upgrade Closed Co',
      'legacy-closed',
    );
    // The old run is gone (an operator terminated it, or it ended) while the row is still pending.
    await old.terminate('closed before the upgrade');
    const oldRunId = (await old.describe()).runId;

    const resent = await world.api.request<Invitation>('POST', '/api/user/invite', {
      apiKey: tenant.apiKey,
      json: { email, teamId, role: 'User' },
    });
    expect(resent.status, resent.text).to.equal(200);
    expect(resent.body).to.include({ id: row.id, resendCount: 1 });
    const mails = await world.smtp.waitForMails(email, 2);
    expect(mails[1].subject).to.match(/^Reminder: /);

    // The row now names its own run; the address-based id got no new run.
    expect(await db('invitations').where({ id: row.id }).first('workflow_id')).to.deep.equal({
      workflow_id: `invitation-${row.id}`,
    });
    const legacy = await world.api.temporal.workflow.getHandle(legacyId).describe();
    expect([legacy.runId, legacy.status.name]).to.deep.equal([oldRunId, 'TERMINATED']);
    const own = world.api.temporal.workflow.getHandle(`invitation-${row.id}`);
    expect((await own.describe()).status.name).to.equal('RUNNING');

    // The acceptance reaches the new run.
    const accepted = await world.api.request('POST', '/api/invitations/accept', {
      json: { token: tokenFromLink(linkFromMail(mails[1])), firstName: 'Kim' },
    });
    expect(accepted.status, accepted.text).to.equal(200);
    expect(await own.result()).to.equal('accepted');
  });
});
