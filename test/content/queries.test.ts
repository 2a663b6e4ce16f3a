import { expect } from 'chai';
import { getRoleplay, listRoleplays, updateRoleplay } from '../../db/queries/roleplays';
import { getScript, listScripts } from '../../db/queries/scripts';
import { getSessionResult, insertSession, listSessions } from '../../db/queries/sessions';
import { createTenant } from '../support/fixtures';
import { createRoleplayFixture, createScriptFixture, createSessionFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { makeUser } from '../support/userFixtures';

describe('content query modules', () => {
  it('roleplays: create with table defaults, get scoped by company, update only what is given', async () => {
    const { company } = await createTenant();
    const other = await createTenant();
    const rp = await createRoleplayFixture(company.id);
    expect(rp).to.include({
      passingScore: 70,
      language: 'en',
      isLive: false,
      showResults: true,
      shouldActAsCustomer: true,
    });
    expect(rp.customAttributes).to.equal(null);
    expect(rp.scorecard.criteria).to.have.length(1);
    expect(await getRoleplay(testEnv().db, other.company.id, rp.id)).to.equal(undefined);
    const updated = await updateRoleplay(testEnv().db, company.id, rp.id, {
      isLive: true,
      timerInSeconds: null,
      customAttributes: { lms: 'x1' },
    });
    expect(updated).to.include({ isLive: true, title: rp.title, timerInSeconds: null });
    expect(updated?.customAttributes).to.deep.equal({ lms: 'x1' });
    expect(await updateRoleplay(testEnv().db, other.company.id, rp.id, { title: 'nope' })).to.equal(undefined);
    expect((await listRoleplays(testEnv().db, company.id)).map((r) => r.id)).to.deep.equal([rp.id]);
  });

  it('sessions: insert inside a caller transaction, list and result', async () => {
    const { company } = await createTenant();
    const rp = await createRoleplayFixture(company.id);
    const user = await makeUser(company.id);
    const id = await testEnv().db.transaction(async (trx) =>
      insertSession(trx, {
        companyId: company.id,
        roleplayId: rp.id,
        userId: user.id,
        score: 50,
        didPass: false,
        lengthMs: 1000,
        wpm: 100,
        snippets: [
          { isUser: true, text: 'a' },
          { isUser: false, text: 'b' },
        ],
        criteriaResponses: [],
        metricResponses: [{ title: 'm', passed: true, explanation: 'e', weight: 1, sectionTitle: 's' }],
      }),
    );
    await createSessionFixture({ companyId: company.id, roleplayId: rp.id, userId: user.id });
    const page = await listSessions(testEnv().db, company.id, { offset: 0, limit: 10, userId: user.id });
    expect(page.total).to.equal(2);
    const result = await getSessionResult(testEnv().db, company.id, id);
    expect(result?.snippets).to.deep.equal([
      { isUser: true, text: 'a' },
      { isUser: false, text: 'b' },
    ]);
    expect(result?.metricResponses).to.have.length(1);
    expect(result?.didPass).to.equal(false);
  });

  it('scripts: segments in order, pages', async () => {
    const { company } = await createTenant();
    const s = await createScriptFixture(company.id);
    expect(s.segments.map((x) => x.order)).to.deep.equal([1, 2]);
    expect((await getScript(testEnv().db, company.id, s.id))?.title).to.equal(s.title);
    expect((await listScripts(testEnv().db, company.id, { offset: 0, limit: 5 })).total).to.equal(1);
  });
});
