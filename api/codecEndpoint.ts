import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import { Type, type Static } from '@sinclair/typebox';
import type { Payload } from '@temporalio/common';
import type { Context } from 'koa';
import type { Config } from '../common/config';
import { payloadCodecFor, type AesGcmPayloadCodec } from '../common/payloadCodec';
import { withoutTrailingSlashes } from '../common/textEdges';
import { ApiError, badRequest, notFound, unauthorized } from './errors';
import { assertValid, check } from './validation';

// POST /codec/decode and /codec/encode: Temporal's remote codec protocol, so that operators read the
// encrypted payloads in the Web UI (`--ui-codec-endpoint`, or the UI's codec settings) and with
// `temporal workflow show --codec-endpoint … --codec-auth 'Bearer …'`. Not an API operation (no
// company: a payload is any company's), so it answers only to the operators' TEMPORAL_CODEC_TOKEN,
// and is off without one. Browsers may call it from the TEMPORAL_CODEC_CORS_ORIGINS only. The Web UI
// cannot send our token as a header, so an operator signs in once at GET /codec/session: the answer is
// an HttpOnly, SameSite=Strict cookie for /codec, valid 8 hours (checked here, not only by the browser),
// that the UI sends with "Include cross-origin credentials" (the UI and the API share a site: same host,
// or subdomains of one domain).

/** One payload as the protocol carries it: proto JSON, bytes in base64. */
export const CodecPayload = Type.Object(
  {
    metadata: Type.Optional(
      Type.Union([Type.Record(Type.String(), Type.String({ contentEncoding: 'base64' })), Type.Null()]),
    ),
    data: Type.Optional(Type.Union([Type.String({ contentEncoding: 'base64' }), Type.Null()])),
  },
  { additionalProperties: true },
);
/** Proto JSON leaves an empty list out: `{}` is a request (and an answer) with no payloads. */
export const CodecBody = Type.Object(
  { payloads: Type.Optional(Type.Array(CodecPayload, { maxItems: 10_000 })) },
  { additionalProperties: true },
);
export type CodecBody = Static<typeof CodecBody>;

const fromJson = ({ metadata, data }: Static<typeof CodecPayload>): Payload => ({
  metadata: metadata ? Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, Buffer.from(v, 'base64')])) : {},
  data: data ? Buffer.from(data, 'base64') : new Uint8Array(),
});

const toJson = ({ metadata, data }: Payload): Static<typeof CodecPayload> => ({
  metadata: Object.fromEntries(
    Object.entries(metadata ?? {}).map(([k, v]) => [k, Buffer.from(v ?? new Uint8Array()).toString('base64')]),
  ),
  data: Buffer.from(data ?? new Uint8Array()).toString('base64'),
});

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
const SESSION_COOKIE = 'codec_session';
const SESSION_SECONDS = 8 * 3600;

/**
 * The sign-in cookie: `<expiry in unix seconds>.<HMAC-SHA256 under the token of "codec-session:<expiry>">`.
 * The server checks the expiry itself (a copied cookie stops working after 8 hours, whatever the browser
 * does with maxAge), the value is not the token, and rotating the token ends every session.
 */
export function codecSessionValue(token: string, expiresAt: number): string {
  return `${expiresAt}.${createHmac('sha256', token).update(`codec-session:${expiresAt}`).digest('base64url')}`;
}

/** Whether `value` is a session this token signed that has not expired (compared in constant time). */
export function validCodecSession(token: string, value: string | undefined, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.[A-Za-z0-9_-]{43}$/.exec(value ?? '');
  if (!match) return false;
  const expiresAt = Number(match[1]);
  const nowSeconds = Math.floor(now / 1000);
  if (expiresAt <= nowSeconds || expiresAt > nowSeconds + SESSION_SECONDS) return false;
  return timingSafeEqual(digest(value!), digest(codecSessionValue(token, expiresAt)));
}

const SIGN_IN_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Codec sign-in</title></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 3rem auto">
<h1>Decode payloads in the Temporal Web UI</h1>
<p>Paste TEMPORAL_CODEC_TOKEN. This browser then decodes payloads through this codec endpoint for 8 hours
(turn on "Include cross-origin credentials" in the Web UI's codec settings).</p>
<form id="f"><input id="t" type="password" autocomplete="off" size="40" required> <button>Sign in</button></form>
<p id="m"></p>
<script>
document.getElementById('f').addEventListener('submit', async (e) => {
  e.preventDefault();
  const res = await fetch('session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: document.getElementById('t').value }) });
  document.getElementById('m').textContent = res.ok ? 'Signed in: reload the Web UI.' : 'That is not the token.';
});
</script></body></html>`;

type CodecConfig = Pick<
  Config,
  | 'TEMPORAL_PAYLOAD_KEYS'
  | 'TEMPORAL_PAYLOAD_KEY_ID'
  | 'TEMPORAL_CODEC_TOKEN'
  | 'TEMPORAL_CODEC_CORS_ORIGINS'
  | 'PUBLIC_URL'
>;

export function mountCodec(router: Router, config: CodecConfig): void {
  // Reading is not injecting: operators decode old histories' plain payloads here whatever TEMPORAL_PAYLOAD_PLAIN_ACCEPTED says.
  const codec: AesGcmPayloadCodec | undefined = payloadCodecFor({ ...config, TEMPORAL_PAYLOAD_PLAIN_ACCEPTED: true });
  const expected = config.TEMPORAL_CODEC_TOKEN ? digest(config.TEMPORAL_CODEC_TOKEN) : null;
  const token = config.TEMPORAL_CODEC_TOKEN;
  // Clients reach the API over TLS when PUBLIC_URL says https (a proxy in front terminates it): the cookie is Secure then.
  const secureCookie = config.PUBLIC_URL.startsWith('https://');
  const matches = (given: string | undefined, wanted: Buffer | null): boolean =>
    given !== undefined && wanted !== null && timingSafeEqual(digest(given), wanted);
  const origins = new Set(
    config.TEMPORAL_CODEC_CORS_ORIGINS.split(',')
      .map((o) => withoutTrailingSlashes(o.trim()))
      .filter(Boolean),
  );

  /** CORS for the Web UI's origins only; every answer (errors too) carries it, so the UI can show why. */
  const allowOrigin = (ctx: Context): void => {
    ctx.vary('Origin');
    const origin = ctx.get('origin');
    if (!origins.has(origin)) return;
    ctx.set('access-control-allow-origin', origin);
    ctx.set('access-control-allow-credentials', 'true');
  };

  const handle = (direction: 'encode' | 'decode') => async (ctx: Context) => {
    allowOrigin(ctx);
    if (!codec || !expected)
      throw notFound('The codec endpoint (set TEMPORAL_PAYLOAD_KEYS and TEMPORAL_CODEC_TOKEN to turn it on)');
    const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
    if (!matches(bearer, expected) && !validCodecSession(token, ctx.cookies.get(SESSION_COOKIE))) {
      throw unauthorized(
        'invalid_credentials',
        `POST /codec/${direction} needs Authorization: Bearer <TEMPORAL_CODEC_TOKEN> (or a sign-in at /codec/session).`,
      );
    }
    const body = (ctx.state as { body?: unknown }).body;
    const checked = check('body', CodecBody, body);
    assertValid(checked.problems, checked.complete);
    const payloads = ((body as CodecBody).payloads ?? []).map(fromJson);
    let out: Payload[];
    try {
      out = direction === 'decode' ? await codec.decode(payloads) : await codec.encode(payloads);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw badRequest(
        'payload_undecodable',
        `A payload could not be decrypted: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    ctx.body = { payloads: out.map(toJson) };
  };

  router.get('codec-session-page', '/codec/session', (ctx) => {
    if (!codec || !expected)
      throw notFound('The codec endpoint (set TEMPORAL_PAYLOAD_KEYS and TEMPORAL_CODEC_TOKEN to turn it on)');
    ctx.set(
      'content-security-policy',
      "default-src 'none'; script-src 'unsafe-inline'; connect-src 'self'; style-src 'unsafe-inline'",
    );
    ctx.type = 'html';
    ctx.body = SIGN_IN_PAGE;
  });
  router.post('codec-session', '/codec/session', (ctx) => {
    if (!codec || !expected)
      throw notFound('The codec endpoint (set TEMPORAL_PAYLOAD_KEYS and TEMPORAL_CODEC_TOKEN to turn it on)');
    const body = (ctx.state as { body?: unknown }).body as { token?: unknown } | undefined;
    const given = typeof body?.token === 'string' ? body.token : undefined;
    if (!matches(given, expected))
      throw unauthorized('invalid_credentials', 'Send {"token": "<TEMPORAL_CODEC_TOKEN>"}.');
    const expiresAt = Math.floor(Date.now() / 1000) + SESSION_SECONDS;
    // Koa (proxy: false) sees plain HTTP from the proxy; the cookies module refuses a Secure cookie unless told.
    if (secureCookie) ctx.cookies.secure = true;
    ctx.cookies.set(SESSION_COOKIE, codecSessionValue(token, expiresAt), {
      httpOnly: true,
      sameSite: 'strict',
      path: '/codec',
      maxAge: SESSION_SECONDS * 1000,
      secure: secureCookie,
      overwrite: true,
    });
    ctx.status = 204;
  });

  for (const direction of ['encode', 'decode'] as const) {
    router.options(`codec-${direction}-preflight`, `/codec/${direction}`, (ctx) => {
      allowOrigin(ctx);
      ctx.set('access-control-allow-methods', 'POST, OPTIONS');
      ctx.set('access-control-allow-headers', 'authorization, content-type, x-namespace');
      ctx.set('access-control-max-age', '600');
      ctx.status = 204;
    });
    router.post(`codec-${direction}`, `/codec/${direction}`, handle(direction));
  }
}
