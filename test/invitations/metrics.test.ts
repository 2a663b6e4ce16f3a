import { expect } from 'chai';
import { Registry } from 'prom-client';
import type { Invitation } from '../../api/schemas/invitations';
import { createActivityMetrics } from '../../worker/metrics';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  invitationHandle,
  linkFromMail,
  startInvitationWorld,
  tokenFromLink,
  uniqueEmail,
  type InvitationWorld,
} from '../support/invitationFixtures';
import { sample } from '../support/observedApi';
import { makeTeam } from '../support/userFixtures';

// Invitations sent, accepted and expired (docs/operations.md, "Measures"): the worker counts the emails
// it sent and the invitations its timer expired, the API the acceptances; one series name in both, so
// `sum by (event)` over the targets gives the figures.

describe('invitations: measures', () => {
  const registry = new Registry();
  let world: InvitationWorld;
  let tenant: TenantFixture;
  let teamId: string;

  before(async () => {
    world = await startInvitationWorld({ INVITATION_TTL: '3s' }, { metrics: createActivityMetrics(registry) });
    tenant = await createTenant('Invitation Measures');
    teamId = (await makeTeam(tenant.company.id)).id;
  });
  after(() => world.close());

  const invite = async (email: string): Promise<Invitation> => {
    const res = await world.api.request<Invitation>('POST', '/api/user/invite', {
      apiKey: tenant.apiKey,
      json: { email, teamId, role: 'User' },
    });
    expect(res.status, res.text).to.equal(200);
    return res.body;
  };
  const workerCount = async (event: string): Promise<number> =>
    sample(await registry.metrics(), 'sales_practice_invitations_total', { event });
  const apiCount = async (event: string): Promise<number> =>
    sample((await world.api.request<string>('GET', '/metrics')).text, 'sales_practice_invitations_total', { event });

  it('counts the invitations sent and accepted (API) and expired (worker)', async () => {
    const accepting = uniqueEmail('accepting');
    const expiring = uniqueEmail('expiring');
    await invite(accepting);
    await invite(expiring);
    const token = tokenFromLink(linkFromMail((await world.smtp.waitForMails(accepting, 1))[0]));
    await world.smtp.waitForMails(expiring, 1);
    const accepted = await world.api.request('POST', '/api/invitations/accept', { json: { token, firstName: 'Pat' } });
    expect(accepted.status, accepted.text).to.equal(200);
    expect(await (await invitationHandle(world.api, tenant.company.id, expiring)).result()).to.equal('expired');

    expect(await workerCount('sent')).to.equal(2);
    expect(await workerCount('expired')).to.equal(1);
    expect(await apiCount('accepted')).to.equal(1);
    expect(await workerCount('accepted')).to.equal(0);
  });
});
