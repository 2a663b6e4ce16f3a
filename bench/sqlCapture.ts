import type { Knex } from 'knex';

// The baseline must run literally the service's SQL. Rather than copy statements (which would drift
// when a query module changes), it calls the service's own query functions once against the bench
// database with recognisable argument values, records every statement Knex sends (SQL text with `?`
// placeholders plus bindings), and turns each binding that equals an argument into a named slot.

export type Slot = { param: string } | { value: unknown };

export interface QueryTemplate {
  sql: string;
  slots: Slot[];
}

export type Params = Record<string, string | number>;

/** Runs `call` and returns the statements it sent, with bindings equal to a param value made into slots. */
export async function captureQueries(db: Knex, params: Params, call: () => Promise<unknown>): Promise<QueryTemplate[]> {
  const seen = new Map<string, number>();
  for (const [name, value] of Object.entries(params)) {
    if (seen.has(String(value)))
      throw new Error(`capture params ${name} and another share the value ${value}: slots would be ambiguous`);
    seen.set(String(value), 0);
  }
  const captured: QueryTemplate[] = [];
  const listener = (q: { sql: string; bindings?: unknown[] }): void => {
    const slots = (q.bindings ?? []).map((b): Slot => {
      const match = Object.entries(params).find(([, v]) => v === b);
      return match ? { param: match[0] } : { value: b };
    });
    captured.push({ sql: q.sql, slots });
  };
  db.on('query', listener);
  try {
    await call();
  } finally {
    db.removeListener('query', listener);
  }
  return captured;
}

export function bindings(template: QueryTemplate, params: Params): unknown[] {
  return template.slots.map((s) => {
    if ('value' in s) return s.value;
    if (!(s.param in params)) throw new Error(`no value for ${s.param} in ${template.sql}`);
    return params[s.param];
  });
}

/** The one captured statement whose SQL matches `pattern`; anything else means the query module changed shape. */
export function one(templates: QueryTemplate[], pattern: RegExp, what: string): QueryTemplate {
  const found = templates.filter((t) => pattern.test(t.sql));
  if (found.length !== 1) {
    throw new Error(
      `expected one ${what} statement, found ${found.length} in: ${templates.map((t) => t.sql).join(' | ')}`,
    );
  }
  return found[0];
}

/** Same statement text and bindings: what the comparison relies on. */
export function sameStatements(
  a: Array<{ sql: string; bindings: unknown[] }>,
  b: Array<{ sql: string; bindings: unknown[] }>,
): boolean {
  const key = (s: { sql: string; bindings: unknown[] }): string => JSON.stringify([s.sql, s.bindings]);
  return JSON.stringify(a.map(key).sort()) === JSON.stringify(b.map(key).sort());
}
