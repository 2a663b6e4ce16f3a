import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createDb, dropDatabase, ensureDatabase, migrationsDirectory } from '../../db/connection';
import { testConfig } from '../support/env';
import { LAST_LANDED_MIGRATION, migrateThroughLanded, schemaDdl } from '../support/landedSchema';

// Landed migrations are history: every database that ran them has this schema, so the same files must
// build it byte for byte wherever and whenever they run again.

describe('landed migrations', () => {
  let url: string;
  let db: Knex;

  before(async () => {
    const u = new URL(testConfig().DATABASE_URL);
    u.pathname = `/sp_landed_${randomBytes(4).toString('hex')}`;
    url = u.toString();
    await ensureDatabase(url);
    db = createDb(url, 1);
  });

  after(async () => {
    await db.destroy();
    await dropDatabase(url);
  });

  it(`build exactly the recorded schema (SHOW CREATE TABLE of every table) through ${LAST_LANDED_MIGRATION}`, async () => {
    const recorded = await readFile(path.join(__dirname, 'landed-schema.sql'), 'utf8');
    await migrateThroughLanded(db);
    expect(await schemaDdl(db)).to.equal(recorded);
  });

  it('import nothing from the project: each inlines the column definitions it uses', async () => {
    for (const file of (await readdir(migrationsDirectory)).filter((f) => /\.(ts|js)$/.test(f))) {
      const source = await readFile(path.join(migrationsDirectory, file), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect(
        imports.filter((spec) => spec.startsWith('.')),
        file,
      ).to.deep.equal([]);
    }
  });
});
