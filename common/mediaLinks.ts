import { createHmac, timingSafeEqual } from 'node:crypto';
import { durationMs, type Config } from './config';

// Recording links in session results: /media/<base64url key>?expires=<epoch ms>&signature=<hex>,
// where signature = HMAC-SHA256(MEDIA_URL_SECRET, "<key>\n<expires>"). The key is base64url-encoded
// so a storage key with slashes stays one path segment that no proxy rewrites.

export const MEDIA_PATH_PREFIX = '/media/';

export type MediaLinkCheck = { ok: true; key: string } | { ok: false; reason: 'invalid' | 'expired' };

const sign = (secret: string, key: string, expires: number): string =>
  createHmac('sha256', secret).update(`${key}\n${expires}`).digest('hex');

/** An absolute link to the stored file `key`, valid for MEDIA_URL_TTL from `now`. */
export function signMediaLink(config: Pick<Config, 'PUBLIC_URL' | 'MEDIA_URL_SECRET' | 'MEDIA_URL_TTL'>, key: string, now = Date.now()): string {
  const expires = now + durationMs(config.MEDIA_URL_TTL);
  const token = Buffer.from(key, 'utf8').toString('base64url');
  const base = config.PUBLIC_URL.replace(/\/+$/, '');
  return `${base}${MEDIA_PATH_PREFIX}${token}?expires=${expires}&signature=${sign(config.MEDIA_URL_SECRET, key, expires)}`;
}

/** Checks a link's parts: a wrong signature (any part changed) is `invalid`; a genuine but old one is `expired`. */
export function verifyMediaLink(secret: string, token: string, expires: number, signature: string, now = Date.now()): MediaLinkCheck {
  const key = Buffer.from(token, 'base64url').toString('utf8');
  // base64url decoding ignores stray characters; re-encoding tells a canonical token from an edited one.
  if (!key || Buffer.from(key, 'utf8').toString('base64url') !== token) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(secret, key, expires), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (now > expires) return { ok: false, reason: 'expired' };
  return { ok: true, key };
}
