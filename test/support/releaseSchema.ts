import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import { createDb, dropDatabase, ensureDatabase } from '../../db/connection';
import { SourceNamedMigrations } from '../../db/migrationSource';

// What a release's code needs of the schema, against what today's migrations leave (docs/operations.md,
// "Deploying"): the release's own migrations (from its tree, `git archive <commit> db/migrations`) run on a
// fresh MariaDB database give its schema; a table or column there that today's schema lacks was dropped or
// renamed since. That alone is not a fault (a column the release no longer uses may go), so each one is
// looked up in the release's own code (its TypeScript outside migrations, tests and benches; SQL lives in
// db/): named there as a word, the release still reads or writes it, and a deploy beside it would break.
// Comparing real schemas finds every drop and rename whatever the migration's form (knex builder or raw
// SQL); the word search errs on the safe side (a common column name also found elsewhere fails the check).

const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);

/** `table.column` for each column, and `table` for each table, of a schema (knex's own tables left out). */
export async function schemaOf(db: Knex): Promise<Set<string>> {
  const rows = (await db('information_schema.COLUMNS')
    .select({ table: 'TABLE_NAME', column: 'COLUMN_NAME' })
    .whereRaw('TABLE_SCHEMA = DATABASE()')
    .whereNotIn('TABLE_NAME', ['knex_migrations', 'knex_migrations_lock'])) as { table: string; column: string }[];
  return new Set(rows.flatMap((r) => [r.table, `${r.table}.${r.column}`]));
}

/** The schema the release's own migrations make on a fresh database (created and dropped here). */
export async function releaseSchema(commit: string, databaseUrl: string): Promise<Set<string>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-release-migrations-'));
  const url = new URL(databaseUrl);
  url.pathname = `/sp_release_${randomBytes(4).toString('hex')}`;
  try {
    await run('sh', ['-c', `git archive ${commit} db/migrations | tar -x -C "${dir}"`], { cwd: ROOT });
    await ensureDatabase(url.toString());
    const db = createDb(url.toString(), 1);
    try {
      await db.migrate.latest({ migrationSource: new SourceNamedMigrations(path.join(dir, 'db', 'migrations')) });
      return await schemaOf(db);
    } finally {
      await db.destroy();
    }
  } finally {
    await dropDatabase(url.toString());
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The release's files (TypeScript, migrations, tests and benches left out) that name `word` as a word. */
export async function releaseFilesNaming(commit: string, word: string): Promise<string[]> {
  const { stdout } = await run(
    'git',
    ['grep', '-l', '-w', '-F', '-e', word, commit, '--', '*.ts', ':!db/migrations', ':!test', ':!bench'],
    { cwd: ROOT },
  ).catch((err: { code?: number; stdout?: string }) => {
    // git grep exits 1 when nothing matches.
    if (err.code === 1) return { stdout: '' };
    throw err;
  });
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(commit.length + 1));
}

/**
 * Tables and columns of the release's schema missing from `today` that the release's code still names, each
 * with the files naming it: what a migration since dropped or renamed under a release still running.
 */
export async function droppedButUsed(
  commit: string,
  databaseUrl: string,
  today: Set<string>,
): Promise<Record<string, string[]>> {
  const missing = [...(await releaseSchema(commit, databaseUrl))].filter((name) => !today.has(name)).sort();
  const found: Record<string, string[]> = {};
  for (const name of missing) {
    // A dropped table's columns go with it: the table's own name is what its code names.
    const table = name.split('.')[0];
    if (name.includes('.') && !today.has(table)) continue;
    const files = await releaseFilesNaming(commit, name.includes('.') ? name.split('.')[1] : name);
    if (files.length > 0) found[name] = files;
  }
  return found;
}
