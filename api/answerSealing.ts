import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Kept answers of idempotent requests (api/idempotency.ts) are sealed with a key derived from the
// Idempotency-Key, which only the client holds: an answer can carry a secret shown once (an API key, a
// token, a signing secret), and the database alone cannot open it. AES-256-GCM: nonce, tag, ciphertext.

/** What a sealed answer is bound to: the client's Idempotency-Key within its company. */
export interface SealedFor {
  companyId: string;
  key: string;
}

const sealingKey = ({ companyId, key }: SealedFor): Buffer =>
  Buffer.from(hkdfSync('sha256', key, companyId, 'idempotency-answer', 32));

export function sealAnswer(owner: SealedFor, body: unknown): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(owner), nonce);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(body ?? null), 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), sealed]);
}

export function unsealAnswer(owner: SealedFor, sealed: Buffer): unknown {
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(owner), sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return JSON.parse(
    Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8'),
  ) as unknown;
}
