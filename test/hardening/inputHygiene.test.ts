import { expect } from 'chai';
import { startApi, type TestApi } from '../support/api';
import { dbSnapshot } from '../support/dbSnapshot';
import { createTenant, type TenantFixture } from '../support/fixtures';

// Inputs the property test found to slip past the schemas: lone UTF-16 surrogates (a 500 from MySQL's
// JSON columns, silent U+FFFD elsewhere) and infinite numbers (ajv lets Infinity pass as an integer).

interface ErrorShape {
  error: { code: string; details: Array<{ in: string; field: string }> };
}

describe('input hygiene', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  before(async () => {
    api = await startApi();
    tenant = await createTenant('Hygiene Co');
  });
  after(() => api.close());

  it('refuses a JSON body with a lone surrogate escape (400) and keeps nothing', async () => {
    for (const raw of ['{"name":"\\ud800"}', '{"name":"ok \\udfff"}', '{"\\ud83d":"x","name":"n"}']) {
      const before = await dbSnapshot();
      const res = await api.request<ErrorShape>('POST', '/api/team', {
        apiKey: tenant.apiKey,
        raw,
        contentType: 'application/json',
      });
      expect(res.status, raw).to.equal(400);
      expect(res.body.error.code).to.equal('malformed_json');
      expect(await dbSnapshot()).to.deep.equal(before);
    }
    // A correctly paired surrogate (an emoji written as escapes) is ordinary text.
    const emoji = await api.request<{ name: string }>('POST', '/api/team', {
      apiKey: tenant.apiKey,
      raw: '{"name":"\\ud83d\\ude00 team"}',
      contentType: 'application/json',
    });
    expect(emoji.status).to.equal(201);
    expect(emoji.body.name).to.equal('😀 team');
  });

  it('refuses numbers that overflow to Infinity, in the query and in the body', async () => {
    const query = await api.request<ErrorShape>('GET', '/api/team?offset=1e400', { apiKey: tenant.apiKey });
    expect(query.status).to.equal(400);
    expect(query.body.error.details).to.deep.include({
      in: 'query',
      field: 'offset',
      message: 'offset must be a finite number',
    });
    const body = await api.request<ErrorShape>('POST', '/api/roleplay', {
      apiKey: tenant.apiKey,
      raw: '{"title":"t","conversationType":{"title":"c","roleplayType":"Train"},"customerPersona":{"name":"n"},"customerBackground":{"title":"b"},"scorecard":{"criteria":[{"title":"a","description":"","weight":1e999,"sectionTitle":"s"}],"metrics":[]}}',
      contentType: 'application/json',
    });
    expect(body.status).to.equal(400);
  });
});
