import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { ApiError } from '../errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string or key in the parsed body holds a lone surrogate; a walk with its own stack, no recursion. */
function hasLoneSurrogate(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (LONE_SURROGATE.test(k)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * The deepest nesting of arrays and objects a request body may have. No request of this API nests deeper
 * than 5; the limit keeps everything that walks a body (validation, the surrogate check, logging, JSON.parse
 * in engines that recurse) far from the stack, so `[[[…]]]` 20 KB deep is a 400 rather than a 500.
 */
export const MAX_JSON_DEPTH = 64;

const nestingTooDeep = (): ApiError =>
  new ApiError(
    400,
    'json_too_deep',
    `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep, the limit.`,
    [{ in: 'body', field: '', message: `nesting must be at most ${MAX_JSON_DEPTH} levels deep` }],
  );

/**
 * Whether the JSON text nests deeper than `limit`: one pass over the text, skipping strings (a bracket in
 * a string does not nest). Text that is not JSON may be misjudged here; JSON.parse refuses it next anyway.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
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
    // Before parsing: some engines' JSON.parse recurses, and so does much that reads a parsed body.
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw nestingTooDeep();
    let body: unknown;
    try {
      body = text.length === 0 ? undefined : (JSON.parse(text) as unknown);
    } catch (err) {
      // Stack exhaustion is the nesting, whatever the pre-scan thought: a 400 too, never a 500.
      if (err instanceof RangeError) throw nestingTooDeep();
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
