import type { Db } from '../connection';

// Every row of a company, found from the schema rather than from a list of tables, so that a table
// added later is offboarded without anyone remembering to (workflows/companyOffboarding.ts):
// - its own rows: every table with a `company_id` column, and the company's row in `companies`;
// - rows that reach it only through foreign keys (a recording's chunks, an endpoint's deliveries, a
//   session's snippets and responses, a script's segments): a table without `company_id` whose foreign
//   key points at one of the rows above, however deep;
// - rows that name it inside a string key (rate-limit budgets `company:<id>`, `api:key:<key id>`): a
//   table reached neither way whose primary key is text holding the company's id or one of its credentials' ids.
// Other companies' rows are never chosen: a table with `company_id` is only ever matched on it.

/** Tables that are never the company's: the offboarding's own record and Knex's bookkeeping. */
const KEPT = new Set(['company_offboardings', 'knex_migrations', 'knex_migrations_lock']);

/** Tables whose ids appear in other tables' string keys (rate-limit budgets are kept per credential). */
const IDS_IN_KEYS = ['api_keys', 'bearer_tokens'];

/** Columns naming a file in the recording store: recordings' and sessions' media, export archives (`company_exports`). */
const STORE_KEY_COLUMN = /(storage|archive)_key$/;

/** One table's share of the deletion: its rows matching `where`, each `?` bound to the company's id. */
export interface TableStep {
  table: string;
  kind: 'company' | 'child' | 'key';
  where: string;
  binds: number;
}

/** An owned table's columns holding keys in the recording store (named `…storage_key` or `…archive_key`). */
export interface FileColumns {
  table: string;
  columns: string[];
}

const ident = (name: string): string => {
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unexpected identifier ${name}`);
  return `\`${name}\``;
};

interface ColumnInfo {
  table: string;
  column: string;
  type: string;
  key: string;
}
interface ForeignKey {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
}

async function readSchema(db: Db): Promise<{ columns: ColumnInfo[]; foreignKeys: ForeignKey[] }> {
  const [columns] = (await db.raw(
    `SELECT c.TABLE_NAME AS \`table\`, c.COLUMN_NAME AS \`column\`, c.DATA_TYPE AS type, c.COLUMN_KEY AS \`key\`
       FROM information_schema.COLUMNS c
       JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
      WHERE c.TABLE_SCHEMA = DATABASE() AND t.TABLE_TYPE = 'BASE TABLE'
      ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`,
  )) as [ColumnInfo[]];
  const [foreignKeys] = (await db.raw(
    `SELECT TABLE_NAME AS \`table\`, COLUMN_NAME AS \`column\`,
            REFERENCED_TABLE_NAME AS refTable, REFERENCED_COLUMN_NAME AS refColumn
       FROM information_schema.KEY_COLUMN_USAGE
      WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME IS NOT NULL
      ORDER BY TABLE_NAME, COLUMN_NAME`,
  )) as [ForeignKey[]];
  return {
    columns: columns.filter((c) => !KEPT.has(c.table)),
    foreignKeys: foreignKeys.filter((f) => !KEPT.has(f.table) && !KEPT.has(f.refTable)),
  };
}

/** Children before the rows they reference, the company's own row last. */
function foreignKeySafeOrder(steps: TableStep[], foreignKeys: ForeignKey[]): TableStep[] {
  const pending = new Map(steps.map((s) => [s.table, s]));
  const ordered: TableStep[] = [];
  while (pending.size > 0) {
    // A table goes once no table still pending references it.
    const free = [...pending.keys()].filter(
      (table) => !foreignKeys.some((f) => f.refTable === table && f.table !== table && pending.has(f.table)),
    );
    // A cycle (none in this schema): the rest in name order, ON DELETE rules settle it.
    const next = free.length > 0 ? free.sort() : [...pending.keys()].sort();
    for (const table of next) {
      ordered.push(pending.get(table) as TableStep);
      pending.delete(table);
    }
  }
  return ordered;
}

/** Every table the company has rows in, in the order they can be deleted, with the condition selecting them. */
export async function companyDeletionPlan(db: Db): Promise<TableStep[]> {
  const { columns, foreignKeys } = await readSchema(db);
  const tables = [...new Set(columns.map((c) => c.table))];
  const steps = new Map<string, TableStep>();
  steps.set('companies', { table: 'companies', kind: 'company', where: 'id = ?', binds: 1 });
  for (const table of tables)
    if (columns.some((c) => c.table === table && c.column === 'company_id'))
      steps.set(table, { table, kind: 'company', where: 'company_id = ?', binds: 1 });

  // Rows reaching the company through foreign keys only, to any depth.
  for (let grew = true; grew;) {
    grew = false;
    for (const table of tables) {
      if (steps.has(table)) continue;
      const links = foreignKeys.filter((f) => f.table === table && steps.has(f.refTable) && f.refTable !== table);
      if (links.length === 0) continue;
      const parts = links.map((f) => {
        const parent = steps.get(f.refTable) as TableStep;
        return {
          sql: `${ident(f.column)} IN (SELECT ${ident(f.refColumn)} FROM ${ident(f.refTable)} WHERE ${parent.where})`,
          binds: parent.binds,
        };
      });
      steps.set(table, {
        table,
        kind: 'child',
        where: parts.map((p) => `(${p.sql})`).join(' OR '),
        binds: parts.reduce((n, p) => n + p.binds, 0),
      });
      grew = true;
    }
  }

  // Rows naming the company (or one of its credentials) inside a text primary key.
  const keyed: TableStep[] = [];
  const idSources = IDS_IN_KEYS.filter((t) => steps.get(t)?.kind === 'company');
  for (const table of tables) {
    if (steps.has(table)) continue;
    const keyColumns = columns.filter(
      (c) => c.table === table && c.key === 'PRI' && /char|text/.test(c.type.toLowerCase()),
    );
    if (keyColumns.length === 0) continue;
    const parts = keyColumns.flatMap((c) => [
      { sql: `${ident(c.column)} LIKE CONCAT('%', ?, '%')`, binds: 1 },
      ...idSources.map((source) => ({
        sql: `EXISTS (SELECT 1 FROM ${ident(source)} s WHERE s.company_id = ? AND ${ident(table)}.${ident(c.column)} LIKE CONCAT('%', s.id, '%'))`,
        binds: 1,
      })),
    ]);
    keyed.push({
      table,
      kind: 'key',
      where: parts.map((p) => `(${p.sql})`).join(' OR '),
      binds: parts.reduce((n, p) => n + p.binds, 0),
    });
  }
  // Keyed rows first: they are found through the credentials, which go with the rest.
  return [
    ...keyed.sort((a, b) => a.table.localeCompare(b.table)),
    ...foreignKeySafeOrder([...steps.values()], foreignKeys),
  ];
}

/** Deletes up to `limit` of the company's rows of one step; answers how many went (0: none left). */
export async function deleteCompanyRows(db: Db, step: TableStep, companyId: string, limit: number): Promise<number> {
  const [result] = (await db.raw(`DELETE FROM ${ident(step.table)} WHERE ${step.where} LIMIT ${Math.floor(limit)}`, [
    ...Array<string>(step.binds).fill(companyId),
  ])) as [{ affectedRows: number }];
  return result.affectedRows;
}

/** The company's tables holding recording-store keys (columns named `…storage_key`, `…archive_key`), paged by `id`. */
export async function companyFileColumns(db: Db): Promise<FileColumns[]> {
  const { columns } = await readSchema(db);
  const owned = new Set(columns.filter((c) => c.column === 'company_id').map((c) => c.table));
  const withId = new Set(columns.filter((c) => c.column === 'id').map((c) => c.table));
  const byTable = new Map<string, string[]>();
  for (const c of columns)
    if (owned.has(c.table) && withId.has(c.table) && STORE_KEY_COLUMN.test(c.column))
      byTable.set(c.table, [...(byTable.get(c.table) ?? []), c.column]);
  return [...byTable].map(([table, cols]) => ({ table, columns: cols }));
}

/** One page of the company's rows of a file-holding table: their ids and the store keys they hold. */
export async function companyFilesPage(
  db: Db,
  source: FileColumns,
  companyId: string,
  afterId: string | null,
  limit: number,
): Promise<{ ids: string[]; keys: string[] }> {
  const query = db(source.table)
    .select('id', ...source.columns)
    .where({ company_id: companyId })
    .orderBy('id')
    .limit(limit);
  if (afterId !== null) query.where('id', '>', afterId);
  const rows = (await query) as Array<Record<string, string | null>>;
  return {
    ids: rows.map((r) => r.id as string),
    keys: rows.flatMap((r) => source.columns.map((c) => r[c]).filter((k): k is string => typeof k === 'string')),
  };
}
