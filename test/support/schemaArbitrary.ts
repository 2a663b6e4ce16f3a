import type { TSchema } from '@sinclair/typebox';
import fc from 'fast-check';

// Values generated from the same TypeBox (JSON Schema) definitions the API validates with: valid ones
// (fast-check arbitraries, and one minimal deterministic value), and the list of fields a test can
// aim broken values at. Covers the keywords the API's schemas use; an unknown one fails loudly.

export type Json = Record<string, unknown>;

export interface ValueContext {
  /** Ids that exist (so valid requests reach past "not found" sometimes). */
  knownIds: readonly string[];
}

const URLS = ['https://files.example.com/call.mp3', 'http://127.0.0.1:9/hook', 'https://hooks.example.com/a/b?c=d'];

const asJson = (schema: unknown): Json => schema as Json;

function typesOf(schema: Json): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

function stringArb(schema: Json, ctx: ValueContext): fc.Arbitrary<string> {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = Math.min((schema.maxLength as number | undefined) ?? 40, Math.max(min, 40));
  const fits = (s: string): boolean =>
    s.length >= min && s.length <= ((schema.maxLength as number | undefined) ?? Infinity);
  if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ctx.knownIds), fc.uuid());
  if (schema.format === 'uri') return fc.constantFrom(...URLS);
  if (schema.format === 'email') return fc.emailAddress().filter((e) => fits(e) && e.length <= 254);
  if (schema.format === 'date-time')
    return fc
      .date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') })
      .map((d) => d.toISOString());
  if (typeof schema.format === 'string') throw new Error(`schemaArbitrary: unsupported format ${schema.format}`);
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  return fc
    .oneof(
      fc.string({ minLength: min, maxLength: max }),
      fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
    )
    .filter(fits);
}

/** Valid values of `schema`. */
export function validArbitrary(schemaIn: unknown, ctx: ValueContext): fc.Arbitrary<unknown> {
  const schema = asJson(schemaIn);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf))
    return fc.oneof(
      ...(schema.anyOf as unknown[]).map((b) => validArbitrary({ ...schema, anyOf: undefined, ...asJson(b) }, ctx)),
    );
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validArbitrary({ ...schema, type }, ctx)));
  switch (types[0]) {
    case 'object':
      return objectArb(schema, ctx);
    case 'string':
      return stringArb(schema, ctx);
    case 'integer':
      return fc.integer({
        min: (schema.minimum as number | undefined) ?? -1_000_000,
        max: (schema.maximum as number | undefined) ?? 1_000_000,
      });
    case 'number':
      return fc.double({
        min: (schema.minimum as number | undefined) ?? -1e6,
        max: (schema.maximum as number | undefined) ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = validArbitrary(schema.items, ctx);
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? 4, Math.max(minLength, 4));
      return schema.uniqueItems
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength, maxLength });
    }
    default:
      throw new Error(`schemaArbitrary: unsupported schema ${JSON.stringify(schema).slice(0, 200)}`);
  }
}

function objectArb(schema: Json, ctx: ValueContext): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = (schema.required ?? []) as string[];
  const extra = schema.additionalProperties;
  if (typeof extra === 'object' && extra !== null && Object.keys(properties).length === 0) {
    const names = asJson(schema.propertyNames ?? {});
    const key = fc.string({
      minLength: (names.minLength as number | undefined) ?? 1,
      maxLength: Math.min((names.maxLength as number | undefined) ?? 20, 20),
    });
    return fc.dictionary(key, validArbitrary(extra, ctx), {
      maxKeys: Math.min((schema.maxProperties as number | undefined) ?? 5, 5),
    });
  }
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, prop] of Object.entries(properties)) shape[name] = validArbitrary(prop, ctx);
  const record = fc.record(shape, { requiredKeys: required });
  const minProperties = (schema.minProperties as number | undefined) ?? 0;
  return minProperties > 0 ? record.filter((o) => Object.keys(o).length >= minProperties) : record;
}

/** One small valid value: required fields only (plus the first optional ones when minProperties asks, or none is required). */
export function minimalValid(
  schemaIn: unknown,
  pickId: (field: string) => string = () => '00000000-0000-4000-8000-000000000000',
  field = '',
): unknown {
  const schema = asJson(schemaIn);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[])[0];
  if (Array.isArray(schema.anyOf))
    return minimalValid({ ...schema, anyOf: undefined, ...asJson((schema.anyOf as unknown[])[0]) }, pickId, field);
  const type = typesOf(schema)[0];
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      const wanted = new Set((schema.required ?? []) as string[]);
      // An all-optional object still gets one field: handlers tend to refuse "change nothing".
      const least = Math.max(
        (schema.minProperties as number | undefined) ?? 0,
        Object.keys(properties).length > 0 ? 1 : 0,
      );
      for (const name of Object.keys(properties)) {
        if (wanted.size >= least) break;
        if (asJson(properties[name]).format !== 'uuid') wanted.add(name);
      }
      // A schema's own example is a request its handler takes as a whole (rules across fields that a schema
      // cannot state, such as a recording's audio or transcript); its fields come first.
      const example = Array.isArray(schema.examples) ? (schema.examples as unknown[])[0] : undefined;
      const base = typeof example === 'object' && example !== null ? (example as Record<string, unknown>) : {};
      return {
        ...base,
        ...Object.fromEntries(
          [...wanted]
            .filter((name) => !(name in base))
            .map((name) => [name, minimalValid(properties[name], pickId, name)]),
        ),
      };
    }
    case 'string':
      if (schema.format === 'uuid') return pickId(field);
      if (schema.format === 'uri') return URLS[0];
      if (schema.format === 'email') return `${field || 'x'}-${Date.now().toString(36)}@example.com`.toLowerCase();
      if (typeof schema.pattern === 'string')
        return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 1 })[0];
      return 'x'.repeat(Math.max(1, (schema.minLength as number | undefined) ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: (schema.minItems as number | undefined) ?? 0 }, () =>
        minimalValid(schema.items, pickId, field),
      );
    default:
      throw new Error(`minimalValid: unsupported schema ${JSON.stringify(schema).slice(0, 200)}`);
  }
}

export interface FieldSlot {
  /** Property path from the part's root. */
  path: string[];
  schema: Json;
  required: boolean;
}

/** Every named field of an object schema, nested objects included (not inside arrays or unions). */
export function fieldSlots(schemaIn: TSchema | undefined): FieldSlot[] {
  if (!schemaIn) return [];
  const out: FieldSlot[] = [];
  const walk = (schema: Json, prefix: string[]): void => {
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    const required = (schema.required ?? []) as string[];
    for (const [name, prop] of Object.entries(properties)) {
      const p = asJson(prop);
      out.push({ path: [...prefix, name], schema: p, required: required.includes(name) });
      if (typesOf(p).includes('object') && p.properties) walk(p, [...prefix, name]);
    }
  };
  walk(asJson(schemaIn), []);
  return out;
}

/** True when the field holds a UUID (directly or as a branch of a nullable union). */
export function isUuidField(schemaIn: unknown): boolean {
  const schema = asJson(schemaIn);
  if (schema.format === 'uuid') return true;
  return Array.isArray(schema.anyOf) && (schema.anyOf as unknown[]).some((b) => isUuidField(b));
}
