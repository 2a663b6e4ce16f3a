import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import { startApi, type TestApi } from '../support/api';
import { roleplayInput, scriptInput } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';
import { insertInvitation } from '../../db/queries/invitations';
import { createTeam } from '../../db/queries/teams';

// The rest of "nothing new once marked" (test/companies/offboardingMark.test.ts has exports, recordings,
// erasures, user changes and webhook endpoints): teams, scripts, roleplays, invitations and the user an
// invitation's acceptance creates are inserted only while the company is not marked, read in the same
// statement; a request its own key opened before the mark is refused with 409 company_offboarding and
// writes nothing. And a parent's request through childCompanyId that passed the scope check before the
// child was marked, but whose insert comes after, is refused as the parent's scope check refuses it:
// 409 child_company_offboarding. The test holds the child's row locked (as the offboarding's mark does)
// so the insert waits on the lock, and marks the row before it lets go.

const mark = (companyId: string) =>
  testEnv().db('companies').where({ id: companyId }).update({ offboarding_at: new Date() });

const count = async (table: string, companyId: string): Promise<number> => {
  const [{ n }] = (await testEnv().db(table).where({ company_id: companyId }).count({ n: '*' })) as Array<{
    n: number;
  }>;
  return Number(n);
};

describe('companies: every insert of a company reads its offboarding mark', function () {
  this.timeout(60_000);
  let api: TestApi;

  before(async () => {
    // An hour: the keys stay cached for the whole test, as in an API process that authenticated them before the drain.
    api = await startApi({ CREDENTIAL_CACHE_TTL: '1h', TEMPORAL_TASK_QUEUE: 'offboarding-mark-inserts-unpolled' });
  });
  after(async () => {
    await api.close();
  });

  it('refuses teams, scripts, roleplays and invitations a key authenticated before the mark asks for', async () => {
    const tenant = await createTenant();
    const companyId = tenant.company.id;
    const team = await createTeam(testEnv().db, companyId, 'Sales');
    const counts = async () => ({
      teams: await count('teams', companyId),
      memorization_scripts: await count('memorization_scripts', companyId),
      roleplays: await count('roleplays', companyId),
      invitations: await count('invitations', companyId),
      users: await count('users', companyId),
    });
    // Authenticated (and cached) before the mark.
    expect((await api.request('GET', '/api/user', { apiKey: tenant.apiKey })).status).to.equal(200);
    const before = await counts();
    await mark(companyId);

    const { createdAt: _createdAt, ...script } = scriptInput();
    const { createdAt: _roleplayCreatedAt, ...roleplay } = roleplayInput();
    const refused = {
      team: await api.request<ErrorBody>('POST', '/api/team', { apiKey: tenant.apiKey, json: { name: 'Late' } }),
      script: await api.request<ErrorBody>('POST', '/api/memorization/script', { apiKey: tenant.apiKey, json: script }),
      roleplay: await api.request<ErrorBody>('POST', '/api/roleplay', { apiKey: tenant.apiKey, json: roleplay }),
      invitation: await api.request<ErrorBody>('POST', '/api/user/invite', {
        apiKey: tenant.apiKey,
        json: { email: `late-${randomUUID().slice(0, 8)}@example.com`, teamId: team.id, role: 'User' },
      }),
    };
    for (const [what, res] of Object.entries(refused)) {
      expect(res.status, `${what}: ${res.text}`).to.equal(409);
      expect(res.body.error.code, what).to.equal('company_offboarding');
      expect(res.body.error.message, what).to.contain(companyId);
    }
    expect(await counts()).to.deep.equal(before);
  });

  it('refuses the user an invitation sent before the mark would create on acceptance', async () => {
    const tenant = await createTenant();
    const companyId = tenant.company.id;
    const team = await createTeam(testEnv().db, companyId, 'Sales');
    const token = `tok-${randomUUID()}`;
    const now = new Date();
    await insertInvitation(testEnv().db, {
      companyId,
      teamId: team.id,
      email: `invitee-${randomUUID().slice(0, 8)}@example.com`,
      role: 'Rep',
      token,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
    });
    const users = await count('users', companyId);
    await mark(companyId);

    const res = await api.request<ErrorBody>('POST', '/api/invitations/accept', {
      json: { token, firstName: 'Late' },
    });
    expect(res.status, res.text).to.equal(409);
    expect(res.body.error.code).to.equal('company_offboarding');
    expect(await count('users', companyId)).to.equal(users);
    const row = (await testEnv().db('invitations').where({ token }).first('status')) as { status: string };
    expect(row.status).to.equal('pending');
  });

  it("refuses a parent's export whose insert lands after the child's mark with 409 child_company_offboarding", async () => {
    const db = testEnv().db;
    const parent = await createTenant();
    const child = await createTenant(undefined, parent.company.id);
    const childId = child.company.id;

    // The offboarding's mark takes the child's row; the parent's request passes its scope check (a plain read)
    // and its INSERT … SELECT waits on the row.
    const trx = await db.transaction();
    let answer: Promise<{ status: number; text: string; body: ErrorBody }> | undefined;
    try {
      await trx('companies').where({ id: childId }).forUpdate().first('id');
      answer = api.request<ErrorBody>('POST', '/api/exports', {
        apiKey: parent.apiKey,
        json: { childCompanyId: childId },
      });
      // A positive signal: the export's insert is running, and it cannot end while the row is held (its wait
      // for the lock shows as a running statement in the process list).
      for (let deadline = Date.now() + 20_000; ;) {
        const [rows] = (await db.raw(
          "SELECT COUNT(*) AS n FROM information_schema.processlist WHERE info LIKE 'INSERT INTO `company_exports`%' AND info LIKE ?",
          [`%${childId}%`],
        )) as [Array<{ n: number }>];
        if (Number(rows[0].n) > 0) break;
        if (Date.now() > deadline) throw new Error("the export's insert never reached the child's row");
        await new Promise((r) => setTimeout(r, 20));
      }
      await trx('companies').where({ id: childId }).update({ offboarding_at: new Date() });
      await trx.commit();
    } catch (err) {
      await trx.rollback();
      throw err;
    }
    const res = await answer;
    expect(res.status, res.text).to.equal(409);
    expect(res.body.error.code).to.equal('child_company_offboarding');
    expect(res.body.error.message)
      .to.contain(childId)
      .and.to.match(/offboarded/);
    expect(await count('company_exports', childId)).to.equal(0);
  });
});
