import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

// Webhook secrets: sealed at rest, and the previous one kept for an overlap after a rotation.
// - `secret` (widened) and the new `previous_secret` hold `sealed:v1:<key id>:<base64 nonce|ciphertext|tag>`,
//   AES-256-GCM under WEBHOOK_SECRET_KEYS (or TEMPORAL_PAYLOAD_KEYS when those are unset), additional data
//   `webhook-endpoint-secret/<endpoint id>/<key id>`: the format of common/webhookSecretBox.ts, written out
//   here because a migration imports nothing from the project. Rows written before are sealed now; with rows
//   to seal and no key set, the migration stops and says which setting to set.
// - `previous_secret_expires_at`: until when deliveries are signed with the previous secret too.
// Down opens the rows again (with the same keys) and drops the new columns.

const PREFIX = 'sealed:v1:';

function keysFromEnv(): { current: string; keys: Map<string, Buffer> } | undefined {
  const own = process.env.WEBHOOK_SECRET_KEYS ?? '';
  const spec = own || (process.env.TEMPORAL_PAYLOAD_KEYS ?? '');
  if (!spec) return undefined;
  const keys = new Map<string, Buffer>();
  for (const entry of spec
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (colon <= 0 || key.length !== 32)
      throw new Error('WEBHOOK_SECRET_KEYS: each entry is <id>:<base64 of 32 bytes>');
    keys.set(entry.slice(0, colon), key);
  }
  const chosen = own ? process.env.WEBHOOK_SECRET_KEY_ID : process.env.TEMPORAL_PAYLOAD_KEY_ID;
  const current = chosen || [...keys.keys()][0];
  if (!keys.has(current)) throw new Error(`WEBHOOK_SECRET_KEY_ID=${current}: no such key`);
  return { current, keys };
}

const aad = (endpointId: string, keyId: string): Buffer =>
  Buffer.from(`webhook-endpoint-secret/${endpointId.toLowerCase()}/${keyId}`, 'utf8');

function seal(secret: string, endpointId: string, keys: { current: string; keys: Map<string, Buffer> }): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.keys.get(keys.current)!, nonce);
  cipher.setAAD(aad(endpointId, keys.current));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${PREFIX}${keys.current}:${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64')}`;
}

function open(sealed: string, endpointId: string, keys: Map<string, Buffer>): string {
  const rest = sealed.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  const keyId = rest.slice(0, colon);
  const data = Buffer.from(rest.slice(colon + 1), 'base64');
  const key = keys.get(keyId);
  if (!key) throw new Error(`No key ${keyId} in WEBHOOK_SECRET_KEYS to open a webhook secret with`);
  const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
  decipher.setAAD(aad(endpointId, keyId));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(12, data.length - 16)), decipher.final()]).toString('utf8');
}

export async function up(knex: Knex): Promise<void> {
  // Checked before any change: MySQL commits each ALTER TABLE at once, so a stop must come first.
  const rows = (await knex('webhook_endpoints')
    .whereNot('secret', 'like', `${PREFIX}%`)
    .select('id', 'secret')) as Array<{ id: string; secret: string }>;
  const keys = keysFromEnv();
  if (rows.length > 0 && !keys) {
    throw new Error(
      `${rows.length} webhook secrets are to be sealed and no key is set: set WEBHOOK_SECRET_KEYS (or TEMPORAL_PAYLOAD_KEYS) as the service has it and migrate again`,
    );
  }
  await knex.schema.alterTable('webhook_endpoints', (table) => {
    table.string('secret', 512).notNullable().alter();
    table.string('previous_secret', 512).nullable();
    table.datetime('previous_secret_expires_at', { precision: 3 }).nullable();
  });
  for (const row of rows) {
    await knex('webhook_endpoints')
      .where({ id: row.id })
      .update({ secret: seal(row.secret, row.id, keys!) });
  }
}

export async function down(knex: Knex): Promise<void> {
  const rows = (await knex('webhook_endpoints').where('secret', 'like', `${PREFIX}%`).select('id', 'secret')) as Array<{
    id: string;
    secret: string;
  }>;
  if (rows.length > 0) {
    const keys = keysFromEnv();
    if (!keys) throw new Error('Opening the webhook secrets needs WEBHOOK_SECRET_KEYS (or TEMPORAL_PAYLOAD_KEYS)');
    for (const row of rows) {
      await knex('webhook_endpoints')
        .where({ id: row.id })
        .update({ secret: open(row.secret, row.id, keys.keys) });
    }
  }
  await knex.schema.alterTable('webhook_endpoints', (table) => {
    table.dropColumn('previous_secret_expires_at');
    table.dropColumn('previous_secret');
    table.string('secret', 128).notNullable().alter();
  });
}
