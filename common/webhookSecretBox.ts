import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ConfigError, type Config } from './config';
import { parsePayloadKeys, PAYLOAD_KEYS_HOWTO, type PayloadKeys } from './payloadCodec';

// Webhook endpoint secrets at rest: HMAC signing needs the secret itself (a hash would not do), so it is
// kept sealed with AES-256-GCM under WEBHOOK_SECRET_KEYS (or, when those are not set, the Temporal payload
// keys), in the payload keys' format and with their rotation: the current key seals, every listed key opens.
// A database dump holds `sealed:v1:<key id>:<base64 nonce|ciphertext|tag>` and no secret in clear. The
// additional data binds each value to its endpoint and key id (a sealed secret copied to another row does
// not open), and differs from the payload codec's, so the codec endpoint never opens one.
// Migration 20261126050100_webhook_secret_overlap_sealed seals the rows written before, in the same format.

export const SEALED_PREFIX = 'sealed:v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface WebhookSecretBox {
  seal(secret: string, endpointId: string): string;
  open(sealed: string, endpointId: string): string;
  /** The key id a sealed value names (to tell the ones sealed under a retired key). */
  keyIdOf(sealed: string): string;
  /** The key that seals from now on. */
  currentKeyId: string;
}

const aad = (endpointId: string, keyId: string): Buffer =>
  Buffer.from(`webhook-endpoint-secret/${endpointId.toLowerCase()}/${keyId}`, 'utf8');

function boxOf(keys: PayloadKeys, setting: string): WebhookSecretBox {
  const parts = (sealed: string): { keyId: string; data: Buffer } => {
    if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('A webhook secret is not sealed (run the migrations)');
    const rest = sealed.slice(SEALED_PREFIX.length);
    const colon = rest.indexOf(':');
    return { keyId: rest.slice(0, colon), data: Buffer.from(rest.slice(colon + 1), 'base64') };
  };
  return {
    seal(secret, endpointId) {
      const keyId = keys.currentKeyId;
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keys.keys.get(keyId)!, nonce);
      cipher.setAAD(aad(endpointId, keyId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${SEALED_PREFIX}${keyId}:${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64')}`;
    },
    open(sealed, endpointId) {
      const { keyId, data } = parts(sealed);
      const key = keys.keys.get(keyId);
      if (!key)
        throw new Error(`No key ${keyId} in ${setting} to open a webhook secret with (a retired key still in use)`);
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, NONCE_BYTES));
      decipher.setAAD(aad(endpointId, keyId));
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(data.subarray(NONCE_BYTES, data.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
    keyIdOf: (sealed) => parts(sealed).keyId,
    currentKeyId: keys.currentKeyId,
  };
}

type BoxConfig = Pick<
  Config,
  'WEBHOOK_SECRET_KEYS' | 'WEBHOOK_SECRET_KEY_ID' | 'TEMPORAL_PAYLOAD_KEYS' | 'TEMPORAL_PAYLOAD_KEY_ID'
>;

const boxes = new WeakMap<BoxConfig, WebhookSecretBox>();

/** The box of this deployment's keys (built once per configuration); a ConfigError when no key is set. */
export function webhookSecretBox(config: BoxConfig): WebhookSecretBox {
  const known = boxes.get(config);
  if (known) return known;
  let box: WebhookSecretBox;
  if (config.WEBHOOK_SECRET_KEYS) {
    box = boxOf(
      parsePayloadKeys(config.WEBHOOK_SECRET_KEYS, config.WEBHOOK_SECRET_KEY_ID, {
        keys: 'WEBHOOK_SECRET_KEYS',
        keyId: 'WEBHOOK_SECRET_KEY_ID',
      }),
      'WEBHOOK_SECRET_KEYS',
    );
  } else if (config.TEMPORAL_PAYLOAD_KEYS) {
    box = boxOf(
      parsePayloadKeys(config.TEMPORAL_PAYLOAD_KEYS, config.TEMPORAL_PAYLOAD_KEY_ID),
      'TEMPORAL_PAYLOAD_KEYS',
    );
  } else {
    throw new ConfigError([
      `Webhook secrets are kept encrypted and no key is set: set WEBHOOK_SECRET_KEYS (or TEMPORAL_PAYLOAD_KEYS); ${PAYLOAD_KEYS_HOWTO.replace('TEMPORAL_PAYLOAD_KEYS', 'WEBHOOK_SECRET_KEYS')}`,
    ]);
  }
  boxes.set(config, box);
  return box;
}

/** The setting an operator sets so that webhook endpoints can be registered (named by the 503 and the start-up warning). */
export const WEBHOOK_KEYS_MISSING =
  'no key is set to keep webhook endpoint secrets encrypted: set WEBHOOK_SECRET_KEYS (or TEMPORAL_PAYLOAD_KEYS)';

/**
 * What a process checks when it starts: keys that are set but malformed are a ConfigError then (the process
 * refuses to start), not at the first endpoint; no key at all (allowed outside production, where
 * TEMPORAL_PAYLOAD_KEYS is optional) is undefined: webhook endpoints cannot be registered.
 */
export function webhookSecretBoxIfConfigured(config: BoxConfig): WebhookSecretBox | undefined {
  return config.WEBHOOK_SECRET_KEYS || config.TEMPORAL_PAYLOAD_KEYS ? webhookSecretBox(config) : undefined;
}
