import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { ApiError } from '../errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => LONE_SURROGATE.test(k) || hasLoneSurrogate(v));
}

/**
 * Reads JSON request bodies: at most `limit` bytes (413), only JSON media types (415), and only
 * well-formed JSON (400). The parsed value lands in ctx.state.body; undefined when nothing was sent.
 */
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export function jsonBody(limitBytes: number): Middleware {
  return async (ctx, next) => {
    const hasBody =
      BODY_METHODS.has(ctx.method) &&
      (Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '');
    if (!hasBody) {
      ctx.state.body = undefined;
      await next();
      return;
    }
    if (!ctx.is('application/json', '+json')) {
      throw new ApiError(
        415,
        'unsupported_media_type',
        'Send the request body as JSON with Content-Type: application/json.',
      );
    }
    const bytes = await getRawBody(ctx.req, { limit: limitBytes, length: ctx.get('content-length') || undefined });
    // RFC 8259 forbids a byte order mark in JSON sent over a network; a decoder would drop it silently.
    if (bytes.subarray(0, 3).equals(UTF8_BOM)) {
      throw new ApiError(
        400,
        'malformed_json',
        'The request body is not valid JSON: it starts with a byte order mark (U+FEFF), which JSON text must not have.',
      );
    }
    const text = bytes.toString('utf8');
    let body: unknown;
    try {
      body = text.length === 0 ? undefined : (JSON.parse(text) as unknown);
    } catch (err) {
      const reason = err instanceof Error ? err.message : 'invalid JSON';
      throw new ApiError(400, 'malformed_json', `The request body is not valid JSON: ${reason}.`);
    }
    if (hasLoneSurrogate(body)) {
      // "\ud800" is valid JSON but no valid text: MySQL would store garbage or refuse it with a 500.
      throw new ApiError(
        400,
        'malformed_json',
        'The request body contains a lone UTF-16 surrogate escape (\\ud800-\\udfff without its pair).',
      );
    }
    ctx.state.body = body;
    await next();
  };
}
