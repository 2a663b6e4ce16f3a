import { expect } from 'chai';
import type { Invitation, InvitationList } from '../../api/schemas/invitations';
import type { UserRecord } from '../../api/schemas/users';
import { startApi, type TestApi } from '../support/api';
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
  waitForStatus,
  type InvitationWorld,
} from '../support/invitationFixtures';
import { movableClock } from '../support/movableClock';
import { makeTeam } from '../support/userFixtures';

describe('invitations: expiry and revocation', function () {
  // Each test waits for positive signals (a mail, a run's result), each with its own deadline inside this one.
  this.timeout(240_000);
  // The lifetime is the API's (it sets expirationDate; the workflow's timer keeps it). Invitations that must
  // still be outstanding when the test acts on them come from the world's API (10 minutes); those whose
  // expiry the test waits for come from a second API on the same task queue with SHORT_TTL. Each test
  // acts on a short-lived invitation only right after creating it, and waits for its expiry by its
  // expirationDate or the workflow's result, so a loaded machine makes the tests slower, not wrong.
  const SHORT_TTL_MS = 4000;
  let world: InvitationWorld;
  let shortLived: TestApi;
  // A third API, on a clock the test moves: it sees an invitation expire without anyone waiting for it. The
  // clock stands where it was made (when mocha loaded this file, perhaps half an hour before the test in a full
  // run): the test that uses it first moves it to the real time, since the worker's timers keep real time.
  const time = movableClock();
  let clocked: TestApi;
  let tenant: TenantFixture;
  let teamId: string;

  before(async () => {
    world = await startInvitationWorld({ INVITATION_TTL: '10m' });
    shortLived = await startApi({
      TEMPORAL_TASK_QUEUE: world.api.config.TEMPORAL_TASK_QUEUE,
      INVITATION_TTL: `${SHORT_TTL_MS}ms`,
    });
    clocked = await startApi(
      { TEMPORAL_TASK_QUEUE: world.api.config.TEMPORAL_TASK_QUEUE, INVITATION_TTL: '10m' },
      undefined,
      { clock: time.clock },
    );
    tenant = await createTenant('Short Lived');
    teamId = (await makeTeam(tenant.company.id)).id;
  });
  after(async () => {
    await clocked.close();
    await shortLived.close();
    await world.close();
  });

  const invite = (email: string, api: TestApi = world.api) =>
    api.request<Invitation>('POST', '/api/user/invite', {
      apiKey: tenant.apiKey,
      json: { email, teamId, role: 'User' },
    });
  const accept = (token: string) =>
    world.api.request<UserRecord>('POST', '/api/invitations/accept', { json: { token, firstName: 'Pat' } });
  const listed = async () =>
    (await world.api.request<InvitationList>('GET', '/api/invitations', { apiKey: tenant.apiKey })).body.data.map(
      (i) => i.id,
    );

  it('expires by its timer at createdAt + INVITATION_TTL; the token is refused and a new invite starts over', async () => {
    const email = uniqueEmail('expiring');
    const { body: invitation } = await invite(email, shortLived);
    expect(Date.parse(invitation.expirationDate) - Date.parse(invitation.createdAt)).to.equal(SHORT_TTL_MS);
    expect(await listed()).to.include(invitation.id);
    const token = tokenFromLink(linkFromMail((await world.smtp.waitForMails(email, 1))[0]));

    const handle = await invitationHandle(world.api, tenant.company.id, email);
    expect(await handle.result()).to.equal('expired');
    expect(Date.now()).to.be.at.least(Date.parse(invitation.expirationDate));
    await recordHistory('expired', handle);
    expect((await storedInvitations(tenant.company.id)).find((r) => r.id === invitation.id)?.status).to.equal(
      'expired',
    );
    expect(await listed()).to.not.include(invitation.id);

    const refused = await accept(token);
    expect(refused.status).to.equal(410);
    expect(errorOf(refused).code).to.equal('invitation_expired');
    const page = await fetch(`${world.api.url}/invitations/${token}`);
    expect(page.status).to.equal(410);
    expect(await page.text()).to.include('expired');

    // Expired → a new invitation (new id, count 0) with a workflow of its own, named by its id.
    const renewed = await invite(email);
    expect(renewed.status).to.equal(200);
    expect(renewed.body.id).to.not.equal(invitation.id);
    expect(renewed.body.resendCount).to.equal(0);
    const mails = await world.smtp.waitForMails(email, 2);
    const newToken = tokenFromLink(linkFromMail(mails[1]));
    expect(newToken).to.not.equal(token);
    expect((await accept(newToken)).status).to.equal(200);
    const renewedHandle = await invitationHandle(world.api, tenant.company.id, email);
    expect(renewedHandle.workflowId).to.equal(`invitation-${renewed.body.id}`);
    expect(await renewedHandle.result()).to.equal('accepted');
  });

  it('revoking stops the link (410) and the workflow; only outstanding invitations of the caller can be revoked', async () => {
    const email = uniqueEmail('revoked');
    const { body: invitation } = await invite(email);
    const token = tokenFromLink(linkFromMail((await world.smtp.waitForMails(email, 1))[0]));

    const stranger = await createTenant();
    expect(
      (await world.api.request('DELETE', `/api/invitations/${invitation.id}`, { apiKey: stranger.apiKey })).status,
    ).to.equal(404);
    expect((await storedInvitations(tenant.company.id)).find((r) => r.id === invitation.id)?.status).to.equal(
      'pending',
    );

    const revoked = await world.api.request<Invitation>('DELETE', `/api/invitations/${invitation.id}`, {
      apiKey: tenant.apiKey,
    });
    expect(revoked.status).to.equal(200);
    expect(revoked.body).to.deep.equal(invitation);
    const handle = await invitationHandle(world.api, tenant.company.id, email);
    expect(await handle.result()).to.equal('revoked');
    await recordHistory('revoked', handle);

    const refused = await accept(token);
    expect(refused.status).to.equal(410);
    expect(errorOf(refused).code).to.equal('invitation_revoked');
    expect((await fetch(`${world.api.url}/invitations/${token}`)).status).to.equal(410);
    expect(
      (await world.api.request('DELETE', `/api/invitations/${invitation.id}`, { apiKey: tenant.apiKey })).status,
    ).to.equal(404);
    expect(await listed()).to.not.include(invitation.id);
    expect(
      (await world.api.request('DELETE', '/api/invitations/not-a-uuid', { apiKey: tenant.apiKey })).status,
    ).to.equal(400);

    // A new invite after a revocation is a new invitation.
    const again = await invite(email, shortLived);
    expect(again.body.id).to.not.equal(invitation.id);
    expect(again.body.resendCount).to.equal(0);
    await world.smtp.waitForMails(email, 2);
    expect(await (await invitationHandle(world.api, tenant.company.id, email)).result()).to.equal('expired');
  });

  it('replaces an invitation that expired while no worker ran: one email, for the new invitation only', async () => {
    const email = uniqueEmail('replaced');
    // Both come from the API whose clock the test moves past the first one's expiry; the replacement then
    // lasts ten minutes of real time, so restarting the worker and accepting never outlasts it. That holds
    // from the real time now: left where it stood since the file was loaded, the clock could put the
    // replacement's expiry in the worker's past, and its run would end `expired` before the test accepts it.
    time.advance(Math.max(0, Date.now() - time.nowMs()));
    await world.stopWorker();
    const replaced = await (async () => {
      try {
        const first = (await invite(email, clocked)).body;
        time.advance(Date.parse(first.expirationDate) - time.nowMs());
        // Its timer could not run; the API sees the expiry itself and starts over.
        const second = (await invite(email, clocked)).body;
        expect(second.id).to.not.equal(first.id);
        expect(second.resendCount).to.equal(0);
        expect((await storedInvitations(tenant.company.id)).find((r) => r.id === first.id)?.status).to.equal('expired');
        expect(world.smtp.mailsTo(email)).to.have.length(0);
        return { first, second };
      } finally {
        await world.startWorker();
      }
    })();
    const { first, second } = replaced;
    expect(Date.parse(second.expirationDate) - Date.now(), 'the replacement expires in the real future').to.be.above(
      5 * 60_000,
    );
    // Sent by the restarted worker: on a busy machine its first task may take a while.
    const [mail] = await world.smtp.waitForMails(email, 1, 120_000);
    const accepted = await accept(tokenFromLink(linkFromMail(mail)));
    // What the test saw, when the replacement was not accepted: both rows and the replacement's run.
    const explain = async (): Promise<string> =>
      JSON.stringify({
        accepted: accepted.text,
        rows: (await storedInvitations(tenant.company.id)).filter((r) => r.id === first.id || r.id === second.id),
        second,
        now: new Date().toISOString(),
        run: await world.api.temporal.workflow
          .getHandle(`invitation-${second.id}`)
          .describe()
          .then((d) => d.status.name, String),
      });
    if (accepted.status !== 200) expect.fail(`accepting the replacement: ${await explain()}`);
    expect((await storedInvitations(tenant.company.id)).find((r) => r.id === second.id)?.status).to.equal('accepted');
    const handle = await invitationHandle(world.api, tenant.company.id, email);
    expect(handle.workflowId).to.equal(`invitation-${second.id}`);
    expect(await handle.result()).to.equal('accepted');
    await waitForStatus(tenant.company.id, first.id, 'expired');
    expect(world.smtp.mailsTo(email)).to.have.length(1);

    // Each invitation has its own workflow: the first one's found its row expired and ended, emailing nothing.
    expect(await world.api.temporal.workflow.getHandle(`invitation-${first.id}`).result()).to.equal('expired');
  });
});
