import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { invitationUrl } from '../../common/invitationLinks';
import { getUser } from '../../db/queries/users';
import { startApi, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import {
  companySnapshot,
  createCompanyFamily,
  forbiddenScopes,
  insertInvitation,
  makeTeam,
  makeUser,
  type CompanyFamily,
} from '../support/userFixtures';

interface ErrorResponse {
  error: { code: string; message: string; details: Array<{ in: string; field: string; message: string }> };
}
interface UserRecord {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  status: string;
  externalId: string | null;
  createdAt: string;
  invitationUrl: string | null;
}

describe('PATCH /api/user/{userId}', () => {
  let api: TestApi;
  let family: CompanyFamily;
  let key: string;
  before(async () => {
    api = await startApi();
    family = await createCompanyFamily('Patch');
    key = family.caller.apiKey;
  });
  after(async () => api.close());

  const patch = <T = UserRecord>(id: string, json: unknown, apiKey = key) =>
    api.request<T>('PATCH', `/api/user/${id}`, { apiKey, json });

  it('changes only the supplied field and returns the update record', async () => {
    const user = await makeUser(family.caller.company.id, { firstName: 'Ann', lastName: 'Lee', externalId: 'crm-7' });
    const res = await patch(user.id, { firstName: 'Anna' });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      id: user.id,
      email: user.email,
      firstName: 'Anna',
      lastName: 'Lee',
      role: 'User',
      status: 'active',
      externalId: 'crm-7',
      createdAt: user.createdAt.toISOString(),
      invitationUrl: null,
    });
    const stored = await getUser(testEnv().db, family.caller.company.id, user.id);
    expect(stored).to.include({
      firstName: 'Anna',
      lastName: 'Lee',
      role: 'Rep',
      status: 'active',
      externalId: 'crm-7',
    });

    const second = await patch(user.id, { lastName: 'Park' });
    expect(second.body).to.include({ firstName: 'Anna', lastName: 'Park', role: 'User' });
  });

  it('maps role User to Rep and Manager to Manager, both ways', async () => {
    const user = await makeUser(family.caller.company.id, { role: 'Rep' });
    const up = await patch(user.id, { role: 'Manager' });
    expect(up.body.role).to.equal('Manager');
    expect((await getUser(testEnv().db, family.caller.company.id, user.id))?.role).to.equal('Manager');
    const down = await patch(user.id, { role: 'User', firstName: 'Bo', lastName: 'Chen' });
    expect(down.body).to.include({ role: 'User', firstName: 'Bo', lastName: 'Chen' });
    expect(await getUser(testEnv().db, family.caller.company.id, user.id)).to.include({
      role: 'Rep',
      firstName: 'Bo',
      lastName: 'Chen',
    });
  });

  it('accepts names of 1 and 255 characters', async () => {
    const user = await makeUser(family.caller.company.id);
    const res = await patch(user.id, { firstName: 'X', lastName: 'y'.repeat(255) });
    expect(res.status).to.equal(200);
    expect(res.body.lastName).to.have.length(255);
  });

  it('400 listing every problem of a bad body, and writes nothing', async () => {
    const user = await makeUser(family.caller.company.id);
    const before = await companySnapshot(family.caller.company.id);
    const res = await patch<ErrorResponse>(user.id, {
      firstName: '',
      lastName: 'z'.repeat(256),
      role: 'Admin',
      nickname: 'x',
      childCompanyId: 'nope',
    });
    expect(res.status).to.equal(400);
    expect(res.body.error.code).to.equal('validation_failed');
    expect(res.body.error.details.map((d) => d.field).sort()).to.deep.equal([
      'childCompanyId',
      'firstName',
      'lastName',
      'nickname',
      'role',
    ]);
    expect(res.body.error.details.every((d) => d.in === 'body')).to.equal(true);
    expect(await companySnapshot(family.caller.company.id)).to.deep.equal(before);
  });

  it('400 for wrong types, an empty body, only childCompanyId, no body, and a non-object body', async () => {
    const user = await makeUser(family.caller.company.id);
    const before = await companySnapshot(family.caller.company.id);
    const types = await patch<ErrorResponse>(user.id, { firstName: 5, lastName: null, role: 'Rep' });
    expect(types.status).to.equal(400);
    expect(types.body.error.details.map((d) => d.field).sort()).to.deep.equal(['firstName', 'lastName', 'role']);
    for (const body of [{}, { childCompanyId: family.child1.company.id }, [], 'Anna']) {
      const res = await patch<ErrorResponse>(user.id, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
    }
    const none = await api.request('PATCH', `/api/user/${user.id}`, { apiKey: key });
    expect(none.status).to.equal(400);
    const malformedJson = await api.request('PATCH', `/api/user/${user.id}`, {
      apiKey: key,
      raw: '{"firstName":',
      contentType: 'application/json',
    });
    expect(malformedJson.status).to.equal(400);
    expect(await companySnapshot(family.caller.company.id)).to.deep.equal(before);
  });

  it('400 for a malformed user id', async () => {
    const res = await patch<ErrorResponse>('123', { firstName: 'A' });
    expect(res.status).to.equal(400);
    expect(res.body.error.details[0]).to.include({ in: 'path', field: 'userId' });
  });

  it('409 for a disabled user, which stays as it was', async () => {
    const user = await makeUser(family.caller.company.id, { status: 'disabled', firstName: 'Dee' });
    const res = await patch<ErrorResponse>(user.id, { firstName: 'Changed', role: 'Manager' });
    expect(res.status).to.equal(409);
    expect(res.body.error.code).to.equal('user_disabled');
    expect(await getUser(testEnv().db, family.caller.company.id, user.id)).to.include({
      firstName: 'Dee',
      role: 'Rep',
      status: 'disabled',
    });
  });

  it("an integration user's names can change but not its role", async () => {
    const user = await makeUser(family.caller.company.id, { role: 'Integration' });
    const names = await patch(user.id, { firstName: 'Bot' });
    expect(names.status).to.equal(200);
    expect(names.body).to.include({ firstName: 'Bot', role: 'User' });
    const role = await patch<ErrorResponse>(user.id, { role: 'Manager', lastName: 'Nope' });
    expect(role.status).to.equal(409);
    expect(await getUser(testEnv().db, family.caller.company.id, user.id)).to.include({
      role: 'Integration',
      firstName: 'Bot',
      lastName: user.lastName,
    });
  });

  it("404 for an unknown id and another company's user, which stays unchanged", async () => {
    const other = await makeUser(family.unrelated.company.id, { firstName: 'Other' });
    for (const id of [randomUUID(), other.id]) {
      const res = await patch<ErrorResponse>(id, { firstName: 'Hijack' });
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('not_found');
    }
    expect((await getUser(testEnv().db, family.unrelated.company.id, other.id))?.firstName).to.equal('Other');
  });

  it('401 without a key or with a wrong one', async () => {
    const user = await makeUser(family.caller.company.id);
    expect((await api.request('PATCH', `/api/user/${user.id}`, { json: { firstName: 'A' } })).status).to.equal(401);
    expect((await patch(user.id, { firstName: 'A' }, 'spk_wrong')).status).to.equal(401);
  });

  describe('on an invitation id', () => {
    it('updates the outstanding invitation and returns its invited record', async () => {
      const team = await makeTeam(family.caller.company.id);
      const inv = await insertInvitation(family.caller.company.id, team.id, { role: 'Rep', externalId: 'inv-1' });
      const res = await patch(inv.id, { firstName: 'Nia', role: 'Manager' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({
        id: inv.id,
        email: inv.email,
        firstName: 'Nia',
        lastName: null,
        role: 'Manager',
        status: 'invited',
        externalId: 'inv-1',
        invitationUrl: invitationUrl(api.config.PUBLIC_URL, inv.token),
      });
      const row = await testEnv().db('invitations').where({ id: inv.id }).first();
      expect(row).to.include({ first_name: 'Nia', last_name: null, role: 'Manager', status: 'pending' });
    });

    it('404 for an expired, revoked or accepted invitation, which stays unchanged', async () => {
      const team = await makeTeam(family.caller.company.id);
      const invitations = [
        await insertInvitation(family.caller.company.id, team.id, { expiresAt: new Date(Date.now() - 1000) }),
        await insertInvitation(family.caller.company.id, team.id, { status: 'revoked' }),
        await insertInvitation(family.caller.company.id, team.id, { status: 'accepted' }),
      ];
      for (const inv of invitations) {
        expect((await patch(inv.id, { firstName: 'Late' })).status).to.equal(404);
        expect((await testEnv().db('invitations').where({ id: inv.id }).first()).first_name).to.equal(null);
      }
    });
  });

  describe('childCompanyId', () => {
    it("updates a direct child's user, only when scoped to that child", async () => {
      const childUser = await makeUser(family.child1.company.id, { firstName: 'Kid' });
      expect((await patch(childUser.id, { firstName: 'Unscoped' })).status).to.equal(404);
      expect(
        (await patch(childUser.id, { firstName: 'Wrong', childCompanyId: family.child2.company.id })).status,
      ).to.equal(404);
      const res = await patch(childUser.id, { lastName: 'Updated', childCompanyId: family.child1.company.id });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ id: childUser.id, firstName: 'Kid', lastName: 'Updated' });
    });

    it("updates a direct child's invitation", async () => {
      const team = await makeTeam(family.child2.company.id);
      const inv = await insertInvitation(family.child2.company.id, team.id);
      const res = await patch(inv.id, { lastName: 'Invitee', childCompanyId: family.child2.company.id });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ status: 'invited', lastName: 'Invitee' });
    });

    it('403 for every company that is not a direct child, writing nothing; 400 for a malformed id', async () => {
      const grandUser = await makeUser(family.grandchild.company.id, { firstName: 'Grand' });
      const ownUser = await makeUser(family.caller.company.id, { firstName: 'Own' });
      const snapshots = async () => [
        await companySnapshot(family.grandchild.company.id),
        await companySnapshot(family.caller.company.id),
      ];
      const before = await snapshots();
      for (const [why, id] of forbiddenScopes(family)) {
        const target = why === 'grandchild' ? grandUser.id : ownUser.id;
        const res = await patch<ErrorResponse>(target, { firstName: 'Changed', childCompanyId: id });
        expect(res.status, why).to.equal(403);
        expect(res.body.error.code, why).to.equal('child_company_forbidden');
      }
      const malformed = await patch<ErrorResponse>(ownUser.id, { firstName: 'Changed', childCompanyId: 'abc' });
      expect(malformed.status).to.equal(400);
      expect(malformed.body.error.details[0]).to.include({ in: 'body', field: 'childCompanyId' });
      expect(await snapshots()).to.deep.equal(before);
    });
  });
});
