import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { fieldSlots, validArbitrary, type Json, type ValueContext } from './schemaArbitrary';

// Requests for every operation of the committed openapi.json (what clients are told), generated from the
// document's own parameter and body schemas: valid ones, and ones broken in one place (a body field, a query
// parameter, a header, a path segment, the raw body, the credential). Whether a breakage really breaks the
// schema is decided by ajv on the document's schema (an independent instance, with the API's options), so
// `mustReject` never claims a refusal the document does not promise.

export interface DocParam {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
}

export interface DocOperation {
  method: string;
  path: string;
  params: DocParam[];
  body?: Json;
  bodyRequired: boolean;
  auth: 'apiKey' | 'bearer' | 'none';
}

export interface DocRequest {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  mustReject: boolean;
}

export interface Credentials {
  apiKey: string;
  bearer: string;
}

const DOC = path.resolve(__dirname, '..', '..', 'openapi.json');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the committed OpenAPI document. */
export function documentedOperations(file = DOC): DocOperation[] {
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    paths: Record<string, Record<string, Json>>;
    security?: Array<Record<string, unknown>>;
  };
  const out: DocOperation[] = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const security = (op.security ?? doc.security ?? []) as Array<Record<string, unknown>>;
      const scheme = Object.keys(security[0] ?? {})[0];
      const body = (op.requestBody as Json | undefined)?.content as Record<string, { schema: Json }> | undefined;
      out.push({
        method,
        path: p,
        params: ((op.parameters ?? []) as DocParam[]).map((x) => ({ ...x, required: x.required ?? false })),
        body: body?.['application/json']?.schema,
        bodyRequired: ((op.requestBody as Json | undefined)?.required as boolean | undefined) ?? false,
        auth: scheme === 'bearer' ? 'bearer' : scheme === 'apiKey' ? 'apiKey' : 'none',
      });
    }
  }
  return out;
}

// The API's two validators: JSON bodies as sent, text parts (query, path, headers) coerced.
const jsonAjv = addFormats(new Ajv({ coerceTypes: false, allErrors: false, strict: false }));
const textAjv = addFormats(new Ajv({ coerceTypes: true, allErrors: false, strict: false }));
const compiled = new Map<string, ValidateFunction>();
function validator(schema: Json, text: boolean): ValidateFunction {
  const key = `${text}${JSON.stringify(schema)}`;
  let fn = compiled.get(key);
  if (!fn) compiled.set(key, (fn = (text ? textAjv : jsonAjv).compile(schema)));
  return fn;
}
const breaks = (schema: Json, value: unknown, text: boolean): boolean => !validator(schema, text)(value);

const asJson = (v: unknown): Json => (v ?? {}) as Json;

/** Values that may break `schema`: every keyword it has gets a value past it (ajv decides which really do). */
export function breakingValues(schema: Json): unknown[] {
  const out: unknown[] = [123, 1.5, true, null, {}, [], 'text', ''];
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as Json[]).map(asJson) : [schema];
  for (const s of branches) {
    if (typeof s.maxLength === 'number' && s.maxLength < 2_000_000) out.push('x'.repeat(s.maxLength + 1));
    if (typeof s.pattern === 'string' || s.format) out.push(' not\u0000valid ', 'not-a-uuid', '2026-13-45T99:99');
    if (Array.isArray(s.enum) || 'const' in s) out.push('__not_one_of_them__');
    if (typeof s.minimum === 'number') out.push(s.minimum - 1, -1e308);
    if (typeof s.maximum === 'number') out.push(s.maximum + 1, 1e308);
    if (s.type === 'integer') out.push(0.5);
    // Arrays past their length, of items that each fail (the `[{},…]` shape, bounded by the body limit).
    if (typeof s.maxItems === 'number' && s.maxItems < 100_000)
      out.push(Array.from({ length: s.maxItems + 1 }, () => ({})));
    if (s.type === 'array') out.push([{}], [null, 1, 'x']);
    if (typeof s.maxProperties === 'number') {
      out.push(Object.fromEntries(Array.from({ length: s.maxProperties + 1 }, (_, i) => [`k${i}`, 'v'])));
    }
    if (s.type === 'object') out.push({ __unexpected__: 1 });
  }
  return out;
}

/** Texts that may break a query, path or header parameter. */
export function breakingTexts(schema: Json): string[] {
  const max = (schema.maxLength as number | undefined) ?? 255;
  return [
    '',
    'abc',
    '-1',
    '1.5',
    '1e400',
    '9'.repeat(400),
    'x'.repeat(Math.min(max + 1, 8_000)),
    '\u0000',
    'not-a-uuid',
    '%',
    '__nope__',
  ];
}

const MALFORMED_JSON = ['{', '{"a":}', '{"a":1,}', '[1,2', 'NaN', '\ufeff{}', '{"a":1e999999}', '"unterminated'];
const ODD_ACCEPTS = ['text/vtt', 'application/xml', '*/*', 'text/html', 'application/json;q=0, text/plain'];
/** Large valid texts: sizes the schema allows, in repetitive shapes (the worker's hostile shapes are tested end to end). */
const LARGE_UNITS = ['a', 'é', 'Hi. ', 'x y ', '<b>', '\u00a0'];

/** A value the API decodes from the URL as `value` (lone surrogates sent as a UTF-8 encoder would). */
const encode = (value: string): string => encodeURIComponent(Buffer.from(value, 'utf8').toString('utf8'));

function setAt(root: unknown, at: string[], value: unknown): unknown {
  if (at.length === 0) return value;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) return undefined;
  const [head, ...rest] = at;
  const inner = rest.length === 0 ? value : setAt((root as Json)[head], rest, value);
  return inner === undefined ? undefined : { ...(root as Json), [head]: inner };
}

type Target = 'valid' | 'body' | 'large' | 'query' | 'header' | 'path' | 'raw' | 'credential';

/** Generated requests for `op`, valid and broken, authenticated as the operation asks. */
export function documentedRequestArb(
  op: DocOperation,
  ctx: ValueContext,
  creds: Credentials,
  largeChars: number,
): fc.Arbitrary<DocRequest> {
  const byIn = (where: DocParam['in']): DocParam[] => op.params.filter((p) => p.in === where);
  const paramArb = (ps: DocParam[], all: boolean): fc.Arbitrary<Record<string, unknown>> =>
    fc.record(Object.fromEntries(ps.map((p) => [p.name, validArbitrary(p.schema, ctx)])), {
      requiredKeys: ps.filter((p) => all || p.required).map((p) => p.name),
    });
  const bodyArb = op.body
    ? op.bodyRequired
      ? validArbitrary(op.body, ctx)
      : fc.option(validArbitrary(op.body, ctx), { nil: undefined })
    : fc.constant(undefined);
  const targets: Target[] = ['valid', 'valid', 'query', 'header', 'credential'];
  if (op.body) targets.push('body', 'body', 'large');
  if (byIn('path').length > 0) targets.push('path');
  if (op.method !== 'get') targets.push('raw');
  const slots = op.body ? [{ path: [] as string[], schema: op.body }, ...fieldSlots(op.body as never)] : [];
  return fc
    .record({
      target: fc.constantFrom(...targets),
      path: paramArb(byIn('path'), true),
      query: paramArb(byIn('query'), false),
      headers: paramArb(byIn('header'), false),
      body: bodyArb,
      pick: fc.nat(10_000),
      n: fc.nat(10_000),
    })
    .map(({ target, path: pathValues, query, headers: headerValues, body, pick, n }) => {
      let label: string = target;
      let mustReject = false;
      const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
      const pathParts: Record<string, string> = Object.fromEntries(
        Object.entries(pathValues).map(([k, v]) => [k, encode(text(v))]),
      );
      const queryParts: Array<[string, string]> = Object.entries(query).map(([k, v]) => [k, text(v)]);
      const headers: Record<string, string> = Object.fromEntries(
        Object.entries(headerValues).map(([k, v]) => [k, text(v)]),
      );
      if (op.auth === 'apiKey') headers['x-api-key'] = creds.apiKey;
      if (op.auth === 'bearer') headers.authorization = `Bearer ${creds.bearer}`;
      let rawBody: string | undefined = body === undefined ? undefined : JSON.stringify(body);
      if (rawBody !== undefined) headers['content-type'] = 'application/json';

      if (target === 'body' && op.body) {
        const slot = slots[pick % slots.length];
        const candidates = breakingValues(slot.schema);
        const value = candidates[n % candidates.length];
        const broken = setAt(body ?? {}, slot.path, value);
        if (broken !== undefined) {
          rawBody = JSON.stringify(broken);
          headers['content-type'] = 'application/json';
          label = `body.${slot.path.join('.') || '(root)'} = ${rawBody.length > 200 ? `${JSON.stringify(value).slice(0, 60)}… (${rawBody.length} chars)` : JSON.stringify(value)}`;
          mustReject = breaks(op.body, broken, false);
        }
      } else if (target === 'large' && op.body) {
        const strings = slots.filter((s) => {
          const branches = Array.isArray(s.schema.anyOf) ? (s.schema.anyOf as Json[]) : [s.schema];
          return branches.some((b) => b.type === 'string' && !b.format && !b.pattern && !b.enum);
        });
        const slot = strings[pick % Math.max(1, strings.length)];
        if (slot) {
          const branches = Array.isArray(slot.schema.anyOf) ? (slot.schema.anyOf as Json[]) : [slot.schema];
          const max = Math.max(...branches.map((b) => (b.maxLength as number | undefined) ?? 0));
          const unit = LARGE_UNITS[n % LARGE_UNITS.length];
          const chars = Math.min(max || largeChars, largeChars);
          const big = setAt(body ?? {}, slot.path, unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars));
          if (big !== undefined) {
            rawBody = JSON.stringify(big);
            headers['content-type'] = 'application/json';
            label = `body.${slot.path.join('.')} = ${chars} chars of ${JSON.stringify(unit)}`;
          }
        }
      } else if (target === 'query') {
        const params = byIn('query');
        const param = params[pick % Math.max(1, params.length)];
        if (!param || n % 5 === 0) {
          queryParts.push(['unexpectedParam', '1']);
          label = 'unknown query parameter';
          mustReject = true;
        } else if (n % 5 === 1) {
          queryParts.push([param.name, queryParts.find(([k]) => k === param.name)?.[1] ?? '1'], [param.name, '2']);
          label = `repeated query ${param.name}`;
          mustReject = true;
        } else {
          const texts = breakingTexts(param.schema);
          const value = texts[n % texts.length];
          const at = queryParts.findIndex(([k]) => k === param.name);
          if (at >= 0) queryParts.splice(at, 1);
          queryParts.push([param.name, value]);
          label = `query ${param.name}=${JSON.stringify(value.slice(0, 40))}`;
          mustReject = breaks({ type: 'object', properties: { v: param.schema } }, { v: value }, true);
        }
      } else if (target === 'header') {
        const params = byIn('header');
        const param = params[pick % Math.max(1, params.length)];
        if (!param || n % 3 === 0) {
          headers.accept = ODD_ACCEPTS[n % ODD_ACCEPTS.length];
          label = `accept: ${headers.accept}`;
        } else {
          // Only what fetch can send in a header (bytes, no line breaks or NUL).
          const texts = ['', ' x', 'x'.repeat(300), 'caf\u00e9', '1999-01-01', 'latest', '2026-11-23x', 'a\tb'];
          const value = texts[n % texts.length];
          headers[param.name] = value;
          label = `header ${param.name}: ${JSON.stringify(value.slice(0, 40))}`;
          mustReject = value !== '' && breaks({ type: 'object', properties: { v: param.schema } }, { v: value }, true);
        }
      } else if (target === 'path') {
        const params = byIn('path');
        const param = params[pick % params.length];
        const raw = ['not-a-uuid', '123', 'g'.repeat(36), 'x'.repeat(3000), '%00', '%E0%A4%A', '%ED%A0%80', '..%2F..'];
        pathParts[param.name] = raw[n % raw.length];
        label = `path ${param.name}=${raw[n % raw.length].slice(0, 40)}`;
        mustReject = true;
      } else if (target === 'raw') {
        const kind = n % 5;
        const depth = 2_000 + (pick % 50_000);
        const raws: Array<[string, string, string]> = [
          ['malformed JSON', MALFORMED_JSON[pick % MALFORMED_JSON.length], 'application/json'],
          [`JSON ${depth} arrays deep`, `${'['.repeat(depth)}${']'.repeat(depth)}`, 'application/json'],
          [`[{},…] of ${depth}`, `[${'{},'.repeat(depth)}{}]`, 'application/json'],
          ['wrong content type', rawBody ?? '{}', 'text/plain'],
          ['body over 1 MiB', JSON.stringify({ padding: 'p'.repeat(1024 * 1024 + 10) }), 'application/json'],
        ];
        const [what, sent, type] = raws[kind];
        rawBody = sent;
        headers['content-type'] = type;
        label = what;
        mustReject = true;
      } else if (target === 'credential' && op.auth !== 'none') {
        const none = n % 2 === 0;
        delete headers['x-api-key'];
        delete headers.authorization;
        if (!none) {
          if (op.auth === 'apiKey') headers['x-api-key'] = `spk_000000000000_${'A'.repeat(32)}`;
          else headers.authorization = 'Bearer spt_000000000000_';
        }
        label = none ? 'no credential' : 'unknown credential';
        mustReject = true;
      }

      let url = op.path;
      for (const [name, value] of Object.entries(pathParts)) url = url.replace(`{${name}}`, value);
      if (queryParts.length > 0) url += `?${queryParts.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`;
      // fetch sends no body with GET.
      if (op.method === 'get') rawBody = undefined;
      const request: DocRequest = { label, method: op.method.toUpperCase(), url, headers, body: rawBody, mustReject };
      // How fast-check prints a counterexample: the request in one short line, not a megabyte of body.
      return Object.assign(request, {
        [fc.toStringMethod]: () =>
          `${label}: ${request.method} ${url.slice(0, 200)} ${rawBody === undefined ? '' : `${rawBody.slice(0, 200)}${rawBody.length > 200 ? `… (${rawBody.length} chars)` : ''}`}`,
      });
    });
}
