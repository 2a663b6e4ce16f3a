import type { WorkflowHandle } from '@temporalio/client';
import { expect } from 'chai';
import type { Invitation } from '../../api/schemas/invitations';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
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
import { makeTeam } from '../support/userFixtures';

// A waiting invitation lives in Temporal, not in a worker: stopping the worker and starting a new one
// (nothing cached) must neither lose the invitation nor its timer.

type HistoryEvent = NonNullable<Awaited<ReturnType<WorkflowHandle['fetchHistory']>>['events']>[number];

/** Resolves once the run's history has an event `wanted` picks (Temporal fires timers without a worker). */
async function waitForEvent(
  handle: WorkflowHandle,
  what: string,
  wanted: (e: HistoryEvent) => boolean,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { events } = await handle.fetchHistory();
    if ((events ?? []).some(wanted)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function setUp(
  world: InvitationWorld,
): Promise<{ tenant: TenantFixture; invite: (email: string) => Promise<Invitation> }> {
  const tenant = await createTenant('Durable Co');
  const teamId = (await makeTeam(tenant.company.id)).id;
  return {
    tenant,
    invite: async (email) => {
      const res = await world.api.request<Invitation>('POST', '/api/user/invite', {
        apiKey: tenant.apiKey,
        json: { email, teamId, role: 'Manager' },
      });
      expect(res.status).to.equal(200);
      return res.body;
    },
  };
}

describe('invitations: worker restarts', () => {
  describe('while an invitation waits for acceptance', () => {
    let world: InvitationWorld;
    before(async () => {
      world = await startInvitationWorld();
    });
    after(async () => world.close());

    it('a new worker picks up the waiting invitation: resend and accept still work', async () => {
      const { tenant, invite } = await setUp(world);
      const email = uniqueEmail('restart');
      await invite(email);
      await world.smtp.waitForMails(email, 1);

      await world.stopWorker();
      await world.startWorker();
      expect((await invite(email)).resendCount).to.equal(1);
      const mails = await world.smtp.waitForMails(email, 2, 30_000);
      const accepted = await world.api.request('POST', '/api/invitations/accept', {
        json: { token: tokenFromLink(linkFromMail(mails[1])), firstName: 'Rae' },
      });
      expect(accepted.status).to.equal(200);
      const handle = await invitationHandle(world.api, tenant.company.id, email);
      expect(await handle.result()).to.equal('accepted');
      await recordHistory('resent-after-restart-accepted', handle);
    });

    it('an acceptance while no worker runs ends the workflow once a worker is back', async () => {
      const { tenant, invite } = await setUp(world);
      const email = uniqueEmail('offline');
      await invite(email);
      const token = tokenFromLink(linkFromMail((await world.smtp.waitForMails(email, 1))[0]));
      await world.stopWorker();
      try {
        const accepted = await world.api.request('POST', '/api/invitations/accept', {
          json: { token, firstName: 'Off', lastName: 'Line' },
        });
        expect(accepted.status).to.equal(200);
        const description = await (await invitationHandle(world.api, tenant.company.id, email)).describe();
        expect(description.status.name).to.equal('RUNNING');
      } finally {
        await world.startWorker();
      }
      expect(await (await invitationHandle(world.api, tenant.company.id, email)).result()).to.equal('accepted');
      expect(world.smtp.mailsTo(email)).to.have.length(1);
    });
  });

  describe('while its expiry passes', () => {
    let world: InvitationWorld;
    before(async () => {
      // Ten seconds: the mail and the worker's stop must both come before the expiry, also on a loaded machine;
      // the test then waits for the timer to fire (recorded in the history while no worker runs).
      world = await startInvitationWorld({ INVITATION_TTL: '10s' });
    });
    after(async () => world.close());

    it('the timer still fires on the new worker and the invitation ends expired', async () => {
      const { tenant, invite } = await setUp(world);
      const email = uniqueEmail('timer');
      const invitation = await invite(email);
      const token = tokenFromLink(linkFromMail((await world.smtp.waitForMails(email, 1))[0]));
      const handle = await invitationHandle(world.api, tenant.company.id, email);
      await waitForEvent(handle, 'the expiry timer to be set', (e) => Boolean(e.timerStartedEventAttributes));
      await world.stopWorker();
      try {
        // The positive signal that the expiry passed with no worker: Temporal recorded the timer as fired.
        await waitForEvent(handle, 'the expiry timer to fire', (e) => Boolean(e.timerFiredEventAttributes));
        expect(Date.now()).to.be.at.least(Date.parse(invitation.expirationDate));
        // No worker marked it yet, but the API already refuses the token by its expiry date.
        expect((await storedInvitations(tenant.company.id))[0].status).to.equal('pending');
        const refused = await world.api.request('POST', '/api/invitations/accept', {
          json: { token, firstName: 'Late' },
        });
        expect(refused.status).to.equal(410);
        expect(errorOf(refused).code).to.equal('invitation_expired');
      } finally {
        await world.startWorker();
      }
      expect(await handle.result()).to.equal('expired');
      expect((await storedInvitations(tenant.company.id))[0].status).to.equal('expired');
      await recordHistory('expired-across-restart', handle);
    });
  });
});
