import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseDatabaseUrl } from '../../db/connection';
import { testConfig, testEnv } from '../support/env';
import { filesUnder } from '../support/recordingFixtures';

// The leftover scan of the offboarding tests: it reads the schema and every row itself, trusting none
// of the offboarding's code. A company's "ids" are its own id and the id of every row that names it
// (a table with company_id), and then of every row that references one of those through a foreign key.

const BOOKKEEPING = new Set(['knex_migrations', 'knex_migrations_lock']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function tables(): Promise<string[]> {
  const database = parseDatabaseUrl(testConfig().DATABASE_URL).database;
  const rows = (await testEnv()
    .db('information_schema.tables')
    .select({ name: 'table_name' })
    .where({ table_schema: database, table_type: 'BASE TABLE' })
    .orderBy('table_name')) as Array<{ name: string }>;
  return rows.map((r) => r.name).filter((t) => !BOOKKEEPING.has(t));
}

async function columnsOf(): Promise<Array<{ table: string; column: string }>> {
  const database = parseDatabaseUrl(testConfig().DATABASE_URL).database;
  return (await testEnv()
    .db('information_schema.columns')
    .select({ table: 'table_name', column: 'column_name' })
    .where({ table_schema: database })) as Array<{ table: string; column: string }>;
}

async function foreignKeys(): Promise<Array<{ table: string; column: string; refTable: string; refColumn: string }>> {
  const database = parseDatabaseUrl(testConfig().DATABASE_URL).database;
  return (await testEnv()
    .db('information_schema.key_column_usage')
    .select({
      table: 'table_name',
      column: 'column_name',
      refTable: 'referenced_table_name',
      refColumn: 'referenced_column_name',
    })
    .where({ table_schema: database })
    .whereNotNull('referenced_table_name')) as Array<{
    table: string;
    column: string;
    refTable: string;
    refColumn: string;
  }>;
}

/** Every row of the table, as JSON text (binary columns as latin1). */
async function rowsAsText(table: string): Promise<string[]> {
  const rows = (await testEnv().db(table).select('*')) as Array<Record<string, unknown>>;
  return rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('latin1') : v)));
}

/** The company's id and the ids of every row that is the company's, directly or through foreign keys. */
export async function companyIds(companyId: string): Promise<Set<string>> {
  const db = testEnv().db;
  const ids = new Set([companyId.toLowerCase()]);
  const columns = await columnsOf();
  const fks = await foreignKeys();
  const withCompany = new Set(columns.filter((c) => c.column === 'company_id').map((c) => c.table));
  // Values referenced by another table's foreign key: a child row belongs to the row it points at.
  const keyed = new Map<string, Set<string>>();
  for (const table of withCompany) {
    const referenced = [...new Set(['id', ...fks.filter((f) => f.refTable === table).map((f) => f.refColumn)])].filter(
      (col) => columns.some((c) => c.table === table && c.column === col),
    );
    for (const col of referenced) {
      const values = (await db(table).where({ company_id: companyId }).pluck(col)) as string[];
      keyed.set(`${table}.${col}`, new Set(values.map(String)));
      for (const v of values) ids.add(String(v).toLowerCase());
    }
  }
  // Children (rows without company_id pointing at the company's rows), as deep as the schema goes.
  for (let grew = true; grew;) {
    grew = false;
    for (const fk of fks) {
      if (withCompany.has(fk.table) || fk.table === fk.refTable) continue;
      const parent = keyed.get(`${fk.refTable}.${fk.refColumn}`);
      if (!parent || parent.size === 0) continue;
      if (!columns.some((c) => c.table === fk.table && c.column === 'id')) continue;
      const childIds = (await db(fk.table)
        .whereIn(fk.column, [...parent])
        .pluck('id')) as string[];
      const known = keyed.get(`${fk.table}.id`) ?? new Set<string>();
      for (const id of childIds)
        if (!known.has(String(id))) {
          known.add(String(id));
          ids.add(String(id).toLowerCase());
          grew = true;
        }
      keyed.set(`${fk.table}.id`, known);
    }
  }
  // Only ids that cannot occur by chance inside other text (a numeric id would match any row).
  return new Set([...ids].filter((id) => UUID.test(id)));
}

/** Where any of `ids` still appears: `table: row` lines (the offboarding's own record excepted). */
export async function leftoverRows(ids: Set<string>, except = new Set(['company_offboardings'])): Promise<string[]> {
  const found: string[] = [];
  const needles = [...ids];
  for (const table of await tables()) {
    if (except.has(table)) continue;
    for (const row of await rowsAsText(table)) {
      const lower = row.toLowerCase();
      if (needles.some((id) => lower.includes(id))) found.push(`${table}: ${row.slice(0, 300)}`);
    }
  }
  return found;
}

/** Rows referencing, through the schema's foreign keys, a row that no longer exists or is one of `ids`. */
export async function rowsReferencing(ids: Set<string>): Promise<string[]> {
  const found: string[] = [];
  for (const fk of await foreignKeys()) {
    const values = (await testEnv().db(fk.table).whereNotNull(fk.column).pluck(fk.column)) as string[];
    for (const v of values) if (ids.has(String(v).toLowerCase())) found.push(`${fk.table}.${fk.column} = ${String(v)}`);
  }
  return found;
}

/**
 * Every table's rows that hold none of `ids`, hashed: another company's data, to compare before and
 * after. Rate-limit budgets are left out: their windows move with time, whoever holds them.
 */
export async function otherRowsDigest(ids: Set<string>): Promise<Record<string, { rows: number; digest: string }>> {
  const needles = [...ids];
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const table of await tables()) {
    if (table === 'rate_limit_points' || table === 'company_offboardings') continue;
    const rows = (await rowsAsText(table)).filter((r) => !needles.some((id) => r.toLowerCase().includes(id))).sort();
    out[table] = { rows: rows.length, digest: createHash('sha256').update(rows.join('\n')).digest('hex') };
  }
  return out;
}

/** Every file in the store with the SHA-256 of its bytes. */
export async function storeContents(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of await filesUnder(dir))
    out.set(
      file,
      createHash('sha256')
        .update(await fs.readFile(path.join(dir, file)))
        .digest('hex'),
    );
  return out;
}
