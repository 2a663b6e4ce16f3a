import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// How webhook requests are signed, and the helper receivers use to check them.
//
// X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">, keyed with the
// endpoint secret exactly as shown to the customer (the whole "whsec_..." string, UTF-8).
//
// Standard Webhooks (https://www.standardwebhooks.com): webhook-id, webhook-timestamp and
// webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">, keyed with the
// base64-decoded part of the secret after "whsec_", so the public standardwebhooks libraries verify it.

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const SECRET_PREFIX = 'whsec_';
export const DEFAULT_TOLERANCE_SECONDS = 300;

type RawBody = string | Buffer | Uint8Array;

const asBuffer = (body: RawBody): Buffer => (typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body));

/** A new endpoint secret: "whsec_" and 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

function serviceHmacHex(rawBody: RawBody, secret: string, timestampSeconds: number): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(asBuffer(rawBody)).digest('hex');
}

/** The X-Service-Signature header value for `rawBody` sent at `timestampSeconds`. */
export function signWebhook(rawBody: RawBody, secret: string, timestampSeconds: number): string {
  if (!Number.isInteger(timestampSeconds) || timestampSeconds < 0)
    throw new TypeError('timestampSeconds must be a whole number of seconds');
  return `t=${timestampSeconds},v1=${serviceHmacHex(rawBody, secret, timestampSeconds)}`;
}

export interface VerifyOptions {
  /** Oldest (and furthest in the future) timestamp accepted, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The current time in unix seconds; defaults to the clock. */
  now?: number;
}

/**
 * Why `header` does not prove that `rawBody` was sent by the service with `secret`, or null when it
 * does. Several v1 entries are allowed (any one matching is enough).
 */
export function webhookSignatureProblem(
  rawBody: RawBody,
  header: string | undefined | null,
  secret: string,
  options: VerifyOptions = {},
): string | null {
  if (!header) return 'missing signature header';
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined) return 'no timestamp (t=) in the signature header';
  if (signatures.length === 0) return 'no v1 signature in the signature header';
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (timestamp < now - tolerance) return 'timestamp is older than the tolerance';
  if (timestamp > now + tolerance) return 'timestamp is too far in the future';
  const expected = Buffer.from(serviceHmacHex(rawBody, secret, timestamp), 'hex');
  const matches = signatures.some((sig) => timingSafeEqual(Buffer.from(sig, 'hex'), expected));
  return matches ? null : 'signature does not match';
}

/**
 * True when `header` (X-Service-Signature) is a valid signature of the exact raw request bytes with
 * `secret`, made within `toleranceSeconds` (default 5 minutes) of now. Receivers must pass the body
 * exactly as received, before any JSON parsing.
 */
export function verifyWebhookSignature(
  rawBody: RawBody,
  header: string | undefined | null,
  secret: string,
  options: VerifyOptions = {},
): boolean {
  return webhookSignatureProblem(rawBody, header, secret, options) === null;
}

/** The HMAC key of the Standard Webhooks scheme: the base64 part of "whsec_<base64>". */
function standardKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

export interface StandardWebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The Standard Webhooks headers for one message; `messageId` is the event id (stable across retries). */
export function standardWebhookHeaders(
  rawBody: RawBody,
  secret: string,
  messageId: string,
  timestampSeconds: number,
): StandardWebhookHeaders {
  const signature = createHmac('sha256', standardKey(secret))
    .update(`${messageId}.${timestampSeconds}.`)
    .update(asBuffer(rawBody))
    .digest('base64');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}

/**
 * Every signature header of one delivery attempt, all over the same body bytes and timestamp. With
 * several secrets (the current one first, then the previous one during a rotation's overlap) each header
 * carries one signature per secret, so a receiver holding either verifies: `X-Service-Signature`
 * repeats `v1=`, and `webhook-signature` lists space-separated `v1,<sig>` as Standard Webhooks allows.
 */
export function webhookSignatureHeaders(
  rawBody: RawBody,
  secrets: string | readonly string[],
  messageId: string,
  timestampSeconds: number,
): Record<string, string> {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  if (all.length === 0) throw new TypeError('at least one secret signs a webhook');
  const standard = all.map((s) => standardWebhookHeaders(rawBody, s, messageId, timestampSeconds));
  return {
    [SIGNATURE_HEADER.toLowerCase()]: [
      `t=${timestampSeconds}`,
      ...all.map((s) => `v1=${serviceHmacHex(rawBody, s, timestampSeconds)}`),
    ].join(','),
    ...standard[0],
    'webhook-signature': standard.map((h) => h['webhook-signature']).join(' '),
  };
}
