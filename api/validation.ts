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

const cache = new WeakMap<TSchema, ValidateFunction>();
const textCache = new WeakMap<TSchema, ValidateFunction>();

export function compile(schema: TSchema, coerce = false): ValidateFunction {
  const store = coerce ? textCache : cache;
  let fn = store.get(schema);
  if (!fn) {
    fn = (coerce ? textAjv : jsonAjv).compile(schema);
    store.set(schema, fn);
  }
  return fn;
}

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
  const field = segments.join('.');
  return { in: part, field, message: field ? `${field} ${message}` : message };
}

/**
 * ajv reports a union (e.g. a string-or-null field) once per branch. A branch that failed on something
 * other than its type is the one the value meant, so its errors win; otherwise the branches' type
 * errors fold into one "must be string or null". One detail per problem, however the schema is built.
 */
function foldUnionBranches(errors: ErrorObject[]): ErrorObject[] {
  const branchErrors = errors.filter((e) => /\/anyOf\/\d+\//.test(e.schemaPath));
  const meant = new Set(branchErrors.filter((e) => e.keyword !== 'type').map((e) => e.instancePath));
  const types = new Map<string, string[]>();
  const kept: ErrorObject[] = [];
  for (const e of errors) {
    if (e.keyword === 'anyOf') continue;
    const inBranch = branchErrors.includes(e);
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

/** Validates (and for text parts, coerces and defaults in place) one request part; returns its problems. */
export function check(part: ErrorDetail['in'], schema: TSchema, value: unknown): ErrorDetail[] {
  const fn = compile(schema, part !== 'body');
  if (fn(value)) return nonFinite(part, value);
  return dedupe(foldUnionBranches(fn.errors ?? []).map((e) => toDetail(part, e)));
}

export function assertValid(problems: ErrorDetail[]): void {
  if (problems.length > 0) {
    const noun = problems.length === 1 ? 'problem' : 'problems';
    throw badRequest(
      'validation_failed',
      `The request has ${problems.length} ${noun}: ${problems.map((p) => p.message).join('; ')}.`,
      problems,
    );
  }
}
