import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { SCOPES } from '../../common/scopes';
import { dropDatabase, ensureDatabase } from '../../db/connection';
import type { DemoSeed } from '../../db/seeds/demo';
import { admin, runAdmin } from '../support/adminCli';
import { startApi, type TestApi } from '../support/api';
import { movableClock } from '../support/movableClock';
import { testConfig, testEnv } from '../support/env';
import { closeCompanyCredentials } from '../../db/queries/companyOffboardings';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function count(table: string, where: Record<string, unknown> = {}): Promise<number> {
  const [{ n }] = await testEnv().db(table).where(where).count<Array<{ n: number }>>({ n: '*' });
  return Number(n);
}

/** A failed command: exit code 1, nothing on stdout, one `error: ...` message on stderr. */
async function expectFailure(args: string[], message: RegExp, env: Record<string, string> = {}): Promise<void> {
  const result = await runAdmin(args, env);
  expect(result.code, `${args.join(' ')}: ${result.stdout}`).to.equal(1);
  expect(result.stdout).to.equal('');
  expect(result.stderr)
    .to.match(/^error: /m)
    .and.to.match(message);
}

describe('admin CLI', () => {
  let api: TestApi;
  before(async () => {
    api = await startApi();
  });
  after(async () => api.close());

  describe('company:create', () => {
    it('creates a company and prints only {"id"} as JSON', async () => {
      const result = await runAdmin(['company:create', '--name', 'Cli Parent']);
      expect(result.code).to.equal(0);
      const out = JSON.parse(result.stdout) as { id: string };
      expect(Object.keys(out)).to.deep.equal(['id']);
      expect(out.id).to.match(UUID);
      const row = await testEnv().db('companies').where({ id: out.id }).first();
      expect(row).to.include({ name: 'Cli Parent', parent_company_id: null });
    });

    it('--parent makes a direct child', async () => {
      const parent = await admin(['company:create', '--name', 'Cli Parent 2']);
      const child = await admin(['company:create', '--name', 'Cli Child', '--parent', parent.id]);
      const row = await testEnv().db('companies').where({ id: child.id }).first();
      expect(row.parent_company_id).to.equal(parent.id);
    });

    it('refuses a parent being offboarded, creating nothing under it', async () => {
      const parent = await admin(['company:create', '--name', 'Cli Leaving']);
      await closeCompanyCredentials(testEnv().db, parent.id, new Date());
      await expectFailure(
        ['company:create', '--name', 'Late Child', '--parent', parent.id],
        /does not exist or is being offboarded: it gets no new child companies/,
      );
      expect(await testEnv().db('companies').where({ parent_company_id: parent.id })).to.deep.equal([]);
    });

    it('refuses an unknown or malformed parent and a missing name, creating nothing', async () => {
      const before = await count('companies');
      await Promise.all([
        expectFailure(
          ['company:create', '--name', 'Orphan', '--parent', randomUUID()],
          /Parent company .* was not found/,
        ),
        expectFailure(
          ['company:create', '--name', 'Orphan', '--parent', 'nope'],
          /--parent .*'nope' is invalid\. Must be a UUID/,
        ),
        expectFailure(['company:create'], /required option '--name <name>' not specified/),
        expectFailure(['company:create', '--name', '   '], /Must be 1 to 255 characters/),
      ]);
      expect(await count('companies')).to.equal(before);
    });
  });

  describe('API keys and bearer tokens', () => {
    let companyId: string;
    before(async () => {
      companyId = (await admin(['company:create', '--name', 'Cli Keys'])).id;
    });

    it('apikey:create --scopes issues a key limited to them; an unknown scope is refused naming it', async () => {
      const out = await admin<{ id: string; key: string; scopes: string[] }>([
        'apikey:create',
        '--company',
        companyId,
        '--scopes',
        'roleplays:read,sessions:read',
      ]);
      expect(out.scopes).to.deep.equal(['roleplays:read', 'sessions:read']);
      expect((await api.request('GET', '/api/roleplay', { apiKey: out.key })).status).to.equal(200);
      const refused = await api.request<{ error: { code: string; message: string } }>(
        'GET',
        '/api/memorization/script',
        { apiKey: out.key },
      );
      expect(refused.status).to.equal(403);
      expect(refused.body.error.code).to.equal('insufficient_scope');
      expect(refused.body.error.message).to.contain('scripts:read');
      await expectFailure(
        ['apikey:create', '--company', companyId, '--scopes', 'roleplays:read,nope:write'],
        /unknown scope nope:write/,
      );
    });

    it('apikey:create prints {"id","key","scopes"} (every scope by default); the key works against the API and is stored only hashed', async () => {
      const out = await admin<{ id: string; key: string; scopes: string[] }>(['apikey:create', '--company', companyId]);
      expect(Object.keys(out).sort()).to.deep.equal(['id', 'key', 'scopes']);
      expect(out.scopes).to.deep.equal([...SCOPES]);
      const res = await api.request('GET', '/api/roleplay', { apiKey: out.key });
      expect(res.status).to.equal(200);
      const row = await testEnv().db('api_keys').where({ id: out.id }).first();
      expect(row.company_id).to.equal(companyId);
      expect(JSON.stringify(row)).not.to.contain(out.key);
      expect(out.key.startsWith(row.prefix)).to.equal(true);
    });

    it('apikey:revoke makes the key fail with 401; revoking again is an error', async () => {
      const { id, key } = await admin(['apikey:create', '--company', companyId, '--name', 'to revoke']);
      expect(await admin(['apikey:revoke', '--id', id])).to.deep.equal({ id, revoked: true });
      expect((await api.request('GET', '/api/roleplay', { apiKey: key })).status).to.equal(401);
      await expectFailure(['apikey:revoke', '--id', id], /API key .* was not found or is already revoked/);
      await expectFailure(['apikey:revoke', '--id', randomUUID()], /was not found/);
    });

    it('token:create prints {"accessToken","expiresAt"}; the token works on the bearer endpoint', async () => {
      const started = Date.now();
      const out = await admin(['token:create', '--company', companyId]);
      expect(Object.keys(out).sort()).to.deep.equal(['accessToken', 'expiresAt']);
      expect(Date.parse(out.expiresAt)).to.be.within(started + 3_600_000 - 1000, Date.now() + 3_600_000 + 1000);
      const res = await api.request<{ mainCompany: { companyId: string } }>(
        'GET',
        '/api/company/get-active-user-count',
        { bearer: out.accessToken },
      );
      expect(res.status).to.equal(200);
      expect(res.body.mainCompany.companyId).to.equal(companyId);
    });

    it('token:create honours BEARER_TOKEN_TTL', async () => {
      const started = Date.now();
      const out = await admin(['token:create', '--company', companyId], { BEARER_TOKEN_TTL: '2h' });
      const expiresAt = Date.parse(out.expiresAt);
      expect(expiresAt).to.be.within(started + 7_200_000, Date.now() + 7_200_000);
      // An API whose clock the test moves to the token's expiry refuses it from then on.
      const time = movableClock();
      const later = await startApi({}, undefined, { clock: time.clock });
      try {
        const status = async () =>
          (await later.request('GET', '/api/company/get-active-user-count', { bearer: out.accessToken })).status;
        expect(await status()).to.equal(200);
        time.advance(expiresAt - time.nowMs());
        expect(await status()).to.equal(401);
      } finally {
        await later.close();
      }
    });

    it('refuses unknown companies, storing nothing', async () => {
      const ghost = randomUUID();
      await Promise.all([
        expectFailure(['apikey:create', '--company', ghost], new RegExp(`Company ${ghost} was not found`)),
        expectFailure(['token:create', '--company', ghost], new RegExp(`Company ${ghost} was not found`)),
      ]);
      expect(await count('api_keys', { company_id: ghost })).to.equal(0);
      expect(await count('bearer_tokens', { company_id: ghost })).to.equal(0);
    });
  });

  describe('teams and users', () => {
    let companyId: string;
    let otherCompanyId: string;
    before(async () => {
      companyId = (await admin(['company:create', '--name', 'Cli People'])).id;
      otherCompanyId = (await admin(['company:create', '--name', 'Cli Other'])).id;
    });

    it('team:create and user:create with every option', async () => {
      const team = await admin(['team:create', '--company', companyId, '--name', 'Closers']);
      expect(await testEnv().db('teams').where({ id: team.id }).first()).to.include({
        company_id: companyId,
        name: 'Closers',
        type: 'standard',
      });
      const user = await admin([
        'user:create',
        '--company',
        companyId,
        '--email',
        'ann@cli.example',
        '--first-name',
        'Ann',
        '--last-name',
        'Lee',
        '--role',
        'Manager',
        '--team',
        team.id,
        '--external-id',
        'hr-7',
      ]);
      expect(Object.keys(user)).to.deep.equal(['id']);
      const row = await testEnv().db('users').where({ id: user.id }).first();
      expect(row).to.include({
        company_id: companyId,
        email: 'ann@cli.example',
        first_name: 'Ann',
        last_name: 'Lee',
        role: 'Manager',
        status: 'active',
        team_id: team.id,
        external_id: 'hr-7',
      });
      // Readable through the API like any other user.
      const key = (await admin(['apikey:create', '--company', companyId])).key;
      const res = await api.request<{ role: string; teamId: string }>('GET', `/api/user/${user.id}`, { apiKey: key });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ role: 'Manager', teamId: team.id });
    });

    it("an Integration user without --team joins the company's Integration team; a Rep without one has none", async () => {
      const bot = await admin([
        'user:create',
        '--company',
        companyId,
        '--email',
        'bot@cli.example',
        '--first-name',
        'Bot',
        '--role',
        'Integration',
      ]);
      const rep = await admin([
        'user:create',
        '--company',
        companyId,
        '--email',
        'rep@cli.example',
        '--first-name',
        'Rep',
        '--role',
        'Rep',
      ]);
      const botRow = await testEnv()
        .db('users as u')
        .join('teams as t', 't.id', 'u.team_id')
        .where('u.id', bot.id)
        .first('t.type', 't.company_id', 'u.last_name');
      expect(botRow).to.deep.equal({ type: 'integration', company_id: companyId, last_name: null });
      expect((await testEnv().db('users').where({ id: rep.id }).first()).team_id).to.equal(null);
    });

    it('refuses duplicates, foreign teams, unknown roles and bad emails with a clear message, creating nothing', async () => {
      await admin([
        'user:create',
        '--company',
        companyId,
        '--email',
        'dup@cli.example',
        '--first-name',
        'Dup',
        '--role',
        'Rep',
        '--external-id',
        'x-1',
      ]);
      const before = await count('users');
      const base = ['user:create', '--company', companyId, '--first-name', 'Dup'];
      const foreignTeam = await admin(['team:create', '--company', otherCompanyId, '--name', 'Theirs']);
      const teamsBefore = await count('teams');
      await Promise.all([
        expectFailure(
          [...base, '--email', 'dup@cli.example', '--role', 'Rep'],
          /A user with email dup@cli\.example already exists/,
        ),
        expectFailure(
          [...base, '--email', 'other@cli.example', '--role', 'Rep', '--external-id', 'x-1'],
          /A user with external id x-1 already exists/,
        ),
        expectFailure(
          [...base, '--email', 'new@cli.example', '--role', 'Rep', '--team', foreignTeam.id],
          /Team .* was not found in company/,
        ),
        expectFailure(
          [...base, '--email', 'new@cli.example', '--role', 'User'],
          /argument 'User' is invalid\. Allowed choices are Rep, Manager, Integration/,
        ),
        expectFailure([...base, '--email', 'not-an-email', '--role', 'Rep'], /Must be an email address/),
        expectFailure([...base, '--email', 'new@cli.example'], /required option '--role <role>' not specified/),
        expectFailure(['team:create', '--company', randomUUID(), '--name', 'Nowhere'], /Company .* was not found/),
      ]);
      expect(await count('teams')).to.equal(teamsBefore);
      expect(await count('users')).to.equal(before);
    });

    it('unknown commands and options fail with usage help', async () => {
      await Promise.all([
        expectFailure(['company:purge', '--id', randomUUID()], /unknown command 'company:purge'/),
        expectFailure(
          ['team:create', '--company', companyId, '--name', 'X', '--colour', 'red'],
          /unknown option '--colour'/,
        ),
      ]);
    });
  });

  describe('seed', () => {
    it('creates the demo tree and prints ids and a working API key', async () => {
      const seed = await admin<DemoSeed & { apiKey: string }>(['seed']);
      const { parentCompany, childCompany } = seed;
      expect(seed.apiKey).to.equal(parentCompany.apiKey);
      expect((await testEnv().db('companies').where({ id: childCompany.id }).first()).parent_company_id).to.equal(
        parentCompany.id,
      );

      // Every role, both statuses, an Integration team per company.
      expect(new Set(seed.users.map((u) => u.role))).to.deep.equal(new Set(['Rep', 'Manager', 'Integration']));
      expect(seed.users.some((u) => u.status === 'disabled')).to.equal(true);
      for (const company of [parentCompany, childCompany]) {
        expect(seed.teams.filter((t) => t.companyId === company.id && t.type === 'integration')).to.have.length(1);
      }

      const key = { apiKey: seed.apiKey };
      const roleplays = await api.request<Array<{ id: string }>>('GET', '/api/roleplay', key);
      expect(roleplays.status).to.equal(200);
      expect(roleplays.body.map((r) => r.id).sort()).to.deep.equal(
        seed.roleplays
          .filter((r) => r.companyId === parentCompany.id)
          .map((r) => r.id)
          .sort(),
      );

      const sessions = await api.request<{ data: Array<{ id: string }>; pagination: { total: number } }>(
        'GET',
        '/api/roleplay/session',
        key,
      );
      const parentSessions = seed.sessions.filter((s) => s.companyId === parentCompany.id);
      expect(sessions.body.pagination.total).to.equal(parentSessions.length);
      const result = await api.request<{ snippets: unknown[]; criteriaResponses: unknown[] }>(
        'GET',
        `/api/roleplay/session/${parentSessions[0].id}`,
        key,
      );
      expect(result.status).to.equal(200);
      expect(result.body.snippets).to.not.be.empty;
      expect(result.body.criteriaResponses).to.not.be.empty;

      const scripts = await api.request<{ pagination: { total: number } }>('GET', '/api/memorization/script', key);
      expect(scripts.body.pagination.total).to.equal(
        seed.scripts.filter((s) => s.companyId === parentCompany.id).length,
      );

      const childUsers = await api.request<{ users: unknown[] }>(
        'GET',
        `/api/user?child_company_id=${childCompany.id}`,
        key,
      );
      expect(childUsers.status).to.equal(200);
      expect(childUsers.body.users).to.have.length(seed.users.filter((u) => u.companyId === childCompany.id).length);

      const childKey = await api.request<Array<{ id: string }>>('GET', '/api/roleplay', {
        apiKey: childCompany.apiKey,
      });
      expect(childKey.body.map((r) => r.id)).to.deep.equal(
        seed.roleplays.filter((r) => r.companyId === childCompany.id).map((r) => r.id),
      );
    });

    it('seeding twice makes a second, independent tree', async () => {
      const a = await admin<DemoSeed>(['seed']);
      const b = await admin<DemoSeed>(['seed']);
      expect(a.parentCompany.id).not.to.equal(b.parentCompany.id);
      expect(a.users.map((u) => u.id)).not.to.have.members(b.users.map((u) => u.id));
    });
  });

  describe('database problems', () => {
    it('says the database must be migrated when the tables are missing', async () => {
      const u = new URL(testConfig().DATABASE_URL);
      u.pathname = `/sp_cli_${randomBytes(4).toString('hex')}`;
      await ensureDatabase(u.toString());
      try {
        await expectFailure(['company:create', '--name', 'X'], /is not migrated .*npm run migrate/, {
          DATABASE_URL: u.toString(),
        });
      } finally {
        await dropDatabase(u.toString());
      }
    });

    it('says when the database does not exist or does not answer, and when the configuration is bad', async () => {
      const missing = new URL(testConfig().DATABASE_URL);
      missing.pathname = `/sp_cli_missing_${randomBytes(4).toString('hex')}`;
      await Promise.all([
        expectFailure(
          ['company:create', '--name', 'X'],
          /does not exist\. Create and migrate it first: npm run migrate/,
          { DATABASE_URL: missing.toString() },
        ),
        expectFailure(['company:create', '--name', 'X'], /Cannot reach the database .*ECONNREFUSED/, {
          DATABASE_URL: 'mysql://root@127.0.0.1:1/x',
        }),
        expectFailure(
          ['company:create', '--name', 'X'],
          /Invalid configuration:\n\s+- DATABASE_URL="postgres:\/\/x\/y"/,
          { DATABASE_URL: 'postgres://x/y' },
        ),
      ]);
    });
  });
});
