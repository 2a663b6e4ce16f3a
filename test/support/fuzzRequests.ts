import fc from 'fast-check';
import type { Operation } from '../../api/operation';
import {
  fieldSlots,
  isUuidField,
  validArbitrary,
  type FieldSlot,
  type Json,
  type ValueContext,
} from './schemaArbitrary';

// Requests for one operation generated from its own schemas: valid ones, and valid ones with exactly
// one thing broken (a wrong type, a missing or extra field, a huge or odd string, a bad UUID, a number
// out of range, malformed JSON, a wrong content type, a repeated query parameter, a body where none
// belongs, a mangled path). `mustReject` marks the breakages that no correct API may accept.

export interface FuzzRequest {
  label: string;
  method: string;
  /** Path and query string, ready to append to the base URL. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  mustReject: boolean;
}

type Part = 'path' | 'query' | 'body';

interface Parts {
  path: Record<string, string>;
  query: Array<[string, string]>;
  body: unknown;
}

export const ODD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '\ufeffbom',
  'e\u0301\u0301\u0301',
  '😀👍🏽🇫🇷',
  '\u200b\u200b',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '%00%ff',
  '   ',
];
const BAD_UUIDS = [
  'not-a-uuid',
  '123',
  '00000000000000000000000000000000',
  '{6f1c1b0e-3e55-4c1b-9a51-5f0d2f5ad6f1}',
  '6f1c1b0e-3e55-4c1b-9a51-5f0d2f5ad6f1x',
  ' 6f1c1b0e-3e55-4c1b-9a51-5f0d2f5ad6f1',
  'g'.repeat(36),
];
const MALFORMED_JSON = [
  '{',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'undefined',
  '{"a":1}{"b":2}',
  'NaN',
  '\ufeff{}',
  '{"a":"\\x41"}',
  '"unterminated',
  '{"a":1e999999}',
];
const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'text/html; charset=utf-8',
  'application/jsonp',
];
const ODD_SEGMENTS = ['%E0%A4%A', '%', '%ED%A0%80', '%00', '..', '%2F..%2F', 'x'.repeat(5000), '%C0%AE%C0%AE'];

function encode(value: string): string {
  // Lone surrogates cannot be percent-encoded; send what a client's UTF-8 encoder would send.
  return encodeURIComponent(Buffer.from(value, 'utf8').toString('utf8'));
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function partsArb(op: Operation, ctx: ValueContext): fc.Arbitrary<Parts> {
  const path = op.params ? (validArbitrary(op.params, ctx) as fc.Arbitrary<Record<string, unknown>>) : fc.constant({});
  const query = op.query ? (validArbitrary(op.query, ctx) as fc.Arbitrary<Record<string, unknown>>) : fc.constant({});
  const body = op.body
    ? op.bodyOptional
      ? fc.option(validArbitrary(op.body, ctx), { nil: undefined })
      : validArbitrary(op.body, ctx)
    : fc.constant(undefined);
  return fc.record({ path, query, body }).map(({ path: p, query: q, body: b }) => ({
    path: Object.fromEntries(Object.entries(p).map(([k, v]) => [k, asText(v)])),
    query: Object.entries(q).map(([k, v]) => [k, asText(v)] as [string, string]),
    body: b,
  }));
}

function getAt(root: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
    root,
  );
}

/** A copy of `root` with `path` set (or removed when value is undefined); undefined when the parent is missing. */
function setAt(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) return undefined;
  const [head, ...rest] = path;
  const copy: Record<string, unknown> = { ...(root as Record<string, unknown>) };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const inner = setAt(copy[head], rest, value);
  if (inner === undefined) return undefined;
  copy[head] = inner;
  return copy;
}

function typesAllowed(schema: Json): Set<string> {
  const out = new Set<string>();
  const add = (s: Json): void => {
    if (Array.isArray(s.anyOf)) (s.anyOf as Json[]).forEach(add);
    if ('const' in s) out.add(s.const === null ? 'null' : typeof s.const);
    const t = s.type;
    for (const x of Array.isArray(t) ? t : t ? [t] : []) out.add(x === 'integer' ? 'number' : (x as string));
  };
  add(schema);
  return out;
}

const jsonType = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

type Mutation = (
  parts: Parts,
  slots: Record<Part, FieldSlot[]>,
  pick: number,
  n: number,
) => { parts?: Parts; raw?: Partial<FuzzRequest>; label: string; mustReject: boolean } | undefined;

const choose = <T>(items: readonly T[], n: number): T | undefined =>
  items.length === 0 ? undefined : items[n % items.length];

const mutations: Record<string, Mutation> = {
  valid: () => ({ label: 'valid', mustReject: false }),
  wrongType: (parts, slots, pick, n) => {
    const slot = choose(
      slots.body.filter((s) => getAt(parts.body, s.path.slice(0, -1)) !== undefined || s.path.length === 1),
      pick,
    );
    if (slot && parts.body !== undefined) {
      const allowed = typesAllowed(slot.schema);
      const value = choose(
        [123, 1.5, true, null, {}, [], 'text', ''].filter((v) => !allowed.has(jsonType(v))),
        n,
      );
      const body = setAt(parts.body, slot.path, value);
      if (body !== undefined && value !== undefined)
        return {
          parts: { ...parts, body },
          label: `wrong type ${JSON.stringify(value)} for body.${slot.path.join('.')}`,
          mustReject: true,
        };
    }
    const q = choose(
      slots.query.filter((s) => typesAllowed(s.schema).has('number')),
      pick,
    );
    if (!q) return undefined;
    const value = choose(['abc', '1.5', '1e400', 'NaN', '[]', 'true'], n) as string;
    return {
      parts: { ...parts, query: [...parts.query.filter(([k]) => k !== q.path[0]), [q.path[0], value]] },
      label: `query ${q.path[0]}=${value}`,
      mustReject: true,
    };
  },
  missing: (parts, slots, pick) => {
    const slot = choose(
      slots.body.filter((s) => s.required && getAt(parts.body, s.path) !== undefined),
      pick,
    );
    if (!slot) return undefined;
    const body = setAt(parts.body, slot.path, undefined);
    return body === undefined
      ? undefined
      : { parts: { ...parts, body }, label: `missing body.${slot.path.join('.')}`, mustReject: true };
  },
  extra: (parts, _slots, pick) => {
    if (pick % 2 === 0 && parts.body !== null && typeof parts.body === 'object' && !Array.isArray(parts.body)) {
      return {
        parts: { ...parts, body: { ...parts.body, unexpectedField: 1 } },
        label: 'extra body field',
        mustReject: true,
      };
    }
    return {
      parts: { ...parts, query: [...parts.query, ['unexpectedParam', '1']] },
      label: 'extra query parameter',
      mustReject: true,
    };
  },
  hugeString: (parts, slots, pick, n) => {
    const size = choose([300, 5_000, 100_000], n) as number;
    const slot = choose(
      slots.body.filter((s) => typesAllowed(s.schema).has('string')),
      pick,
    );
    if (slot && parts.body !== undefined) {
      const body = setAt(parts.body, slot.path, 'é'.repeat(size));
      const max = (slot.schema.maxLength as number | undefined) ?? Infinity;
      if (body !== undefined)
        return { parts: { ...parts, body }, label: `${size}-char body.${slot.path.join('.')}`, mustReject: size > max };
    }
    const p = choose(Object.keys(parts.path), pick);
    if (!p) return undefined;
    return {
      parts: { ...parts, path: { ...parts.path, [p]: 'z'.repeat(Math.min(size, 5_000)) } },
      label: `long path ${p}`,
      mustReject: false,
    };
  },
  oddUnicode: (parts, slots, pick, n) => {
    const odd = choose(ODD_STRINGS, n) as string;
    const slot = choose(
      slots.body.filter((s) => typesAllowed(s.schema).has('string')),
      pick,
    );
    if (slot && parts.body !== undefined) {
      const body = setAt(parts.body, slot.path, odd);
      if (body !== undefined)
        return {
          parts: { ...parts, body },
          label: `odd unicode ${JSON.stringify(odd)} in body.${slot.path.join('.')}`,
          mustReject: false,
        };
    }
    const all = [...Object.keys(parts.path).map((k) => ['path', k]), ...parts.query.map(([k]) => ['query', k])];
    const target = choose(all, pick);
    if (!target) return undefined;
    if (target[0] === 'path')
      return {
        parts: { ...parts, path: { ...parts.path, [target[1]]: odd } },
        label: `odd unicode path ${target[1]}`,
        mustReject: false,
      };
    return {
      parts: { ...parts, query: parts.query.map(([k, v]) => [k, k === target[1] ? odd : v]) },
      label: `odd unicode query ${target[1]}`,
      mustReject: false,
    };
  },
  badUuid: (parts, slots, pick, n) => {
    const bad = choose(BAD_UUIDS, n) as string;
    const targets = [
      ...slots.path.filter((s) => isUuidField(s.schema)).map((s) => ['path', s] as const),
      ...slots.query.filter((s) => isUuidField(s.schema)).map((s) => ['query', s] as const),
      ...slots.body
        .filter((s) => isUuidField(s.schema) && getAt(parts.body, s.path.slice(0, -1)) !== undefined)
        .map((s) => ['body', s] as const),
    ];
    const target = choose(targets, pick);
    if (!target) return undefined;
    const [part, slot] = target;
    const name = slot.path.join('.');
    if (part === 'path')
      return {
        parts: { ...parts, path: { ...parts.path, [name]: bad } },
        label: `bad uuid path ${name}`,
        mustReject: true,
      };
    if (part === 'query')
      return {
        parts: { ...parts, query: [...parts.query.filter(([k]) => k !== name), [name, bad]] },
        label: `bad uuid query ${name}`,
        mustReject: true,
      };
    const body = setAt(parts.body ?? {}, slot.path, bad);
    return body === undefined
      ? undefined
      : { parts: { ...parts, body }, label: `bad uuid body.${name}`, mustReject: true };
  },
  outOfRange: (parts, slots, pick, n) => {
    const numeric = (s: FieldSlot): boolean => typesAllowed(s.schema).has('number');
    // Only values that really break the slot's bounds.
    const bounds = (s: FieldSlot): number[] => {
      const branch =
        (Array.isArray(s.schema.anyOf)
          ? (s.schema.anyOf as Json[]).find((b) => b.type === 'integer' || b.type === 'number')
          : s.schema) ?? s.schema;
      const out: number[] = [];
      if (typeof branch.minimum === 'number') out.push(branch.minimum - 1, -1e308);
      if (typeof branch.maximum === 'number') out.push(branch.maximum + 1, 1e308);
      if (typeof branch.maximum === 'number' && branch.maximum < 2 ** 53) out.push(2 ** 53 + 2);
      if (branch.type === 'integer') out.push(0.5);
      return out;
    };
    const q = choose(
      slots.query.filter((s) => numeric(s) && bounds(s).length > 0),
      pick,
    );
    if (q && pick % 2 === 0) {
      const value = String(choose(bounds(q), n));
      return {
        parts: {
          ...parts,
          query: [
            ...parts.query.filter(([k]) => k !== q.path[0]),
            [q.path[0], value === '1e+308' ? '9'.repeat(400) : value],
          ],
        },
        label: `query ${q.path[0]}=${value}`,
        mustReject: true,
      };
    }
    const slot = choose(
      slots.body.filter(
        (s) => numeric(s) && bounds(s).length > 0 && getAt(parts.body, s.path.slice(0, -1)) !== undefined,
      ),
      pick,
    );
    if (!slot || parts.body === undefined) return undefined;
    const value = choose(bounds(slot), n) as number;
    const body = setAt(parts.body, slot.path, value);
    return body === undefined
      ? undefined
      : { parts: { ...parts, body }, label: `body.${slot.path.join('.')}=${value}`, mustReject: true };
  },
  malformedJson: (_parts, _slots, _pick, n) => ({
    raw: { body: choose(MALFORMED_JSON, n), headers: { 'content-type': 'application/json' } },
    label: 'malformed JSON',
    mustReject: true,
  }),
  wrongContentType: (parts, _slots, _pick, n) => {
    const type = choose(WRONG_TYPES, n) as string;
    return {
      raw: { body: JSON.stringify(parts.body ?? {}), headers: { 'content-type': type } },
      label: `content type ${type}`,
      mustReject: true,
    };
  },
  duplicateQuery: (parts, slots, pick) => {
    const slot = choose(slots.query, pick);
    if (!slot)
      return {
        parts: { ...parts, query: [...parts.query, ['limit', '1'], ['limit', '2']] },
        label: 'repeated unknown query parameter',
        mustReject: true,
      };
    const existing = parts.query.find(([k]) => k === slot.path[0]);
    const value = existing?.[1] ?? '1';
    return {
      parts: {
        ...parts,
        query: [...parts.query.filter(([k]) => k !== slot.path[0]), [slot.path[0], value], [slot.path[0], value]],
      },
      label: `repeated query ${slot.path[0]}`,
      mustReject: true,
    };
  },
  badCredentials: () => ({
    raw: { headers: { 'x-api-key': `spk_000000000000_${'A'.repeat(32)}`, authorization: 'Bearer spt_000000000000_' } },
    label: 'bad credentials',
    mustReject: true,
  }),
  hugeBody: () => ({
    raw: {
      body: JSON.stringify({ padding: 'p'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    },
    label: 'body over 1 MiB',
    mustReject: true,
  }),
  oddPath: (parts, _slots, pick, n) => {
    const p = choose(Object.keys(parts.path), pick);
    if (!p) return undefined;
    return {
      raw: {},
      parts: { ...parts, path: { ...parts.path, [p]: `\u0000RAW${choose(ODD_SEGMENTS, n)}` } },
      label: `raw path segment for ${p}`,
      mustReject: false,
    };
  },
};

const MUTATION_NAMES = Object.keys(mutations);

/** Generated requests for `op`, authenticated with `auth` headers. */
export function fuzzRequestArb(
  op: Operation,
  ctx: ValueContext,
  auth: Record<string, string>,
): fc.Arbitrary<FuzzRequest> {
  const slots: Record<Part, FieldSlot[]> = {
    path: fieldSlots(op.params),
    query: fieldSlots(op.query),
    body: fieldSlots(op.body),
  };
  return fc
    .record({
      parts: partsArb(op, ctx),
      mutation: fc.constantFrom(...MUTATION_NAMES),
      pick: fc.nat(1000),
      n: fc.nat(1000),
      validShare: fc.nat(3),
    })
    .map(({ parts, mutation, pick, n, validShare }) => {
      const applied =
        (validShare === 0 ? mutations.valid : mutations[mutation])(parts, slots, pick, n) ??
        mutations.valid(parts, slots, pick, n);
      const final = applied?.parts ?? parts;
      let url = op.path;
      for (const [name, value] of Object.entries(final.path)) {
        url = url.replace(`{${name}}`, value.startsWith('\u0000RAW') ? value.slice(4) : encode(value));
      }
      if (final.query.length > 0) url += `?${final.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`;
      const headers: Record<string, string> = { ...auth };
      let body: string | undefined;
      if (final.body !== undefined) {
        body = JSON.stringify(final.body);
        headers['content-type'] = 'application/json';
      }
      if (applied?.raw?.body !== undefined) body = applied.raw.body;
      Object.assign(headers, applied?.raw?.headers ?? {});
      // GET carries no body (fetch refuses one): body breakages do not apply there.
      if (op.method === 'get' && body !== undefined)
        return { label: 'valid', method: 'GET', url, headers: { ...auth }, mustReject: false };
      // Operations without a credential cannot reject a bad one.
      const mustReject =
        (applied?.mustReject ?? false) && !(applied?.label === 'bad credentials' && op.auth === 'none');
      return { label: applied?.label ?? 'valid', method: op.method.toUpperCase(), url, headers, body, mustReject };
    });
}
