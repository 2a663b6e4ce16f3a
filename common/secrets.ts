import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Credentials look like `<kind>_<prefix>_<secret>`: the prefix is stored in clear to find the row,
// the whole credential only as a SHA-256 digest compared in constant time.

export interface IssuedSecret {
  value: string;
  prefix: string;
  hash: string;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function issueSecret(kind: string): IssuedSecret {
  const prefix = `${kind}_${randomBytes(6).toString('hex')}`;
  const value = `${prefix}_${randomBytes(24).toString('base64url')}`;
  return { value, prefix, hash: sha256Hex(value) };
}

/** The prefix of a presented credential, or null when it does not have the expected shape. */
export function prefixOf(value: string, kind: string): string | null {
  const match = new RegExp(`^(${kind}_[0-9a-f]{12})_[A-Za-z0-9_-]{32}$`).exec(value);
  return match ? match[1] : null;
}

export function hashMatches(value: string, storedHash: string): boolean {
  const a = Buffer.from(sha256Hex(value), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
