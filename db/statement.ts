import knexFactory, { type Knex } from 'knex';
import type { Db } from './connection';

// Statements that Knex builds once. The per-request reads (the credential lookup behind every
// authenticated call, a session result) send the same SQL text every time with different values, and
// building it again per call (quoting identifiers, expanding alias objects, compiling) was about a tenth
// of such a request's CPU in profiles. A statement is described with the query builder as usual,
// compiled once against placeholder arguments, and afterwards sent as that SQL text with the caller's
// values, through the caller's Knex instance or transaction.

/** Named string arguments (ids, key prefixes): the values a statement's bindings come from. */
export type StatementArgs = Record<string, string>;

type Slot = { arg: string } | { value: unknown };

export interface Statement<A extends StatementArgs> {
  /** The SQL text, with `?` placeholders. */
  readonly sql: string;
  /** Every row. */
  all<Row>(db: Db, args: A): Promise<Row[]>;
  /** The first row, or undefined. */
  first<Row>(db: Db, args: A): Promise<Row | undefined>;
}

// Compiles without ever connecting: only the dialect matters for the SQL text.
const compiler = knexFactory({ client: 'mysql2' });
const PLACEHOLDER = '\u0000statement-arg:';

/**
 * `build` describes the statement with the query builder; it receives placeholders in place of the
 * arguments and must use each of them only as a bound value (`where`, `andWhere`, ...), never branch on
 * them. Values the builder adds itself (`first()`'s `limit 1`) stay constants.
 */
export function statement<A extends StatementArgs>(
  argNames: ReadonlyArray<keyof A & string>,
  build: (q: Knex, args: A) => Knex.QueryBuilder,
): Statement<A> {
  const placeholders = Object.fromEntries(argNames.map((name) => [name, `${PLACEHOLDER}${name}`])) as A;
  const compiled = build(compiler, placeholders).toSQL();
  const slots: Slot[] = compiled.bindings.map((b) =>
    typeof b === 'string' && b.startsWith(PLACEHOLDER) ? { arg: b.slice(PLACEHOLDER.length) } : { value: b },
  );
  const unbound = argNames.filter((name) => !slots.some((s) => 'arg' in s && s.arg === name));
  if (unbound.length > 0 || compiled.sql.includes(PLACEHOLDER)) {
    throw new Error(
      `every statement argument must be a bound value (${unbound.join(', ') || 'one is inlined'}): ${compiled.sql}`,
    );
  }
  const { sql } = compiled;
  const values = (args: A): Knex.RawBinding[] =>
    slots.map((s) => ('arg' in s ? args[s.arg] : (s.value as Knex.RawBinding)));
  const all = async <Row>(db: Db, args: A): Promise<Row[]> => {
    // mysql2 answers a raw SELECT with [rows, fields].
    const [rows] = (await db.raw(sql, values(args))) as [Row[], unknown];
    return rows;
  };
  return {
    sql,
    all,
    first: async <Row>(db: Db, args: A) => (await all<Row>(db, args))[0],
  };
}
