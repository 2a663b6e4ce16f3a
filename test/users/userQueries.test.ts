import { expect } from 'chai';
import { isDuplicateEntry } from '../../db/connection';
import { createTeam, ensureIntegrationTeam, getTeam } from '../../db/queries/teams';
import {
  countActiveUsers,
  createUser,
  findUserByEmail,
  findUserByExternalId,
  getUser,
  updateUser,
} from '../../db/queries/users';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';
import { makeUser } from '../support/userFixtures';

describe('user and team query modules', () => {
  it('ensureIntegrationTeam converges on one team under concurrent callers, also inside transactions', async () => {
    const db = testEnv().db;
    const { company } = await createTenant();
    const plain = await Promise.all(Array.from({ length: 8 }, () => ensureIntegrationTeam(db, company.id)));
    const inTrx = await Promise.all(
      Array.from({ length: 4 }, () => db.transaction((trx) => ensureIntegrationTeam(trx, company.id))),
    );
    const ids = new Set([...plain, ...inTrx].map((t) => t.id));
    expect(ids.size).to.equal(1);
    const rows = await db('teams').where({ company_id: company.id, type: 'integration' });
    expect(rows).to.have.length(1);
    expect(plain[0]).to.include({ name: 'Integration', type: 'integration', companyId: company.id });

    const other = await createTenant();
    const racedInTrx = await Promise.all(
      Array.from({ length: 6 }, () => db.transaction((trx) => ensureIntegrationTeam(trx, other.company.id))),
    );
    expect(new Set(racedInTrx.map((t) => t.id)).size).to.equal(1);
  });

  it('teams are scoped to their company', async () => {
    const a = await createTenant();
    const b = await createTenant();
    const team = await createTeam(testEnv().db, a.company.id, 'A team');
    expect(await getTeam(testEnv().db, a.company.id, team.id)).to.include({ name: 'A team', type: 'standard' });
    expect(await getTeam(testEnv().db, b.company.id, team.id)).to.equal(undefined);
  });

  it('createUser enforces unique email (case-insensitive) and externalId per company; finders are company-scoped', async () => {
    const db = testEnv().db;
    const { company } = await createTenant();
    const other = await createTenant();
    const user = await createUser(db, {
      companyId: company.id,
      email: 'Pat@Example.com',
      firstName: 'Pat',
      role: 'Integration',
      externalId: 'ext-9',
    });
    expect(user).to.include({
      lastName: null,
      teamId: null,
      status: 'active',
      role: 'Integration',
      externalId: 'ext-9',
      lastLoggedInAt: null,
    });
    expect((await findUserByEmail(db, company.id, 'pat@example.com'))?.id).to.equal(user.id);
    expect((await findUserByExternalId(db, company.id, 'ext-9'))?.id).to.equal(user.id);
    expect(await findUserByExternalId(db, other.company.id, 'ext-9')).to.equal(undefined);
    for (const dup of [{ email: 'pat@example.COM' }, { email: 'new@example.com', externalId: 'ext-9' }]) {
      const err = await createUser(db, { companyId: company.id, firstName: 'X', role: 'Rep', ...dup }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isDuplicateEntry(err), JSON.stringify(dup)).to.equal(true);
    }
    // The same email and external id are fine in another company.
    await createUser(db, {
      companyId: other.company.id,
      email: 'pat@example.com',
      firstName: 'Pat',
      role: 'Rep',
      externalId: 'ext-9',
    });
  });

  it('updateUser changes only what is given; countActiveUsers counts active users per role', async () => {
    const db = testEnv().db;
    const { company } = await createTenant();
    const user = await makeUser(company.id, { firstName: 'Sam', lastName: 'Stone' });
    await makeUser(company.id, { role: 'Manager' });
    await makeUser(company.id, { role: 'Integration', status: 'disabled' });
    expect(await updateUser(db, company.id, user.id, { status: 'disabled' })).to.equal(true);
    expect(await getUser(db, company.id, user.id)).to.include({
      firstName: 'Sam',
      lastName: 'Stone',
      status: 'disabled',
      role: 'Rep',
    });
    const other = await createTenant();
    expect(await updateUser(db, other.company.id, user.id, { firstName: 'Nope' })).to.equal(false);
    const counts = await countActiveUsers(db, [company.id, other.company.id]);
    expect(counts.get(company.id)).to.deep.equal({ total: 1, reps: 0, managers: 1, lms: 0 });
    expect(counts.get(other.company.id)).to.deep.equal({ total: 0, reps: 0, managers: 0, lms: 0 });
  });
});
