import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  METADATA_ENCODING_KEY,
  ValueError,
  type DataConverter,
  type Payload,
  type PayloadCodec,
} from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { ConfigError, type Config } from './config';
import { failureConverterPath } from './failureConverter';

// Every payload the API and the worker hand to Temporal (workflow and activity arguments and results,
// signals, queries, memos, failure details) is sealed with AES-256-GCM before it leaves the process:
// Temporal's histories, which outlive an erasure, hold ciphertext. The key id travels in the payload's
// metadata, so keys rotate: TEMPORAL_PAYLOAD_KEY_ID encrypts, every key in TEMPORAL_PAYLOAD_KEYS decrypts.
// Payloads without our encoding (histories from before the codec) pass through decode unchanged while
// TEMPORAL_PAYLOAD_PLAIN_ACCEPTED is true; once it is false they are refused, so that nobody who reaches
// the Temporal frontend without the key can hand the worker workflow arguments or signals of their own.

/** The metadata encoding of sealed payloads (as in Temporal's own encryption samples). */
export const ENCRYPTED_ENCODING = 'binary/encrypted';
/** Metadata entry naming the key that sealed the payload. */
export const METADATA_KEY_ID = 'encryption-key-id';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;
export const PAYLOAD_KEYS_HOWTO =
  'set TEMPORAL_PAYLOAD_KEYS=<id>:<base64 of 32 random bytes>, e.g. `echo "k1:$(openssl rand -base64 32)"`';

export interface PayloadKeys {
  /** The key that seals new payloads. */
  currentKeyId: string;
  keys: ReadonlyMap<string, Buffer>;
}

/** The settings a key list comes from, for the messages (the payload keys, or keys of the same format). */
export interface KeySettingNames {
  keys: string;
  keyId: string;
}
const PAYLOAD_KEY_SETTINGS: KeySettingNames = { keys: 'TEMPORAL_PAYLOAD_KEYS', keyId: 'TEMPORAL_PAYLOAD_KEY_ID' };

/** `id:base64,id:base64` → the keys; the current one is `currentKeyId`, or the first listed. */
export function parsePayloadKeys(
  spec: string,
  currentKeyId = '',
  names: KeySettingNames = PAYLOAD_KEY_SETTINGS,
): PayloadKeys {
  const howto = PAYLOAD_KEYS_HOWTO.replace('TEMPORAL_PAYLOAD_KEYS', names.keys);
  const keys = new Map<string, Buffer>();
  for (const entry of spec
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    if (!KEY_ID.test(id))
      throw new ConfigError([
        `${names.keys}: each entry is <id>:<base64 key> with an id of letters, digits, '.', '_' or '-'; ${howto}`,
      ]);
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (key.length !== 32)
      throw new ConfigError([
        `${names.keys}: key ${id} must be 32 bytes (base64 of 32 random bytes), it is ${key.length}`,
      ]);
    if (keys.has(id)) throw new ConfigError([`${names.keys}: key id ${id} is listed twice`]);
    keys.set(id, key);
  }
  const current = currentKeyId || [...keys.keys()][0];
  if (current === undefined) throw new ConfigError([`${names.keys} is empty: ${howto}`]);
  if (!keys.has(current)) throw new ConfigError([`${names.keyId}=${current}: no key with that id in ${names.keys}`]);
  return { currentKeyId: current, keys };
}

const text = (bytes: Uint8Array | null | undefined): string | undefined =>
  bytes ? Buffer.from(bytes).toString('utf8') : undefined;

const isSealed = (payload: Payload): boolean => text(payload.metadata?.[METADATA_ENCODING_KEY]) === ENCRYPTED_ENCODING;

/** AES-256-GCM over the whole serialized payload (metadata included); the key id is authenticated too. */
export class AesGcmPayloadCodec implements PayloadCodec {
  constructor(
    private readonly keys: PayloadKeys,
    /** Whether decode lets a payload without our encoding through (old histories) or refuses it. */
    private readonly plainAccepted = true,
  ) {}

  async encode(payloads: Payload[]): Promise<Payload[]> {
    const keyId = this.keys.currentKeyId;
    const key = this.keys.keys.get(keyId)!;
    return payloads.map((payload) => {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(keyId, 'utf8'));
      const plain = temporal.api.common.v1.Payload.encode(payload).finish();
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return {
        metadata: { [METADATA_ENCODING_KEY]: Buffer.from(ENCRYPTED_ENCODING), [METADATA_KEY_ID]: Buffer.from(keyId) },
        data: Buffer.concat([nonce, sealed, cipher.getAuthTag()]),
      };
    });
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => {
      if (!this.plainAccepted && !isSealed(payload)) {
        throw new ValueError(
          'Refused an unencrypted payload (TEMPORAL_PAYLOAD_PLAIN_ACCEPTED=false): it was not sent by a process holding TEMPORAL_PAYLOAD_KEYS',
        );
      }
      return this.open(payload);
    });
  }

  /** One payload decrypted (synchronous: Node's cipher is); a payload not sealed by us comes back as it is. */
  open(payload: Payload): Payload {
    if (!isSealed(payload)) return payload;
    const keyId = text(payload.metadata?.[METADATA_KEY_ID]);
    if (!keyId) throw new ValueError('An encrypted payload has no encryption-key-id');
    const key = this.keys.keys.get(keyId);
    if (!key)
      throw new ValueError(
        `No key ${keyId} in TEMPORAL_PAYLOAD_KEYS to decrypt a payload with (a retired key still in use)`,
      );
    const data = Buffer.from(payload.data ?? new Uint8Array());
    if (data.length < NONCE_BYTES + TAG_BYTES) throw new ValueError('An encrypted payload is too short');
    const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(keyId, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(data.subarray(NONCE_BYTES, data.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return temporal.api.common.v1.Payload.decode(plain);
  }
}

type CodecConfig = Pick<
  Config,
  'TEMPORAL_PAYLOAD_KEYS' | 'TEMPORAL_PAYLOAD_KEY_ID' | 'TEMPORAL_PAYLOAD_PLAIN_ACCEPTED'
>;

/**
 * The codec of this deployment. Without TEMPORAL_PAYLOAD_KEYS a production process (NODE_ENV=production)
 * refuses to start; elsewhere payloads stay plain (`npm run dev` and the tests generate keys of their own).
 */
export function payloadCodecFor(
  config: CodecConfig,
  env: NodeJS.ProcessEnv = process.env,
): AesGcmPayloadCodec | undefined {
  if (!config.TEMPORAL_PAYLOAD_KEYS) {
    if (env.NODE_ENV === 'production')
      throw new ConfigError([
        `TEMPORAL_PAYLOAD_KEYS is required in production (payloads would reach Temporal unencrypted): ${PAYLOAD_KEYS_HOWTO}`,
      ]);
    if (!config.TEMPORAL_PAYLOAD_PLAIN_ACCEPTED)
      throw new ConfigError([
        `TEMPORAL_PAYLOAD_PLAIN_ACCEPTED=false needs TEMPORAL_PAYLOAD_KEYS (without keys every payload is plain): ${PAYLOAD_KEYS_HOWTO}`,
      ]);
    return undefined;
  }
  return new AesGcmPayloadCodec(
    parsePayloadKeys(config.TEMPORAL_PAYLOAD_KEYS, config.TEMPORAL_PAYLOAD_KEY_ID),
    config.TEMPORAL_PAYLOAD_PLAIN_ACCEPTED,
  );
}

/**
 * The data converter clients and workers are given: our codec after the SDK's default payload converter,
 * and failure messages and stack traces encoded as payloads, so that the codec encrypts them too.
 */
export function dataConverterFor(config: CodecConfig, env: NodeJS.ProcessEnv = process.env): DataConverter {
  const codec = payloadCodecFor(config, env);
  return { failureConverterPath, ...(codec ? { payloadCodecs: [codec] } : {}) };
}
