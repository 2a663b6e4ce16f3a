import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startApi, type TestApi } from '../support/api';
import {
  createCompanyFamily,
  forbiddenScopes,
  insertInvitation,
  makeTeam,
  makeUser,
  type CompanyFamily,
} from '../support/userFixtures';

interface ErrorResponse {
  error: { code: string; details: Array<{ in: string; field: string }> };
}

describe('GET /api/user/{userId}', () => {
  let api: TestApi;
  let family: CompanyFamily;
  before(async () => {
    api = await startApi();
    family = await createCompanyFamily('Get');
  });
  after(async () => api.close());

  it('returns the read shape of every role', async () => {
    const team = await makeTeam(family.caller.company.id);
    for (const role of ['Rep', 'Manager', 'Integration'] as const) {
      const user = await makeUser(family.caller.company.id, {
        role,
        teamId: team.id,
        lastName: role === 'Manager' ? null : 'Smith',
      });
      const res = await api.request('GET', `/api/user/${user.id}`, { apiKey: family.caller.apiKey });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        id: user.id,
        firstName: user.firstName,
        lastName: role === 'Manager' ? null : 'Smith',
        email: user.email,
        role,
        createdAt: user.createdAt.toISOString(),
        teamId: team.id,
      });
    }
  });

  it('a disabled user is still readable, and a user without a team has teamId null', async () => {
    const user = await makeUser(family.caller.company.id, { status: 'disabled' });
    const res = await api.request<{ teamId: string | null; role: string }>('GET', `/api/user/${user.id}`, {
      apiKey: family.caller.apiKey,
    });
    expect(res.status).to.equal(200);
    expect(res.body.teamId).to.equal(null);
  });

  it("404 for an unknown id, another company's user and an invitation id", async () => {
    const other = await makeUser(family.unrelated.company.id);
    const team = await makeTeam(family.caller.company.id);
    const invitation = await insertInvitation(family.caller.company.id, team.id);
    for (const id of [randomUUID(), other.id, invitation.id]) {
      const res = await api.request<ErrorResponse>('GET', `/api/user/${id}`, { apiKey: family.caller.apiKey });
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('not_found');
    }
  });

  it('400 for a malformed id and unknown query parameters', async () => {
    const bad = await api.request<ErrorResponse>('GET', '/api/user/not-a-uuid', { apiKey: family.caller.apiKey });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.details[0]).to.include({ in: 'path', field: 'userId' });
    const user = await makeUser(family.caller.company.id);
    const snake = await api.request<ErrorResponse>(
      'GET',
      `/api/user/${user.id}?child_company_id=${family.child1.company.id}`,
      { apiKey: family.caller.apiKey },
    );
    expect(snake.status).to.equal(400);
    expect(snake.body.error.details[0]).to.include({ in: 'query', field: 'child_company_id' });
  });

  it('401 without a key or with a wrong one', async () => {
    const user = await makeUser(family.caller.company.id);
    expect((await api.request('GET', `/api/user/${user.id}`)).status).to.equal(401);
    expect((await api.request('GET', `/api/user/${user.id}`, { apiKey: 'spk_wrong' })).status).to.equal(401);
  });

  describe('childCompanyId', () => {
    it('reads a user of a direct child, and only of that child', async () => {
      const childUser = await makeUser(family.child1.company.id, { role: 'Manager' });
      const res = await api.request<{ id: string; role: string }>(
        'GET',
        `/api/user/${childUser.id}?childCompanyId=${family.child1.company.id}`,
        {
          apiKey: family.caller.apiKey,
        },
      );
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ id: childUser.id, role: 'Manager' });
      // Without the scope, or scoped to the other child, the user is not there.
      expect((await api.request('GET', `/api/user/${childUser.id}`, { apiKey: family.caller.apiKey })).status).to.equal(
        404,
      );
      const other = await api.request('GET', `/api/user/${childUser.id}?childCompanyId=${family.child2.company.id}`, {
        apiKey: family.caller.apiKey,
      });
      expect(other.status).to.equal(404);
    });

    it('403 for every company that is not a direct child; 400 for a malformed id', async () => {
      const user = await makeUser(family.caller.company.id);
      const grandUser = await makeUser(family.grandchild.company.id);
      for (const [why, id] of forbiddenScopes(family)) {
        const target = why === 'grandchild' ? grandUser.id : user.id;
        const res = await api.request<ErrorResponse>('GET', `/api/user/${target}?childCompanyId=${id}`, {
          apiKey: family.caller.apiKey,
        });
        expect(res.status, why).to.equal(403);
        expect(res.body.error.code, why).to.equal('child_company_forbidden');
      }
      const malformed = await api.request<ErrorResponse>('GET', `/api/user/${user.id}?childCompanyId=xyz`, {
        apiKey: family.caller.apiKey,
      });
      expect(malformed.status).to.equal(400);
      expect(malformed.body.error.details[0]).to.include({ in: 'query', field: 'childCompanyId' });
    });

    it('a child company cannot scope to its parent or its sibling', async () => {
      const res = await api.request('GET', `/api/user/${randomUUID()}?childCompanyId=${family.caller.company.id}`, {
        apiKey: family.child1.apiKey,
      });
      expect(res.status).to.equal(403);
      const sib = await api.request('GET', `/api/user/${randomUUID()}?childCompanyId=${family.child2.company.id}`, {
        apiKey: family.child1.apiKey,
      });
      expect(sib.status).to.equal(403);
    });
  });
});
