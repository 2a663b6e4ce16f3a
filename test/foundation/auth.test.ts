import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  companyForBearerToken,
  createApiKey,
  createBearerToken,
  revokeBearerToken,
} from '../../db/queries/credentials';
import { createRoleplay } from '../../db/queries/roleplays';
import { startApi, type ApiResponse, type TestApi } from '../support/api';
import { movableClock } from '../support/movableClock';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';

// Spec section 5: x-api-key everywhere except GET /api/company/get-active-user-count, which takes a
// bearer token (obtained with POST /api/auth/token). Missing or invalid credentials are 401.

const BEARER_ENDPOINT = '/api/company/get-active-user-count';
const TOKEN_ENDPOINT = '/api/auth/token';

interface ErrorResponse {
  error: { code: string; message: string; details: unknown[] };
}
interface TokenBody {
  accessToken: string;
  tokenType: string;
  expiresAt: string;
}

function expect401(res: ApiResponse<unknown>, code: 'missing_credentials' | 'invalid_credentials'): void {
  expect(res.status, res.text).to.equal(401);
  expect((res.body as ErrorResponse).error.code).to.equal(code);
  expect(res.headers.get('www-authenticate')).to.contain('Bearer');
}

async function countRows(table: string, companyId: string): Promise<number> {
  const [{ n }] = await testEnv().db(table).where({ company_id: companyId }).count<Array<{ n: number }>>({ n: '*' });
  return Number(n);
}

describe('authentication', () => {
  let api: TestApi;
  let tenant: TenantFixture;

  before(async () => {
    api = await startApi();
    tenant = await createTenant('Auth Co');
  });
  after(async () => api.close());

  describe('API key (x-api-key)', () => {
    it('accepts the right key', async () => {
      const res = await api.request<TokenBody>('POST', TOKEN_ENDPOINT, { apiKey: tenant.apiKey });
      expect(res.status).to.equal(200);
      expect(res.body.tokenType).to.equal('Bearer');
    });

    it('401 when the header is missing', async () => {
      expect401(await api.request('POST', TOKEN_ENDPOINT), 'missing_credentials');
      expect401(await api.request('GET', '/api/roleplay'), 'missing_credentials');
    });

    it('401 for a well-formed key nobody issued, and for a key with a valid prefix but wrong secret', async () => {
      expect401(
        await api.request('POST', TOKEN_ENDPOINT, { apiKey: 'spk_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
        'invalid_credentials',
      );
      const forged = tenant.apiKey.slice(0, -4) + (tenant.apiKey.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      expect401(await api.request('POST', TOKEN_ENDPOINT, { apiKey: forged }), 'invalid_credentials');
    });

    it('401 for malformed keys', async () => {
      for (const key of [
        'abc',
        `${tenant.apiKey}x`,
        `Bearer ${tenant.apiKey}`,
        tenant.apiKey.replace('spk_', 'spt_'),
        'x'.repeat(5000),
      ]) {
        expect401(await api.request('GET', '/api/roleplay', { apiKey: key }), 'invalid_credentials');
      }
    });

    it("401 once the key is revoked, while the company's other keys keep working", async () => {
      const other = await createTenant('Revoked Co');
      const second = await createApiKey(testEnv().db, other.company.id);
      expect((await api.request('GET', '/api/roleplay', { apiKey: other.apiKey })).status).to.equal(200);
      // Through the API (a revocation elsewhere is honoured within CREDENTIAL_CACHE_TTL: test/foundation/apiKeys.test.ts).
      expect((await api.request('DELETE', `/api/api-keys/${other.apiKeyId}`, { apiKey: second.key })).status).to.equal(
        204,
      );
      expect401(await api.request('GET', '/api/roleplay', { apiKey: other.apiKey }), 'invalid_credentials');
      expect((await api.request('GET', '/api/roleplay', { apiKey: second.key })).status).to.equal(200);
    });

    it('a bearer token is not an API key', async () => {
      const token = (await api.request<TokenBody>('POST', TOKEN_ENDPOINT, { apiKey: tenant.apiKey })).body.accessToken;
      expect401(await api.request('GET', '/api/roleplay', { bearer: token }), 'missing_credentials');
      expect401(await api.request('GET', '/api/roleplay', { apiKey: token }), 'invalid_credentials');
    });

    it('a rejected token request stores no token', async () => {
      const before = await countRows('bearer_tokens', tenant.company.id);
      await api.request('POST', TOKEN_ENDPOINT, { apiKey: 'spk_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
      await api.request('POST', TOKEN_ENDPOINT, { apiKey: tenant.apiKey, json: { unexpected: true } });
      expect(await countRows('bearer_tokens', tenant.company.id)).to.equal(before);
    });
  });

  describe('bearer token (Authorization: Bearer)', () => {
    it('POST /api/auth/token issues a token that expires after BEARER_TOKEN_TTL and is stored hashed', async () => {
      const started = Date.now();
      const res = await api.request<TokenBody>('POST', TOKEN_ENDPOINT, { apiKey: tenant.apiKey });
      expect(res.status).to.equal(200);
      const expiresAt = Date.parse(res.body.expiresAt);
      expect(expiresAt).to.be.within(started + 3_600_000 - 1000, Date.now() + 3_600_000 + 1000);
      const stored = await testEnv().db('bearer_tokens').where({ company_id: tenant.company.id });
      expect(JSON.stringify(stored)).not.to.contain(res.body.accessToken);
    });

    it("accepts the right token on the bearer endpoint and scopes it to the token's company", async () => {
      const token = (await api.request<TokenBody>('POST', TOKEN_ENDPOINT, { apiKey: tenant.apiKey })).body.accessToken;
      const res = await api.request<{ mainCompany: { companyId: string } }>('GET', BEARER_ENDPOINT, { bearer: token });
      expect(res.status).to.equal(200);
      expect(res.body.mainCompany.companyId).to.equal(tenant.company.id);
      // The scheme name is case-insensitive (RFC 9110).
      const lower = await api.request('GET', BEARER_ENDPOINT, { headers: { authorization: `bearer ${token}` } });
      expect(lower.status).to.equal(200);
    });

    it('401 when the Authorization header is missing, of another scheme, malformed or an API key', async () => {
      expect401(await api.request('GET', BEARER_ENDPOINT), 'missing_credentials');
      expect401(await api.request('GET', BEARER_ENDPOINT, { apiKey: tenant.apiKey }), 'missing_credentials');
      for (const header of [
        'Basic dXNlcjpwYXNz',
        'Bearer',
        'Bearer a b',
        'Bearer not-a-token',
        `Bearer ${tenant.apiKey}`,
        'spt_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ]) {
        expect401(
          await api.request('GET', BEARER_ENDPOINT, { headers: { authorization: header } }),
          'invalid_credentials',
        );
      }
    });

    it('401 for a well-formed token nobody issued', async () => {
      expect401(
        await api.request('GET', BEARER_ENDPOINT, { bearer: 'spt_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
        'invalid_credentials',
      );
    });

    it('401 for a revoked token', async () => {
      const token = await createBearerToken(testEnv().db, tenant.company.id, 60_000);
      expect((await api.request('GET', BEARER_ENDPOINT, { bearer: token.accessToken })).status).to.equal(200);
      await revokeBearerToken(testEnv().db, token.id);
      expect401(await api.request('GET', BEARER_ENDPOINT, { bearer: token.accessToken }), 'invalid_credentials');
    });

    it('401 once the token has expired (the API clock moved past BEARER_TOKEN_TTL)', async () => {
      const time = movableClock();
      const shortLived = await startApi({ BEARER_TOKEN_TTL: '1m' }, undefined, { clock: time.clock });
      try {
        const res = await shortLived.request<TokenBody>('POST', TOKEN_ENDPOINT, { apiKey: tenant.apiKey });
        expect(res.status).to.equal(200);
        expect(Date.parse(res.body.expiresAt)).to.equal(time.nowMs() + 60_000);
        time.advance(60_000 - 1);
        expect((await shortLived.request('GET', BEARER_ENDPOINT, { bearer: res.body.accessToken })).status).to.equal(
          200,
        );
        time.advance(1);
        expect401(
          await shortLived.request('GET', BEARER_ENDPOINT, { bearer: res.body.accessToken }),
          'invalid_credentials',
        );
        expect(await companyForBearerToken(testEnv().db, res.body.accessToken, time.clock())).to.equal(undefined);
      } finally {
        await shortLived.close();
      }
    });
  });

  describe('tenant isolation', () => {
    it("another company's id answers exactly like an unknown id: 404, never 403", async () => {
      const owner = await createTenant('Owner Co');
      const roleplay = await createRoleplay(testEnv().db, owner.company.id, {
        title: 'Private roleplay',
        conversationType: { title: 'Discovery', roleplayType: 'Train' },
        customerPersona: { name: 'Pat', imageUrl: '', tags: [] },
        customerBackground: { title: 'Background', tags: [] },
      });
      expect((await api.request('GET', `/api/roleplay/${roleplay.id}`, { apiKey: owner.apiKey })).status).to.equal(200);

      const foreign = await api.request<ErrorResponse>('GET', `/api/roleplay/${roleplay.id}`, {
        apiKey: tenant.apiKey,
      });
      const unknown = await api.request<ErrorResponse>('GET', `/api/roleplay/${randomUUID()}`, {
        apiKey: tenant.apiKey,
      });
      expect(foreign.status).to.equal(404);
      expect(foreign.body).to.deep.equal(unknown.body);

      const patch = await api.request('PATCH', `/api/roleplay/${roleplay.id}`, {
        apiKey: tenant.apiKey,
        json: { title: 'Hijacked' },
      });
      expect(patch.status).to.equal(404);
      const [row] = await testEnv().db('roleplays').where({ id: roleplay.id }).select('title');
      expect(row.title).to.equal('Private roleplay');
    });
  });
});
