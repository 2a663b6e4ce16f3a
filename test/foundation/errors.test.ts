import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import knexFactory from 'knex';
import { createApp } from '../../api/app';
import { ErrorBody } from '../../api/schemas/common';
import { createTemporalClient } from '../../common/temporalClient';
import { knexConfig } from '../../db/connection';
import { createRoleplay, type RoleplayRow } from '../../db/queries/roleplays';
import { startApi, type ApiResponse, type TestApi } from '../support/api';
import { testLogger, testConfig, testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { assertSchema } from '../support/schemaAssert';

// One error body everywhere: {"error": {"code", "message", "details"}}; every response has x-request-id.
// (api.request checks every >= 400 body against ErrorBody by itself.)

interface ErrorResponse {
  error: {
    code: string;
    message: string;
    details: Array<{ in: string; field: string; message: string }>;
    requestId?: string;
  };
}

const MiB = 1024 * 1024;
const seenRequestIds: string[] = [];

function expectError(res: ApiResponse<unknown>, status: number, code: string): ErrorResponse['error'] {
  expect(res.status, res.text).to.equal(status);
  expect(res.headers.get('content-type')).to.match(/^application\/json/);
  const body = res.body as ErrorResponse;
  expect(body.error.code).to.equal(code);
  expect(body.error.message).to.match(/^[A-Z].*\.$/);
  expect(body.error).not.to.have.property('stack');
  return body.error;
}

/** A raw request, for what fetch cannot send (a chunked body without content-length). */
async function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  chunks: Buffer[],
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    // The server may answer 413 and close before the whole body is written.
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe('error responses', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let roleplay: RoleplayRow;

  before(async () => {
    api = await startApi();
    tenant = await createTenant('Errors Co');
    roleplay = await createRoleplay(testEnv().db, tenant.company.id, {
      title: 'Untouched',
      passingScore: 70,
      conversationType: { title: 'Discovery', roleplayType: 'Train' },
      customerPersona: { name: 'Pat', imageUrl: '', tags: [] },
      customerBackground: { title: 'Background', tags: [] },
    });
    const request = api.request.bind(api);
    // Every response of this suite goes through here, so the x-request-id check covers all of them.
    api.request = async <T>(...args: Parameters<TestApi['request']>): Promise<ApiResponse<T>> => {
      const res = await request<T>(...args);
      const id = res.headers.get('x-request-id');
      expect(id, `${args[0]} ${args[1]} x-request-id`).to.be.a('string').and.not.be.empty;
      seenRequestIds.push(id as string);
      return res;
    };
  });
  after(async () => api.close());

  async function roleplayTitle(): Promise<string> {
    const [row] = await testEnv().db('roleplays').where({ id: roleplay.id }).select('title');
    return row.title as string;
  }

  it('400 validation_failed with one detail per problem, naming the field path', async () => {
    const res = await api.request('PATCH', `/api/roleplay/${roleplay.id}`, {
      apiKey: tenant.apiKey,
      json: { title: '', passingScore: 101, isLive: 'yes', nickname: 'x' },
    });
    const error = expectError(res, 400, 'validation_failed');
    const byField = Object.fromEntries(error.details.map((d) => [d.field, d]));
    expect(Object.keys(byField).sort()).to.deep.equal(['isLive', 'nickname', 'passingScore', 'title']);
    expect(error.details.every((d) => d.in === 'body')).to.equal(true);
    expect(byField['passingScore'].message).to.equal('passingScore must be <= 100');
    expect(byField['nickname'].message).to.equal('nickname is not an allowed field');
    expect(await roleplayTitle()).to.equal('Untouched');
  });

  it('400 names nested fields with dotted paths, and path and query parameters by name', async () => {
    const nested = await api.request('POST', '/api/roleplay', {
      apiKey: tenant.apiKey,
      json: {
        title: 'T',
        conversationType: { title: 'C', roleplayType: 'x' },
        customerPersona: { name: 7 },
        customerBackground: { title: 'B', tags: [''] },
      },
    });
    const fields = expectError(nested, 400, 'validation_failed').details.map((d) => d.field);
    expect(fields).to.include.members(['customerPersona.name', 'customerBackground.tags.0']);

    const path = expectError(
      await api.request('GET', '/api/roleplay/not-a-uuid', { apiKey: tenant.apiKey }),
      400,
      'validation_failed',
    );
    expect(path.details).to.deep.equal([{ in: 'path', field: 'id', message: 'id must match format "uuid"' }]);

    const query = expectError(
      await api.request('GET', '/api/memorization/script?limit=0&offset=-1&color=red', { apiKey: tenant.apiKey }),
      400,
      'validation_failed',
    );
    expect(query.details.map((d) => `${d.in}:${d.field}`).sort()).to.deep.equal([
      'query:color',
      'query:limit',
      'query:offset',
    ]);
  });

  it('400 when a body is required but missing, or sent to an endpoint that takes none', async () => {
    expectError(
      await api.request('PATCH', `/api/roleplay/${roleplay.id}`, { apiKey: tenant.apiKey }),
      400,
      'validation_failed',
    );
    expectError(
      await api.request('POST', '/api/auth/token', { apiKey: tenant.apiKey, json: { ttl: '1d' } }),
      400,
      'validation_failed',
    );
  });

  it('400 malformed_json for a body that is not valid JSON', async () => {
    for (const raw of ['{"title":', '{title: "x"}', "{'title':'x'}", '{"title":"x"} trailing']) {
      const res = await api.request('PATCH', `/api/roleplay/${roleplay.id}`, {
        apiKey: tenant.apiKey,
        raw,
        contentType: 'application/json',
      });
      expect(expectError(res, 400, 'malformed_json').details).to.deep.equal([]);
    }
    expect(await roleplayTitle()).to.equal('Untouched');
  });

  it('400 malformed_json for JSON after a byte order mark (RFC 8259), even when the JSON itself would be valid', async () => {
    const raw = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"title":"Changed"}')]);
    const res = await api.request('PATCH', `/api/roleplay/${roleplay.id}`, {
      apiKey: tenant.apiKey,
      raw,
      contentType: 'application/json',
    });
    expect(expectError(res, 400, 'malformed_json').message).to.contain('byte order mark');
    expect(await roleplayTitle()).to.equal('Untouched');
  });

  it('404 route_not_found for an unknown route, with or without credentials', async () => {
    for (const path of ['/api/nothing-here', '/api/roleplay/x/y/z', '/']) {
      const error = expectError(await api.request('GET', path, { apiKey: tenant.apiKey }), 404, 'route_not_found');
      expect(error.message).to.contain(path);
    }
    expectError(await api.request('POST', '/api/nothing-here', { json: {} }), 404, 'route_not_found');
  });

  it('405 method_not_allowed for a known path with the wrong method, listing the allowed ones', async () => {
    // PROPFIND is a method the router never routes (it would answer 501): still 405 with Allow.
    for (const method of ['DELETE', 'GET', 'PUT', 'PROPFIND']) {
      const res = await api.request(method, '/api/auth/token', { apiKey: tenant.apiKey });
      expectError(res, 405, 'method_not_allowed');
      expect(res.headers.get('allow')).to.equal('POST');
    }
    const res = await api.request('DELETE', `/api/roleplay/${roleplay.id}`, { apiKey: tenant.apiKey });
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')?.split(/,\s*/).sort()).to.deep.equal(['GET', 'HEAD', 'PATCH']);
    expect(await roleplayTitle()).to.equal('Untouched');
  });

  it('415 unsupported_media_type for a body that is not JSON', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await api.request('PATCH', `/api/roleplay/${roleplay.id}`, {
        apiKey: tenant.apiKey,
        raw: 'title=Changed',
        contentType,
      });
      expectError(res, 415, 'unsupported_media_type');
    }
    // No content type at all is not JSON either.
    expectError(
      await api.request('PATCH', `/api/roleplay/${roleplay.id}`, { apiKey: tenant.apiKey, raw: '{"title":"Changed"}' }),
      415,
      'unsupported_media_type',
    );
    // JSON with a charset or a +json type is JSON.
    const ok = await api.request('PATCH', `/api/roleplay/${roleplay.id}`, {
      apiKey: tenant.apiKey,
      raw: '{"title":"Untouched"}',
      contentType: 'application/json; charset=utf-8',
    });
    expect(ok.status).to.equal(200);
    expect(await roleplayTitle()).to.equal('Untouched');
  });

  it('413 payload_too_large for a body over 1 MiB; exactly 1 MiB is read', async () => {
    const padded = (bytes: number) => {
      const head = '{"title":"';
      return `${head}${'x'.repeat(bytes - head.length - 2)}"}`;
    };
    const over = await api.request('PATCH', `/api/roleplay/${roleplay.id}`, {
      apiKey: tenant.apiKey,
      raw: padded(MiB + 1),
      contentType: 'application/json',
    });
    expectError(over, 413, 'payload_too_large');
    // 1 MiB exactly gets through the reader and fails on the field's own limit instead.
    const limit = await api.request('PATCH', `/api/roleplay/${roleplay.id}`, {
      apiKey: tenant.apiKey,
      raw: padded(MiB),
      contentType: 'application/json',
    });
    expect(expectError(limit, 400, 'validation_failed').details.map((d) => d.field)).to.deep.equal(['title']);

    // A chunked body (no content-length) is cut off at the limit too.
    const chunk = Buffer.alloc(256 * 1024, 'x');
    const chunked = await rawRequest(
      `${api.url}/api/roleplay/${roleplay.id}`,
      'PATCH',
      { 'content-type': 'application/json', 'x-api-key': tenant.apiKey, 'transfer-encoding': 'chunked' },
      [Buffer.from('{"title":"'), chunk, chunk, chunk, chunk, chunk],
    );
    expect(chunked.status).to.equal(413);
    expect(chunked.headers['x-request-id']).to.be.a('string');
    assertSchema(ErrorBody, JSON.parse(chunked.body));
    expect(await roleplayTitle()).to.equal('Untouched');
  });

  it("x-request-id: a fresh UUID on every response, or the caller's own when it is sane", async () => {
    expect(seenRequestIds.length).to.be.greaterThan(20);
    expect(new Set(seenRequestIds).size).to.equal(seenRequestIds.length);
    for (const id of seenRequestIds)
      expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const echoed = await api.request('GET', '/healthz', { headers: { 'x-request-id': 'trace-abc.123:7' } });
    expect(echoed.headers.get('x-request-id')).to.equal('trace-abc.123:7');
    for (const bad of ['has spaces in it', 'x'.repeat(129), 'semi;colon']) {
      const replaced = await api.request('GET', '/healthz', { headers: { 'x-request-id': bad } });
      expect(replaced.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('500 internal_error', () => {
  it('answers with a request id and no internals when the database has gone away', async () => {
    const config = testConfig();
    const gone = new URL(config.DATABASE_URL);
    gone.pathname = `/sp_gone_${randomBytes(4).toString('hex')}`; // never created
    // Knex would print the pool's connection error on stdout; the test only cares about the response.
    const ignore = (): void => undefined;
    const db = knexFactory({
      ...knexConfig(gone.toString(), 1),
      log: { warn: ignore, error: ignore, debug: ignore, deprecate: ignore },
    });
    const temporal = createTemporalClient(config);
    const server = createApp({ db, temporal, config, logger: testLogger }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${url}/api/roleplay`, {
        headers: { 'x-api-key': 'spk_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      });
      expect(res.status).to.equal(500);
      const text = await res.text();
      const body = JSON.parse(text) as ErrorResponse;
      assertSchema(ErrorBody, body);
      const requestId = res.headers.get('x-request-id');
      expect(body.error.code).to.equal('internal_error');
      expect(body.error.details).to.deep.equal([]);
      expect(body.error.requestId).to.equal(requestId);
      expect(body.error.message).to.contain(requestId);
      // Nothing of the failure itself: no stack, no SQL, no driver error, no database name.
      expect(text).not.to.match(/ER_BAD_DB_ERROR|Unknown database|select|\.ts:\d+|at \w+ \(|sp_gone_/i);

      // Health checks that need the database say so with 503 rather than 500.
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).to.equal(503);
      expect(((await ready.json()) as ErrorResponse).error.message).to.contain('database');
    } finally {
      server.closeAllConnections();
      server.close();
      await Promise.all([db.destroy(), temporal.connection.close()]);
    }
  });
});
