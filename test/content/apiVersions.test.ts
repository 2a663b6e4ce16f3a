import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { ApiKey } from '../../api/schemas/apiKeys';
import type { ErrorBody } from '../../api/schemas/common';
import type { Roleplay } from '../../api/schemas/roleplays';
import { API_VERSION_NAMES, API_VERSIONS, CURRENT_API_VERSION } from '../../common/apiVersions';
import { createApiKey } from '../../db/queries/credentials';
import { startApi, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';

// API versions (issue 34 §6): the Sales-Practice-Version header, keys pinned at creation and moved by PATCH,
// every answer naming its version, and roleplayType as each version has it.

const OLD = '2026-11-21';
const minimalCreate = {
  title: 'Versions',
  conversationType: { title: 'Call' },
  customerPersona: { name: 'Jordan' },
  customerBackground: { title: 'Logistics' },
};

describe('API versions', function () {
  this.timeout(60_000);
  let api: TestApi;
  let tenant: TenantFixture;

  before(async () => {
    api = await startApi();
  });
  after(() => api.close());
  beforeEach(async () => {
    tenant = await createTenant();
  });

  const version = (res: { headers: Headers }) => res.headers.get('sales-practice-version');
  const create = (roleplayType: string | undefined, headers: Record<string, string> = {}, apiKey = tenant.apiKey) =>
    api.request<Roleplay>('POST', '/api/roleplay', {
      apiKey,
      headers,
      json: { ...minimalCreate, conversationType: { title: 'Call', roleplayType } },
    });
  const read = (id: string, headers: Record<string, string> = {}, apiKey = tenant.apiKey) =>
    api.request<Roleplay>('GET', `/api/roleplay/${id}`, { apiKey, headers });

  it('names the version on every answer: the header, else the key, and 400 for a version that does not exist', async () => {
    expect(CURRENT_API_VERSION).to.equal('2026-11-23');
    const plain = await api.request('GET', '/api/roleplay', { apiKey: tenant.apiKey });
    expect(version(plain)).to.equal(CURRENT_API_VERSION);
    const old = await api.request('GET', '/api/roleplay', {
      apiKey: tenant.apiKey,
      headers: { 'Sales-Practice-Version': OLD },
    });
    expect(version(old)).to.equal(OLD);
    const refused = await api.request<ErrorBody>('GET', '/api/roleplay', {
      headers: { 'Sales-Practice-Version': OLD },
    });
    expect(refused.status).to.equal(401);
    expect(version(refused)).to.equal(OLD);
    const unknown = await api.request<ErrorBody>('GET', '/api/roleplay', {
      apiKey: tenant.apiKey,
      headers: { 'Sales-Practice-Version': '2025-01-01' },
    });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.error.code).to.equal('unknown_api_version');
    expect(unknown.body.error.message).to.include(API_VERSION_NAMES.join(', '));
    expect(unknown.body.error.details).to.deep.equal([
      { in: 'header', field: 'Sales-Practice-Version', message: `must be one of ${API_VERSION_NAMES.join(', ')}` },
    ]);
    expect(version(unknown)).to.equal(CURRENT_API_VERSION);
  });

  it('pins a key at creation to the current version or the one asked for; PATCH moves it; tokens follow their key', async () => {
    const issued = await api.request<ApiKey & { key: string }>('POST', '/api/api-keys', {
      apiKey: tenant.apiKey,
      json: { name: 'current' },
    });
    expect(issued.status, issued.text).to.equal(201);
    expect(issued.body.apiVersion).to.equal(CURRENT_API_VERSION);
    const pinnedOld = await api.request<ApiKey & { key: string }>('POST', '/api/api-keys', {
      apiKey: tenant.apiKey,
      json: { name: 'legacy integration', apiVersion: OLD },
    });
    expect(pinnedOld.body.apiVersion).to.equal(OLD);
    const oldKey = pinnedOld.body.key;
    expect(version(await api.request('GET', '/api/roleplay', { apiKey: oldKey }))).to.equal(OLD);
    // The header wins over the key's version.
    const asked = await api.request('GET', '/api/roleplay', {
      apiKey: oldKey,
      headers: { 'Sales-Practice-Version': CURRENT_API_VERSION },
    });
    expect(version(asked)).to.equal(CURRENT_API_VERSION);

    const token = await api.request<{ accessToken: string }>('POST', '/api/auth/token', { apiKey: oldKey });
    expect(token.status, token.text).to.equal(200);
    const counted = await api.request('GET', '/api/company/get-active-user-count', {
      bearer: token.body.accessToken,
    });
    expect(counted.status, counted.text).to.equal(200);
    expect(version(counted)).to.equal(OLD);

    const moved = await api.request<ApiKey>('PATCH', `/api/api-keys/${pinnedOld.body.id}`, {
      apiKey: tenant.apiKey,
      json: { apiVersion: CURRENT_API_VERSION },
    });
    expect(moved.status, moved.text).to.equal(200);
    expect(moved.body.apiVersion).to.equal(CURRENT_API_VERSION);
    expect(version(await api.request('GET', '/api/roleplay', { apiKey: oldKey }))).to.equal(CURRENT_API_VERSION);
    const bad = await api.request<ErrorBody>('PATCH', `/api/api-keys/${pinnedOld.body.id}`, {
      apiKey: tenant.apiKey,
      json: { apiVersion: '2020-01-01' },
    });
    expect(bad.status).to.equal(400);
  });

  it('roleplayType: a slug under 2026-11-21, read back as sent; under the current version refused, naming Train and Interview', async () => {
    const oldKey = (await createApiKey(testEnv().db, tenant.company.id, 'legacy', undefined, OLD)).key;
    const slug = await create('cold-call', {}, oldKey);
    expect(slug.status, slug.text).to.equal(201);
    expect(slug.body.conversationType).to.deep.equal({ title: 'Call', roleplayType: 'cold-call' });
    expect((await read(slug.body.id, {}, oldKey)).body.conversationType.roleplayType).to.equal('cold-call');
    expect((await read(slug.body.id)).body.conversationType.roleplayType).to.equal('Train');
    const exam = await create('final-interview', { 'Sales-Practice-Version': OLD });
    expect(exam.status, exam.text).to.equal(201);
    expect((await read(exam.body.id)).body.conversationType.roleplayType).to.equal('Interview');
    const listedOld = await api.request<Roleplay[]>('GET', '/api/roleplay', { apiKey: oldKey });
    expect(listedOld.body.map((r) => r.conversationType.roleplayType)).to.have.members([
      'cold-call',
      'final-interview',
    ]);

    // Not a slug under the old version either.
    const notSlug = await create('Cold Call', {}, oldKey);
    expect(notSlug.status).to.equal(400);

    // The current version refuses the slug and names the values it takes.
    const refused = await create('cold-call');
    expect(refused.status).to.equal(400);
    const detail = (refused.body as unknown as ErrorBody).error.details.find(
      (d) => d.field === 'conversationType.roleplayType',
    );
    expect(detail?.message).to.match(/Train.*Interview/);

    // Created under the current version: the old one reads its lowercase slug; a slug the migration kept reads as it was.
    const current = await create('Interview');
    expect((await read(current.body.id, {}, oldKey)).body.conversationType.roleplayType).to.equal('interview');
    await testEnv()
      .db('roleplays')
      .where({ id: current.body.id })
      .update({
        conversation_type: JSON.stringify({
          title: 'Call',
          roleplayType: 'Interview',
          legacyRoleplayType: 'sales-exam',
        }),
      });
    expect((await read(current.body.id, {}, oldKey)).body.conversationType.roleplayType).to.equal('sales-exam');
    expect((await read(current.body.id)).body.conversationType).to.deep.equal({
      title: 'Call',
      roleplayType: 'Interview',
    });
  });

  it('docs/changelog.md lists every version, oldest first', async () => {
    const changelog = await fs.readFile(path.join(__dirname, '..', '..', 'docs', 'changelog.md'), 'utf8');
    const listed = [...changelog.matchAll(/^## (\d{4}-\d{2}-\d{2})$/gm)].map((m) => m[1]);
    expect(listed).to.deep.equal([...API_VERSION_NAMES]);
    expect([...listed].sort()).to.deep.equal(listed);
  });

  it("docs/changelog.md says under each version exactly that version's changes in common/apiVersions.ts", async () => {
    const changelog = await fs.readFile(path.join(__dirname, '..', '..', 'docs', 'changelog.md'), 'utf8');
    for (const { version, changes } of API_VERSIONS)
      expect(changelogBullets(changelog, version), version).to.deep.equal([...changes]);
  });
});

/**
 * The bullets under `## <version>` (a bullet's wrapped lines joined by one space), up to the first line that is
 * neither a bullet nor its continuation (the next heading, or the text after the last version).
 */
function changelogBullets(changelog: string, version: string): string[] {
  const lines = changelog.split('\n');
  const start = lines.indexOf(`## ${version}`);
  if (start < 0) return [];
  const bullets: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') continue;
    if (line.startsWith('- ')) bullets.push(line.slice(2).trim());
    else if (line.startsWith('  ') && bullets.length > 0) bullets[bullets.length - 1] += ` ${line.trim()}`;
    else break;
  }
  return bullets;
}
