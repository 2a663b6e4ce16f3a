import type { Knex } from 'knex';
import { parseDatabaseUrl } from '../../db/connection';
import { testEnv } from './env';

// The whole database's state in one comparable value: the row count and CHECKSUM TABLE of every table.
// Bookkeeping tables (migrations, rate-limit counters) are left out: they are not data; so is an API
// key's last_used_at, which every authenticated request may move (to the minute).

const IGNORED = new Set(['knex_migrations', 'knex_migrations_lock', 'rate_limit_points']);

let tables: string[] | undefined;

async function dataTables(db: Knex): Promise<string[]> {
  if (!tables) {
    const database = parseDatabaseUrl(testEnv().config.DATABASE_URL).database;
    const rows = (await db('information_schema.tables')
      .select({ name: 'table_name' })
      .where({ table_schema: database, table_type: 'BASE TABLE' })
      .orderBy('table_name')) as Array<{ name: string }>;
    tables = rows.map((r) => r.name).filter((t) => !IGNORED.has(t));
  }
  return tables;
}

export type DbSnapshot = Record<string, { rows: number; checksum: string }>;

export async function dbSnapshot(db: Knex = testEnv().db): Promise<DbSnapshot> {
  const names = await dataTables(db);
  const [checksums] = (await db.raw(`CHECKSUM TABLE ${names.map((n) => `\`${n}\``).join(', ')}`)) as [
    Array<{ Table: string; Checksum: unknown }>,
  ];
  const byTable = new Map(checksums.map((c) => [c.Table.split('.').pop() as string, String(c.Checksum)]));
  const [counts] = (await db.raw(
    names.map((n) => `SELECT '${n}' AS t, COUNT(*) AS n FROM \`${n}\``).join(' UNION ALL '),
  )) as [Array<{ t: string; n: number | string }>];
  const snapshot: DbSnapshot = {};
  for (const { t, n } of counts) snapshot[t] = { rows: Number(n), checksum: byTable.get(t) ?? 'missing' };
  if (snapshot.api_keys) {
    const [[keys]] = (await db.raw(
      "SELECT MD5(GROUP_CONCAT(CONCAT_WS('|', id, company_id, prefix, key_hash, COALESCE(name, ''), COALESCE(revoked_at, ''), scopes) ORDER BY id SEPARATOR ';')) AS digest FROM api_keys",
    )) as [Array<{ digest: string | null }>];
    snapshot.api_keys.checksum = keys.digest ?? 'empty';
  }
  return snapshot;
}
