import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { IDEMPOTENCY_LEASE_MS, requestHash } from '../../api/idempotency';
import { plannedSweep, sweepExpiredRows } from '../../activities/sweeps';
import type { Operation } from '../../api/operation';
import { operations } from '../../api/routes';
import type { ErrorBody } from '../../api/schemas/common';
import { buildOpenApi } from '../../api/openapi';
import { SCOPES } from '../../common/scopes';
import { createApiKey } from '../../db/queries/credentials';
import { claimIdempotencyKey } from '../../db/queries/idempotencyKeys';
import { movableClock, type MovableClock } from '../support/movableClock';
import { startApi, type ApiResponse, type TestApi } from '../support/api';
import { dbSnapshot } from '../support/dbSnapshot';
import { testConfig, testEnv } from '../support/env';
import { buildCall } from '../support/operationCalls';
import { createTenantWorld, type TenantWorld } from '../support/tenantWorld';
import { makeUser } from '../support/userFixtures';

// Idempotency-Key on every POST that creates or acts, generated from the operation list: the same key
// and request answer the first answer again and write nothing; the same key on another request is 409
// `idempotency_key_reused`. Then the rules one by one: concurrency, failures, expiry, crashed holders,
// and that kept answers give no secret away.

const idempotent = operations.filter(
  (op): op is Operation & { idempotent: NonNullable<Operation['idempotent']> } => op.idempotent !== undefined,
);
const withKey = (key: string): Record<string, string> => ({ 'Idempotency-Key': key });
const keyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

const roleplay = (title: string) => ({
  title,
  conversationType: { title: 'Discovery', roleplayType: 'Train' },
  customerPersona: { name: 'Alex' },
  customerBackground: { title: 'Retail chain' },
});

describe('Idempotency-Key', function () {
  this.timeout(120_000);
  let api: TestApi;
  let world: TenantWorld;

  before(async () => {
    api = await startApi({
      RATE_LIMIT_POINTS: 0,
      TEMPORAL_TASK_QUEUE: `idempotency-${Date.now()}`,
      RECORDING_CANCEL_WAIT: '50ms',
      WEBHOOK_ATTEMPT_WAIT: '50ms',
    });
    world = await createTenantWorld('Idempotency');
  });
  after(() => api.close());

  const post = <T>(path: string, json: unknown, key?: string): Promise<ApiResponse<T>> =>
    api.request<T>('POST', path, { apiKey: world.apiKey, json, headers: key === undefined ? {} : withKey(key) });

  it('is honoured by every POST an API key opens, and documented on each', () => {
    const posts = operations.filter((op) => op.method === 'post' && op.auth === 'apiKey');
    expect(posts.filter((op) => !op.idempotent).map((op) => op.operationId)).to.deep.equal([]);
    const doc = buildOpenApi(operations, testConfig().PUBLIC_URL) as unknown as {
      paths: Record<
        string,
        Record<string, { parameters?: Array<{ in: string; name: string }>; responses: Record<string, unknown> }>
      >;
    };
    for (const op of posts) {
      const documented = doc.paths[op.path][op.method];
      expect(
        documented.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
        op.operationId,
      ).to.equal(true);
      expect(documented.responses, op.operationId).to.have.property('409');
    }
  });

  for (const op of idempotent) {
    it(`${op.method.toUpperCase()} ${op.path}: a retry gets the first answer and changes nothing; another request under the key is 409`, async () => {
      const call = buildCall(op, world, new Map());
      const key = randomUUID();
      const first = await api.request(call.method, call.path, {
        apiKey: world.apiKey,
        json: call.json,
        headers: withKey(key),
      });
      expect(first.status, first.text).to.be.within(200, 299);
      expect(first.headers.get('idempotent-replayed')).to.equal(null);
      const before = await dbSnapshot();
      const again = await api.request(call.method, call.path, {
        apiKey: world.apiKey,
        json: call.json,
        headers: withKey(key),
      });
      expect(again.status).to.equal(first.status);
      expect(again.body).to.deep.equal(first.body);
      expect(again.headers.get('idempotent-replayed')).to.equal('true');
      expect(await dbSnapshot()).to.deep.equal(before);

      // The same key on another operation is another request.
      const other = idempotent.find((o) => o.operationId !== op.operationId) as Operation;
      const otherCall = buildCall(other, world, new Map());
      const reused = await api.request<ErrorBody>(otherCall.method, otherCall.path, {
        apiKey: world.apiKey,
        json: otherCall.json,
        headers: withKey(key),
      });
      expect(reused.status, reused.text).to.equal(409);
      expect(reused.body.error.code).to.equal('idempotency_key_reused');
      expect(await dbSnapshot()).to.deep.equal(before);
    });
  }

  // A kept answer can hold what only its key was allowed to get (a new key's secret, a token): another
  // key of the same company sending the same key and request gets a 409, never that answer. A world of
  // its own, since some operations succeed once per row (retrying a failed recording, a redelivery).
  describe('a kept answer belongs to the credential that earned it', () => {
    let own: TenantWorld;
    before(async () => {
      own = await createTenantWorld('IdempotencyOwner');
    });
    for (const op of idempotent) {
      it(`${op.method.toUpperCase()} ${op.path}: another key of the company gets 409, never the answer`, async () => {
        const world = own;
        const call = buildCall(op, world, new Map());
        const key = randomUUID();
        const send = (apiKey: string) =>
          api.request<ErrorBody>(call.method, call.path, { apiKey, json: call.json, headers: withKey(key) });
        const first = await send(world.apiKey);
        expect(first.status, first.text).to.be.within(200, 299);
        const another = await createApiKey(testEnv().db, world.company.id, 'another integration', SCOPES);
        const before = await dbSnapshot();
        const refused = await send(another.key);
        expect(refused.status, refused.text).to.equal(409);
        expect(refused.body.error.code).to.equal('idempotency_key_reused');
        expect(refused.body.error.message).to.contain('another credential');
        expect(refused.headers.get('idempotent-replayed')).to.equal(null);
        if (first.text) expect(refused.text).to.not.contain(first.text);
        expect(await dbSnapshot()).to.deep.equal(before);
        // The credential that earned it still gets it.
        const again = await send(world.apiKey);
        expect(again.status).to.equal(first.status);
        expect(again.headers.get('idempotent-replayed')).to.equal('true');
      });
    }
  });

  it('a minted bearer token records its key, and its kept answer goes to no other key', async () => {
    const minted = await post<{ accessToken: string }>('/api/auth/token', undefined);
    expect(minted.status, minted.text).to.equal(200);
    const key = randomUUID();
    const first = await post<{ accessToken: string }>('/api/auth/token', undefined, key);
    const another = await createApiKey(testEnv().db, world.company.id, 'another', SCOPES);
    const stolen = await api.request<ErrorBody>('POST', '/api/auth/token', {
      apiKey: another.key,
      headers: withKey(key),
    });
    expect(stolen.status).to.equal(409);
    expect(stolen.text).to.not.contain(first.body.accessToken);
    const rows = (await testEnv()
      .db('bearer_tokens')
      .where({ company_id: world.company.id })
      .whereNotNull('api_key_id')
      .select('api_key_id')) as Array<{ api_key_id: string }>;
    expect(rows.map((r) => r.api_key_id)).to.include(world.apiKeyId);
  });

  it('treats the same body with its keys in another order as the same request, and another body as another', async () => {
    const key = randomUUID();
    const title = `Idem ${randomUUID()}`;
    const first = await post<{ id: string }>('/api/roleplay', roleplay(title), key);
    expect(first.status).to.equal(201);
    const reordered = Object.fromEntries(Object.entries(roleplay(title)).reverse());
    const again = await post<{ id: string }>('/api/roleplay', reordered, key);
    expect(again.status).to.equal(201);
    expect(again.body.id).to.equal(first.body.id);
    const changed = await post<ErrorBody>('/api/roleplay', roleplay(`${title} (2)`), key);
    expect(changed.status).to.equal(409);
    expect(changed.body.error.code).to.equal('idempotency_key_reused');
    expect(await testEnv().db('roleplays').where('title', 'like', `${title}%`).count({ n: '*' })).to.deep.equal([
      { n: 1 },
    ]);
  });

  it('creates once when the same request races with itself', async () => {
    const key = randomUUID();
    const title = `Race ${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post<{ id: string }>('/api/roleplay', roleplay(title), key)),
    );
    expect(answers.map((a) => a.status)).to.deep.equal(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).to.equal(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).to.have.length(5);
    expect(await testEnv().db('roleplays').where({ title }).count({ n: '*' })).to.deep.equal([{ n: 1 }]);
  });

  it('keeps nothing for a request that failed, so its retry runs', async () => {
    const db = testEnv().db;
    // Held by a lease (invite): the handler's 409 releases the key.
    const existing = await makeUser(world.company.id);
    const inviteKey = randomUUID();
    let before = await dbSnapshot();
    const taken = await post<ErrorBody>(
      '/api/user/invite',
      { email: existing.email, teamId: world.ids.team, role: 'User' },
      inviteKey,
    );
    expect(taken.status).to.equal(409);
    expect(taken.body.error.code).to.equal('user_exists');
    expect(await dbSnapshot()).to.deep.equal(before);
    const invited = await post(
      '/api/user/invite',
      { email: `new-${randomUUID()}@example.com`, teamId: world.ids.team, role: 'User' },
      inviteKey,
    );
    expect(invited.status, invited.text).to.be.within(200, 299);

    // Held by the transaction (API key): the handler's 403 rolls the key back with everything else.
    const keysOnly = await createApiKey(db, world.company.id, 'keys only', ['keys:manage']);
    const keyKey = randomUUID();
    before = await dbSnapshot();
    const refused = await api.request<ErrorBody>('POST', '/api/api-keys', {
      apiKey: keysOnly.key,
      json: { name: 'wider', scopes: ['roleplays:read'] },
      headers: withKey(keyKey),
    });
    expect(refused.status).to.equal(403);
    expect(refused.body.error.code).to.equal('insufficient_scope');
    expect(await dbSnapshot()).to.deep.equal(before);
    const created = await api.request('POST', '/api/api-keys', {
      apiKey: keysOnly.key,
      json: { name: 'same', scopes: ['keys:manage'] },
      headers: withKey(keyKey),
    });
    expect(created.status, created.text).to.equal(201);
  });

  it('gives the shown-once secret of an API key again on a retry, and the database alone does not reveal it', async () => {
    const key = randomUUID();
    const first = await post<{ key: string; id: string }>(
      '/api/api-keys',
      { name: 'retried', scopes: ['roleplays:read'] },
      key,
    );
    expect(first.status).to.equal(201);
    const again = await post<{ key: string; id: string }>(
      '/api/api-keys',
      { name: 'retried', scopes: ['roleplays:read'] },
      key,
    );
    expect(again.body).to.deep.equal(first.body);
    const rows = (await testEnv().db('idempotency_keys').where({ company_id: world.company.id })) as Array<
      Record<string, unknown>
    >;
    const stored = rows
      .map((r) =>
        Object.values(r)
          .map((v) => (Buffer.isBuffer(v) ? v.toString('latin1') : String(v)))
          .join('|'),
      )
      .join('\n');
    expect(stored).to.not.contain(first.body.key);
    // The random part after `<kind>_<prefix>_` (base64url: it may hold `_` itself, so not the last `_`-piece).
    const [kind, prefix] = first.body.key.split('_');
    expect(stored).to.not.contain(first.body.key.slice(`${kind}_${prefix}_`.length));
    expect(stored).to.not.contain(key);
    expect(rows.map((r) => r.key_hash)).to.include(keyHash(key));
  });

  it('answers 409 idempotency_key_in_use while the first request holds the key, and lets a retry take over once its holder died', async () => {
    const op = idempotent.find((o) => o.operationId === 'testWebhookEndpoint') as Operation;
    const call = buildCall(op, world, new Map());
    const db = testEnv().db;
    // The records a request in flight leaves (its lease running) and one whose process died leaves (its lease run out).
    const leftBy = async (key: string, at: Date): Promise<void> => {
      const hash = requestHash({
        companyId: world.company.id,
        credentialId: `key:${world.apiKeyId}`,
        key,
        operationId: op.operationId,
        params: pathParams(op, call.path),
        body: call.json,
      });
      await claimIdempotencyKey(db, {
        companyId: world.company.id,
        credentialId: `key:${world.apiKeyId}`,
        keyHash: keyHash(key),
        operationId: op.operationId,
        requestHash: hash,
        now: at,
        lockedUntil: new Date(at.getTime() + IDEMPOTENCY_LEASE_MS),
      });
    };
    const send = (key: string) =>
      api.request<ErrorBody>(call.method, call.path, { apiKey: world.apiKey, json: call.json, headers: withKey(key) });

    const running = randomUUID();
    await leftBy(running, new Date());
    const busy = await send(running);
    expect(busy.status).to.equal(409);
    expect(busy.body.error.code).to.equal('idempotency_key_in_use');
    expect(busy.headers.get('retry-after')).to.equal('1');

    const crashed = randomUUID();
    await leftBy(crashed, new Date(Date.now() - 2 * IDEMPOTENCY_LEASE_MS));
    const retried = await send(crashed);
    expect(retried.status, retried.text).to.equal(200);
    const replayed = await send(crashed);
    expect(replayed.headers.get('idempotent-replayed')).to.equal('true');
    expect(replayed.body).to.deep.equal(retried.body);
  });

  describe('after IDEMPOTENCY_KEY_TTL', () => {
    // The API reads the time from a clock the test moves: the TTL runs out when the test says so.
    const TTL_MS = 60_000;
    let shortLived: TestApi;
    let time: MovableClock;
    before(async () => {
      time = movableClock();
      shortLived = await startApi(
        {
          RATE_LIMIT_POINTS: 0,
          IDEMPOTENCY_KEY_TTL: `${TTL_MS}ms`,
          TEMPORAL_TASK_QUEUE: `idempotency-ttl-${randomUUID()}`,
        },
        undefined,
        { clock: time.clock },
      );
    });
    after(() => shortLived.close());

    it('a key starts a new request, and the sweep deletes expired records', async () => {
      const key = randomUUID();
      const title = `Expiring ${randomUUID()}`;
      const req = (t: string) =>
        shortLived.request<{ id: string }>('POST', '/api/roleplay', {
          apiKey: world.apiKey,
          json: roleplay(t),
          headers: withKey(key),
        });
      const first = await req(title);
      expect(first.status).to.equal(201);
      // Just within the TTL the kept answer is replayed; just past it the key starts over.
      time.advance(TTL_MS - 1);
      const kept = await req(title);
      expect(kept.headers.get('idempotent-replayed')).to.equal('true');
      expect(kept.body).to.deep.equal(first.body);
      time.advance(1);
      const second = await req(`${title} again`);
      expect(second.status).to.equal(201);
      expect(second.body.id).to.not.equal(first.body.id);
      expect(second.headers.get('idempotent-replayed')).to.equal(null);

      const db = testEnv().db;
      const mine = () =>
        db('idempotency_keys')
          .where({ company_id: world.company.id, key_hash: keyHash(key) })
          .count({ n: '*' });
      expect(await mine()).to.deep.equal([{ n: 1 }]);
      await sweepExpiredRows(db, plannedSweep('idempotency-keys', shortLived.config), time.clock());
      expect(await mine(), 'kept until its TTL has run out').to.deep.equal([{ n: 1 }]);
      time.advance(TTL_MS + 1);
      const removed = await sweepExpiredRows(db, plannedSweep('idempotency-keys', shortLived.config), time.clock());
      expect(removed).to.be.greaterThan(0);
      expect(await mine()).to.deep.equal([{ n: 0 }]);
    });

    it('a recording intake key starts a new recording', async () => {
      const key = randomUUID();
      const body = (name: string) => ({
        userUniqueIdentifier: `rep-${randomUUID()}`,
        userName: name,
        transcript: [
          { speaker: 'Dana', text: 'Hello there', start: 0, end: 1 },
          { speaker: 'Lee', text: 'Hi', start: 1, end: 2 },
        ],
        storeRecording: false,
      });
      const first = await shortLived.request<{ recordingId: string }>('POST', '/api/recording', {
        apiKey: world.apiKey,
        json: body('Dana'),
        headers: withKey(key),
      });
      expect(first.status, first.text).to.equal(200);
      time.advance(TTL_MS);
      const second = await shortLived.request<{ recordingId: string }>('POST', '/api/recording', {
        apiKey: world.apiKey,
        json: body('Sam'),
        headers: withKey(key),
      });
      expect(second.status, second.text).to.equal(200);
      expect(second.body.recordingId).to.not.equal(first.body.recordingId);
    });
  });
});

/** The path parameters of a built call, as the router hands them over. */
function pathParams(op: Operation, path: string): Record<string, string> {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const pattern = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
  const values = (pattern.exec(path.split('?')[0]) ?? []).slice(1);
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(values[i])]));
}
