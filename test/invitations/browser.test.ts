import { existsSync } from 'node:fs';
import { expect } from 'chai';
import { chromium, type Browser } from 'playwright-core';
import { createTenant } from '../support/fixtures';
import {
  linkFromMail,
  startInvitationWorld,
  storedInvitations,
  uniqueEmail,
  type InvitationWorld,
} from '../support/invitationFixtures';
import { makeTeam } from '../support/userFixtures';

const CHROMIUM = '/usr/bin/chromium';

// The link in the email, followed in a real browser: the page's form must accept the invitation.
describe('invitations: the emailed link in headless Chromium', () => {
  let world: InvitationWorld;
  let browser: Browser;

  before(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
    world = await startInvitationWorld();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });
  after(async () => {
    await browser?.close();
    await world?.close();
  });

  it('accepts the invitation through the form, then shows the link as used', async () => {
    const tenant = await createTenant('Browser Co');
    const team = await makeTeam(tenant.company.id, 'Field Sales');
    const email = uniqueEmail('browser');
    const invited = await world.api.request('POST', '/api/user/invite', {
      apiKey: tenant.apiKey,
      json: { email, teamId: team.id, role: 'Manager' },
    });
    expect(invited.status).to.equal(200);
    const link = linkFromMail((await world.smtp.waitForMails(email, 1))[0]);

    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    const res = await page.goto(link);
    expect(res?.status()).to.equal(200);
    expect(await page.textContent('h1')).to.equal('Join Browser Co');
    await page.fill('input[name="firstName"]', 'Ada');
    await page.fill('input[name="lastName"]', 'Lovelace');
    await page.click('button[type="submit"]');
    await page.waitForSelector('#result:not(:empty)', { timeout: 10_000 });
    expect(await page.textContent('#result')).to.equal('Welcome, Ada! Your account is active.');
    expect(problems, problems.join('\n')).to.deep.equal([]);

    const [row] = await storedInvitations(tenant.company.id);
    expect(row.status).to.equal('accepted');
    const users = await world.api.request<{
      data: Array<{ email: string; firstName: string; lastName: string | null; role: string }>;
    }>('GET', '/api/user', {
      apiKey: tenant.apiKey,
    });
    expect(users.body.data.find((u) => u.email === email)).to.include({
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'Manager',
    });

    const again = await page.goto(link);
    expect(again?.status()).to.equal(410);
    expect(await page.textContent('body')).to.include('already been accepted');
    await page.close();
  });
});
