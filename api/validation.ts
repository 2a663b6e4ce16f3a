import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { badRequest, type ErrorDetail } from './errors';

// Query strings and path segments arrive as text, so their validator coerces "10" to 10 (and "1.5"
// still fails an integer); JSON bodies are validated exactly as sent.
// verbose: an error carries its schema, whose `errorMessage` (if any) replaces ajv's wording, e.g. for
// a header pattern no caller could read.
const textAjv = addFormats(
  new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true, strict: false, verbose: true }),
);
const jsonAjv = addFormats(
  new Ajv({ coerceTypes: false, useDefaults: false, allErrors: true, strict: false, verbose: true }),
);
// The first check of a body stops at its first problem: a valid body (the usual case) costs one pass, and an
// invalid one of 1 MiB never has ajv build an error object for each of its 350,000 items (264 MB with allErrors).
const firstErrorAjv = addFormats(
  new Ajv({ coerceTypes: false, useDefaults: false, allErrors: false, strict: false, verbose: true }),
);

/** At most this many problems are listed in a 400; the message says how many more there were. */
export const MAX_REPORTED_PROBLEMS = 50;
/** A body of at most this many JSON values is checked in full when invalid (every problem counted). */
export const FULL_CHECK_VALUES = 5_000;
/** A larger invalid body is checked with each array cut to this many items: its problems are a lower bound. */
export const PARTIAL_CHECK_ITEMS = 100;
/** A field or message quoted in a 400 is cut to this many characters (a field name is the caller's text). */
const MAX_QUOTED = 200;

const cache = new WeakMap<TSchema, ValidateFunction>();
const textCache = new WeakMap<TSchema, ValidateFunction>();
const firstErrorCache = new WeakMap<TSchema, ValidateFunction>();

export function compile(schema: TSchema, coerce = false): ValidateFunction {
  const store = coerce ? textCache : cache;
  let fn = store.get(schema);
  if (!fn) {
    fn = (coerce ? textAjv : jsonAjv).compile(schema);
    store.set(schema, fn);
  }
  return fn;
}

function compileFirstError(schema: TSchema): ValidateFunction {
  let fn = firstErrorCache.get(schema);
  if (!fn) {
    fn = firstErrorAjv.compile(schema);
    firstErrorCache.set(schema, fn);
  }
  return fn;
}

const quoted = (text: string): string => (text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text);

function toDetail(part: ErrorDetail['in'], e: ErrorObject): ErrorDetail {
  const segments = e.instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let message = e.message ?? 'is invalid';
  if (e.keyword === 'required') segments.push(String(e.params['missingProperty']));
  if (e.keyword === 'additionalProperties') {
    segments.push(String(e.params['additionalProperty']));
    message = 'is not an allowed field';
  }
  const custom = (e.parentSchema as { errorMessage?: unknown } | undefined)?.errorMessage;
  if (typeof custom === 'string') message = custom;
  if (e.keyword === 'enum')
    message = `must be one of ${(e.params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  const field = quoted(segments.join('.'));
  return { in: part, field, message: quoted(field ? `${field} ${message}` : message) };
}

/**
 * ajv reports a union (e.g. a string-or-null field) once per branch. A branch that failed on something
 * other than its type is the one the value meant, so its errors win; otherwise the branches' type
 * errors fold into one "must be string or null". One detail per problem, however the schema is built.
 */
function foldUnionBranches(errors: ErrorObject[]): ErrorObject[] {
  // A Set, not an array's `includes` per error: that was quadratic (20,000 items: 4 s; 1 MiB: ~26 min).
  const branchErrors = new Set(errors.filter((e) => /\/anyOf\/\d+\//.test(e.schemaPath)));
  const unions = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  const meant = new Set<string>();
  for (const e of branchErrors) {
    if (e.keyword !== 'type') meant.add(e.instancePath);
    // A problem below a union's value: the value had this branch's type and was looked into, so it meant it.
    for (let path = e.instancePath; path.length > 0;) {
      path = path.slice(0, path.lastIndexOf('/'));
      if (unions.has(path)) {
        meant.add(path);
        break;
      }
    }
  }
  const types = new Map<string, string[]>();
  const kept: ErrorObject[] = [];
  for (const e of errors) {
    if (e.keyword === 'anyOf') continue;
    const inBranch = branchErrors.has(e);
    if (inBranch && e.keyword === 'type') {
      if (meant.has(e.instancePath)) continue;
      const list = types.get(e.instancePath);
      if (list) {
        list.push(String(e.params['type']));
        continue;
      }
      types.set(e.instancePath, [String(e.params['type'])]);
    }
    kept.push(e);
  }
  return kept.map((e) => {
    const list = e.keyword === 'type' ? types.get(e.instancePath) : undefined;
    return list && list.length > 1 ? { ...e, message: `must be ${list.join(' or ')}` } : e;
  });
}

function dedupe(details: ErrorDetail[]): ErrorDetail[] {
  const seen = new Set<string>();
  return details.filter((d) => {
    const key = `${d.in}:${d.field}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * ajv's integer and number checks let Infinity through ("1e400" in a query string, 1e999 in JSON), and
 * nothing downstream can use it: every number a request carries must be finite.
 */
function nonFinite(part: ErrorDetail['in'], value: unknown, path: string[] = []): ErrorDetail[] {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    const field = path.join('.');
    return [{ in: part, field, message: `${field || 'value'} must be a finite number` }];
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => nonFinite(part, v, [...path, k]));
}

/** Whether `value` holds more than `limit` JSON values (arrays, objects and scalars), counted without recursion. */
function holdsMoreThan(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value];
  let count = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (++count > limit) return true;
    if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (v !== null && typeof v === 'object') for (const item of Object.values(v)) stack.push(item);
  }
  return false;
}

/**
 * A copy of `value` with every array cut to its first `items` items. Objects keep every property (cutting
 * one could invent a "required" problem), so the copy's problems are problems of the original, a subset.
 */
function withArraysCut(value: unknown, items: number): unknown {
  const copyOf = (v: unknown): unknown =>
    Array.isArray(v) ? v.slice(0, items) : v !== null && typeof v === 'object' ? { ...v } : v;
  const root = copyOf(value);
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown> | unknown[];
    for (const key of Object.keys(node)) {
      const child = copyOf((node as Record<string, unknown>)[key]);
      (node as Record<string, unknown>)[key] = child;
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return root;
}

/** One request part's problems; `complete` false when a large part was checked only in part (a lower bound). */
export interface Checked {
  problems: ErrorDetail[];
  complete: boolean;
}

export const NOTHING_TO_CHECK: Checked = { problems: [], complete: true };

/**
 * Validates (and for text parts, coerces and defaults in place) one request part. The work is bounded by the
 * part's size whatever its shape: a valid part is one pass; an invalid one is checked in full only while it
 * is small, else with its arrays cut to their first items, so no body makes ajv collect a million errors.
 */
export function check(part: ErrorDetail['in'], schema: TSchema, value: unknown): Checked {
  if (part === 'body') {
    const first = compileFirstError(schema);
    if (first(value)) return { problems: nonFinite(part, value), complete: true };
    if (holdsMoreThan(value, FULL_CHECK_VALUES)) {
      const all = compile(schema);
      all(withArraysCut(value, PARTIAL_CHECK_ITEMS));
      // The first problem of the whole body (a maxItems, say) may not show in the cut copy.
      const errors = [...(first.errors ?? []), ...(all.errors ?? [])];
      return { problems: dedupe(foldUnionBranches(errors).map((e) => toDetail(part, e))), complete: false };
    }
  }
  const fn = compile(schema, part !== 'body');
  if (fn(value)) return { problems: nonFinite(part, value), complete: true };
  return { problems: dedupe(foldUnionBranches(fn.errors ?? []).map((e) => toDetail(part, e))), complete: true };
}

/**
 * Throws the 400 of these problems, if any: at most MAX_REPORTED_PROBLEMS listed, and the message says how
 * many more there were (or, when a large body was checked only in part, that there were at least that many).
 */
export function assertValid(problems: ErrorDetail[], complete = true): void {
  if (problems.length === 0) return;
  const listed = problems.slice(0, MAX_REPORTED_PROBLEMS);
  const count = `${complete ? '' : 'at least '}${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`;
  const more = problems.length - listed.length;
  const rest = more > 0 ? `; and ${more} more not listed` : '';
  const partial = complete
    ? ''
    : ` (a large invalid body is checked with each array cut to its first ${PARTIAL_CHECK_ITEMS} items)`;
  throw badRequest(
    'validation_failed',
    `The request has ${count}${partial}: ${listed.map((p) => p.message).join('; ')}${rest}.`,
    listed,
  );
}
