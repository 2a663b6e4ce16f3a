import type { Knex } from 'knex';

// The schema the landed migrations build, as MariaDB prints it. A landed migration never changes
// (docs/architecture.md, Conventions), so this text is fixed: test/foundation/landedSchema.test.ts compares a fresh
// database migrated through the last landed migration with test/foundation/landed-schema.sql, which was
// captured before the migrations stopped importing db/columns.ts and is extended (only ever by new
// tables and columns) once further migrations have landed. Migrations added later are not run.

/** The newest migration whose schema the fixture holds. */
export const LAST_LANDED_MIGRATION = '20261123000300_api_key_scopes.ts';

/** Applies migrations one at a time up to and including LAST_LANDED_MIGRATION. */
export async function migrateThroughLanded(db: Knex): Promise<void> {
  for (;;) {
    const [, applied] = (await db.migrate.up()) as [number, string[]];
    if (applied.length === 0) throw new Error(`${LAST_LANDED_MIGRATION} was never applied`);
    if (applied.includes(LAST_LANDED_MIGRATION)) return;
  }
}

/** SHOW CREATE TABLE of every table but knex's own, by name, without the AUTO_INCREMENT counter. */
export async function schemaDdl(db: Knex): Promise<string> {
  const [tables] = (await db.raw('SHOW TABLES')) as [Array<Record<string, string>>];
  const names = tables
    .map((row) => Object.values(row)[0])
    .filter((name) => !name.startsWith('knex_'))
    .sort();
  const statements: string[] = [];
  for (const name of names) {
    const [[row]] = (await db.raw('SHOW CREATE TABLE ??', [name])) as [Array<Record<string, string>>];
    statements.push(`${row['Create Table'].replace(/ AUTO_INCREMENT=\d+/, '')};\n`);
  }
  return statements.join('\n');
}
