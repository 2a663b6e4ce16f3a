import { createHmac, timingSafeEqual } from 'node:crypto';
import { durationMs, type Config } from './config';
import { withoutTrailingSlashes } from './trailingSlashes';

// Recording links in session results: /media/<base64url key>?expires=<epoch ms>&signature=<hex>,
// where signature = HMAC-SHA256(MEDIA_URL_SECRET, "<key>\n<expires>"). The key is base64url-encoded
// so a storage key with slashes stays one path segment that no proxy rewrites.
//
// Rotation: links are signed with MEDIA_URL_SECRET only; MEDIA_URL_SECRET_PREVIOUS is also accepted when
// checking, for one link lifetime (MEDIA_URL_TTL) after the API started, which covers every link the
// previous secret signed before the restart. After that the previous secret opens nothing.

export const MEDIA_PATH_PREFIX = '/media/';

export type MediaLinkCheck = { ok: true; key: string } | { ok: false; reason: 'invalid' | 'expired' };

function sign(secret: string, key: string, expires: number): string {
  // Never sign with an empty secret (common/secretSettings.ts makes sure no process is given one).
  if (secret === '') throw new Error('MEDIA_URL_SECRET is not set');
  return createHmac('sha256', secret).update(`${key}\n${expires}`).digest('hex');
}

/** The secrets a link may be signed with, as the API holds them from its start. */
export interface MediaLinkSecrets {
  current: string;
  /** The rotated-out secret, and until when (epoch ms) it still counts. */
  previous: { secret: string; until: number } | null;
}

/** The secrets of `config` for an API that started at `startedAt`. */
export function mediaLinkSecrets(
  config: Pick<Config, 'MEDIA_URL_SECRET' | 'MEDIA_URL_SECRET_PREVIOUS' | 'MEDIA_URL_TTL'>,
  startedAt = Date.now(),
): MediaLinkSecrets {
  const previous = config.MEDIA_URL_SECRET_PREVIOUS;
  return {
    current: config.MEDIA_URL_SECRET,
    previous: previous === '' ? null : { secret: previous, until: startedAt + durationMs(config.MEDIA_URL_TTL) },
  };
}

/** An absolute link to the stored file `key`, valid for MEDIA_URL_TTL from `now`. */
export function signMediaLink(
  config: Pick<Config, 'PUBLIC_URL' | 'MEDIA_URL_SECRET' | 'MEDIA_URL_TTL'>,
  key: string,
  now = Date.now(),
): string {
  const expires = now + durationMs(config.MEDIA_URL_TTL);
  const token = Buffer.from(key, 'utf8').toString('base64url');
  const base = withoutTrailingSlashes(config.PUBLIC_URL);
  return `${base}${MEDIA_PATH_PREFIX}${token}?expires=${expires}&signature=${sign(config.MEDIA_URL_SECRET, key, expires)}`;
}

/** Checks a link's parts: a wrong signature (any part changed) is `invalid`; a genuine but old one is `expired`. */
export function verifyMediaLink(
  secrets: MediaLinkSecrets,
  token: string,
  expires: number,
  signature: string,
  now = Date.now(),
): MediaLinkCheck {
  const key = Buffer.from(token, 'base64url').toString('utf8');
  // base64url decoding ignores stray characters; re-encoding tells a canonical token from an edited one.
  if (!key || Buffer.from(key, 'utf8').toString('base64url') !== token) return { ok: false, reason: 'invalid' };
  const given = Buffer.from(signature, 'hex');
  const signedWith = (secret: string): boolean => {
    const expected = Buffer.from(sign(secret, key, expires), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const { previous } = secrets;
  const genuine =
    signedWith(secrets.current) || (previous !== null && now <= previous.until && signedWith(previous.secret));
  if (!genuine) return { ok: false, reason: 'invalid' };
  if (now > expires) return { ok: false, reason: 'expired' };
  return { ok: true, key };
}
