import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';

// The migrations, read from the folder beside this file: `db/migrations/*.ts` when the service runs its
// TypeScript (tsx: dev, tests) and `dist/db/migrations/*.js` when it runs the build. knex_migrations
// records each by its source file's name (`….ts`) either way, so a database migrated by one keeps
// counting as migrated for the other (knex's own folder source would record `….js` and then call the
// `.ts` rows "missing": a corrupt migration directory).

interface MigrationFile {
  file: string;
  directory: string;
}

const MIGRATION_FILE = /^(?!.*\.d\.ts$).+\.(ts|js)$/;

export class SourceNamedMigrations implements Knex.MigrationSource<MigrationFile> {
  constructor(private readonly directory: string) {}

  async getMigrations(): Promise<MigrationFile[]> {
    const files = (await readdir(this.directory)).filter((f) => MIGRATION_FILE.test(f)).sort();
    return files.map((file) => ({ file, directory: this.directory }));
  }

  getMigrationName(migration: MigrationFile): string {
    return migration.file.replace(/\.js$/, '.ts');
  }

  getMigration(migration: MigrationFile): Promise<Knex.Migration> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a migration is a CommonJS module loaded by path (tsx's hook or compiled JS)
    return Promise.resolve(require(path.join(migration.directory, migration.file)) as Knex.Migration);
  }
}
