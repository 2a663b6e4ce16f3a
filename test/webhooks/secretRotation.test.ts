import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { Webhook } from 'standardwebhooks';
import { RotatedWebhookEndpoint, type WebhookAttemptResult } from '../../api/schemas/webhooks';
import { loadConfig } from '../../common/config';
import { SEALED_PREFIX, webhookSecretBox } from '../../common/webhookSecretBox';
import { verifyWebhookSignature } from '../../common/webhookSignature';
import { createDb, dropDatabase, ensureDatabase } from '../../db/connection';
import { admin } from '../support/adminCli';
import { startApi } from '../support/api';
import { testConfig, testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { registerWebhook } from '../support/recordingFixtures';
import { useWebhookStack } from '../support/webhookStack';
import { assertSchema } from '../support/schemaAssert';
import type { ReceivedWebhook } from '../support/webhookFixtures';

// Rotating a secret keeps the previous one signing for an overlap, so receivers on either verify; secrets
// are kept sealed, never in clear, and the migration seals the rows written before it.

/** Whether a web.receiver holding only `secret` accepts the delivery: the public library and our header both. */
function verifiesWith(hook: ReceivedWebhook, secret: string): { standard: boolean; service: boolean } {
  let standard = true;
  try {
    new Webhook(secret).verify(hook.rawBody.toString('utf8'), hook.headers as Record<string, string>);
  } catch {
    standard = false;
  }
  const service = verifyWebhookSignature(hook.rawBody, String(hook.headers['x-service-signature']), secret);
  return { standard, service };
}
const BOTH = { standard: true, service: true };
const NEITHER = { standard: false, service: false };

describe('webhook secrets: rotation with an overlap, sealed at rest', function () {
  this.timeout(90_000);
  let tenant: TenantFixture;
  let n = 0;

  const web = useWebhookStack({ OUTBOUND_ALLOW_PRIVATE: true, WEBHOOK_ROTATION_OVERLAP: '2h' });
  beforeEach(async () => {
    tenant = await createTenant();
  });

  const rotate = (id: string, json?: unknown) =>
    web.stack.api.request<RotatedWebhookEndpoint>('POST', `/api/webhook-endpoints/${id}/rotate-secret`, {
      apiKey: tenant.apiKey,
      ...(json === undefined ? {} : { json }),
    });
  const delivered = async (id: string, path: string): Promise<ReceivedWebhook> => {
    const res = await web.stack.api.request<WebhookAttemptResult>('POST', `/api/webhook-endpoints/${id}/test`, {
      apiKey: tenant.apiKey,
    });
    expect(res.body.outcome, res.text).to.equal('delivered');
    return web.receiver.on(path).at(-1)!;
  };

  it('signs with the new and the previous secret during the overlap, so either verifies; the one before is forgotten', async () => {
    const path = `/rotation/${++n}`;
    const endpoint = await registerWebhook(web.stack.api, tenant.apiKey, web.receiver, path);
    const s1 = endpoint.secret;

    const started = Date.now();
    const first = await rotate(endpoint.id);
    const answered = Date.now();
    expect(first.status, first.text).to.equal(200);
    assertSchema(RotatedWebhookEndpoint, first.body);
    const s2 = first.body.secret;
    expect(s2).to.not.equal(s1);
    // WEBHOOK_ROTATION_OVERLAP is 2h here: the previous secret signs until 2h after the rotation (bracketed by
    // the times before and after the request, so however slow the machine, not a window).
    const until = Date.parse(first.body.previousSecretExpiresAt ?? '');
    expect(until).to.be.within(started + 2 * 3600_000, answered + 2 * 3600_000);

    const during = await delivered(endpoint.id, path);
    expect(verifiesWith(during, s1)).to.deep.equal(BOTH);
    expect(verifiesWith(during, s2)).to.deep.equal(BOTH);
    expect(String(during.headers['webhook-signature']).split(' ')).to.have.length(2);
    expect(String(during.headers['x-service-signature']).match(/v1=/g)).to.have.length(2);

    // A second rotation: s2 overlaps with s3, s1 signs no more.
    const rotatedAt = Date.now();
    const second = await rotate(endpoint.id, { expiresInSeconds: 600 });
    const s3 = second.body.secret;
    expect(Date.parse(second.body.previousSecretExpiresAt ?? '')).to.be.within(
      rotatedAt + 600_000,
      Date.now() + 600_000,
    );
    const after = await delivered(endpoint.id, path);
    expect(verifiesWith(after, s3)).to.deep.equal(BOTH);
    expect(verifiesWith(after, s2)).to.deep.equal(BOTH);
    expect(verifiesWith(after, s1)).to.deep.equal(NEITHER);
  });

  it('expiresInSeconds 0 stops the previous secret at once; more than the setting is cut to it; bad values are refused', async () => {
    const path = `/rotation/${++n}`;
    const endpoint = await registerWebhook(web.stack.api, tenant.apiKey, web.receiver, path);
    const now = await rotate(endpoint.id, { expiresInSeconds: 0 });
    expect(now.status).to.equal(200);
    expect(now.body.previousSecretExpiresAt).to.equal(null);
    const hook = await delivered(endpoint.id, path);
    expect(verifiesWith(hook, now.body.secret)).to.deep.equal(BOTH);
    expect(verifiesWith(hook, endpoint.secret)).to.deep.equal(NEITHER);
    expect(String(hook.headers['webhook-signature']).split(' ')).to.have.length(1);

    const long = await rotate(endpoint.id, { expiresInSeconds: 7 * 86400 });
    expect(Date.parse(long.body.previousSecretExpiresAt ?? '') - Date.now()).to.be.at.most(2 * 3600_000 + 1_000);

    const row = await testEnv().db('webhook_endpoints').where({ id: endpoint.id }).first();
    for (const json of [{ expiresInSeconds: -1 }, { expiresInSeconds: 1.5 }, { expiresIn: 5 }]) {
      const res = await rotate(endpoint.id, json);
      expect(res.status, JSON.stringify(json)).to.equal(400);
    }
    expect(await testEnv().db('webhook_endpoints').where({ id: endpoint.id }).first()).to.deep.equal(row);
  });

  it('keeps no secret in clear: the rows hold sealed values that open only for their own endpoint', async () => {
    const path = `/rotation/${++n}`;
    const endpoint = await registerWebhook(web.stack.api, tenant.apiKey, web.receiver, path);
    const rotated = await rotate(endpoint.id);
    const rows = (await testEnv().db('webhook_endpoints').where({ company_id: tenant.company.id })) as Array<
      Record<string, unknown>
    >;
    const dump = JSON.stringify(rows);
    expect(dump).to.not.include(endpoint.secret.slice('whsec_'.length));
    expect(dump).to.not.include(rotated.body.secret.slice('whsec_'.length));
    expect(dump).to.not.include('whsec_');
    const [row] = rows;
    expect(String(row.secret).startsWith(SEALED_PREFIX)).to.equal(true);
    expect(String(row.previous_secret).startsWith(SEALED_PREFIX)).to.equal(true);
    const box = webhookSecretBox(testConfig());
    expect(box.open(String(row.secret), endpoint.id)).to.equal(rotated.body.secret);
    expect(box.open(String(row.previous_secret), endpoint.id)).to.equal(endpoint.secret);
    expect(() => box.open(String(row.secret), randomUUID())).to.throw();
  });
});

describe('admin webhook-secrets:reseal', function () {
  this.timeout(60_000);

  it("re-seals a company's secrets under the current key, so the old one can be retired; again, it changes nothing", async () => {
    const tenant = await createTenant();
    const api = await startApi();
    try {
      const created = await api.request<RotatedWebhookEndpoint>('POST', '/api/webhook-endpoints', {
        apiKey: tenant.apiKey,
        json: { url: 'https://hooks.example.com/reseal', events: ['recording.processing.completed'] },
      });
      const rotated = await api.request<RotatedWebhookEndpoint>(
        'POST',
        `/api/webhook-endpoints/${created.body.id}/rotate-secret`,
        { apiKey: tenant.apiKey },
      );
      // The test keys seal (the payload keys); `next` becomes the current one, the old still listed to open.
      const env = {
        WEBHOOK_SECRET_KEYS: `next:${randomBytes(32).toString('base64')},${testConfig().TEMPORAL_PAYLOAD_KEYS}`,
        WEBHOOK_SECRET_KEY_ID: 'next',
      };
      const args = ['webhook-secrets:reseal', '--company', tenant.company.id];
      expect(await admin(args, env)).to.deep.equal({ keyId: 'next', resealed: 1, alreadyCurrent: 0 });
      const row = await testEnv().db('webhook_endpoints').where({ id: created.body.id }).first();
      expect(String(row.secret).startsWith(`${SEALED_PREFIX}next:`)).to.equal(true);
      expect(String(row.previous_secret).startsWith(`${SEALED_PREFIX}next:`)).to.equal(true);
      const box = webhookSecretBox(loadConfig({}, { ...testConfig(), ...env }));
      expect(box.open(String(row.secret), created.body.id)).to.equal(rotated.body.secret);
      expect(box.open(String(row.previous_secret), created.body.id)).to.equal(created.body.secret);
      expect(await admin(args, env)).to.deep.equal({ keyId: 'next', resealed: 0, alreadyCurrent: 1 });
    } finally {
      await api.close();
    }
  });
});

describe('migration 20261126050100: the secrets written before are sealed', function () {
  this.timeout(60_000);
  let url: string;
  let db: Knex;
  const saved = { keys: process.env.WEBHOOK_SECRET_KEYS, keyId: process.env.WEBHOOK_SECRET_KEY_ID };
  const keys = `old:${randomBytes(32).toString('base64')},new:${randomBytes(32).toString('base64')}`;

  before(async () => {
    const u = new URL(testConfig().DATABASE_URL);
    u.pathname = `/sp_seal_${randomBytes(4).toString('hex')}`;
    url = u.toString();
    await ensureDatabase(url);
    db = createDb(url, 1);
  });
  after(async () => {
    process.env.WEBHOOK_SECRET_KEYS = saved.keys;
    process.env.WEBHOOK_SECRET_KEY_ID = saved.keyId;
    if (saved.keys === undefined) delete process.env.WEBHOOK_SECRET_KEYS;
    if (saved.keyId === undefined) delete process.env.WEBHOOK_SECRET_KEY_ID;
    await db.destroy();
    await dropDatabase(url);
  });

  it('seals each plain secret under the current key, stops without a key, and opens them on the way down', async () => {
    await db.migrate.latest();
    // Back to just before the migration, with an endpoint written then.
    for (;;) {
      const [done] = (await db.migrate.list()) as [Array<{ name: string }>, unknown[]];
      if (!done.some((m) => m.name.startsWith('20261126050100_'))) break;
      await db.migrate.down();
    }
    const companyId = randomUUID();
    const endpointId = randomUUID();
    const plain = `whsec_${randomBytes(32).toString('base64')}`;
    await db('companies').insert({ id: companyId, name: 'Sealing Co' });
    await db('webhook_endpoints').insert({
      id: endpointId,
      company_id: companyId,
      url: 'https://hooks.example.com/x',
      events: JSON.stringify(['recording.processing.completed']),
      secret: plain,
    });

    delete process.env.WEBHOOK_SECRET_KEYS;
    const savedPayloadKeys = process.env.TEMPORAL_PAYLOAD_KEYS;
    delete process.env.TEMPORAL_PAYLOAD_KEYS;
    try {
      await db.migrate.latest().then(
        () => expect.fail('migrated without a key'),
        (err: Error) => expect(err.message).to.match(/WEBHOOK_SECRET_KEYS/),
      );
    } finally {
      if (savedPayloadKeys !== undefined) process.env.TEMPORAL_PAYLOAD_KEYS = savedPayloadKeys;
    }
    expect((await db('webhook_endpoints').where({ id: endpointId }).first()).secret).to.equal(plain);

    process.env.WEBHOOK_SECRET_KEYS = keys;
    process.env.WEBHOOK_SECRET_KEY_ID = 'new';
    await db.migrate.latest();
    const sealed = String((await db('webhook_endpoints').where({ id: endpointId }).first()).secret);
    expect(sealed.startsWith(`${SEALED_PREFIX}new:`)).to.equal(true);
    const box = webhookSecretBox(
      loadConfig({}, { ...testConfig(), WEBHOOK_SECRET_KEYS: keys, WEBHOOK_SECRET_KEY_ID: 'new' }),
    );
    expect(box.open(sealed, endpointId)).to.equal(plain);

    for (;;) {
      const [done] = (await db.migrate.list()) as [Array<{ name: string }>, unknown[]];
      if (!done.some((m) => m.name.startsWith('20261126050100_'))) break;
      await db.migrate.down();
    }
    expect((await db('webhook_endpoints').where({ id: endpointId }).first()).secret).to.equal(plain);
  });
});
