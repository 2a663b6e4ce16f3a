import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { createDb, dropDatabase, ensureDatabase, parseDatabaseUrl } from '../../db/connection';
import { seedDemo, type DemoSeed } from '../../db/seeds/demo';
import { startApi } from '../support/api';
import { testEnv } from '../support/env';

// docs/operations.md "Backups": a dump taken with `mysqldump --single-transaction` (MariaDB's mariadb-dump here),
// restored into a fresh database, answers the API exactly like the original, and the restored database
// is at the same migration.

const run = promisify(execFile);

async function firstInstalled(names: string[]): Promise<string> {
  for (const name of names) {
    try {
      await run('sh', ['-c', `command -v ${name}`]);
      return name;
    } catch {
      // try the next name
    }
  }
  throw new Error(`none of ${names.join(', ')} is installed`);
}

function databaseUrl(name: string): string {
  const url = new URL(testEnv().config.DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function clientArgs(url: string): string[] {
  const target = parseDatabaseUrl(url);
  return [
    '--host',
    target.host,
    '--port',
    String(target.port),
    '--user',
    target.user,
    ...(target.password ? [`--password=${target.password}`] : []),
  ];
}

/** The answers a user reads: roleplays, session lists and results, users, teams, scripts, counts. */
async function answers(url: string, seed: DemoSeed): Promise<Record<string, unknown>> {
  const db = createDb(url, 2);
  const api = await startApi({}, db);
  try {
    const read = async (apiKey: string, p: string): Promise<unknown> => {
      const res = await api.request('GET', p, { apiKey });
      expect(res.status, `${p}: ${res.text}`).to.equal(200);
      return res.body;
    };
    const out: Record<string, unknown> = {};
    for (const company of [seed.parentCompany, seed.childCompany]) {
      for (const p of [
        '/api/roleplay',
        '/api/roleplay/session?limit=100',
        '/api/user?limit=1000',
        '/api/team',
        '/api/memorization/script?limit=100',
        '/api/analytics/get-active-user-count',
      ]) {
        out[`${company.name} ${p}`] = await read(company.apiKey, p);
      }
    }
    for (const session of seed.sessions) {
      const key = session.companyId === seed.parentCompany.id ? seed.parentCompany.apiKey : seed.childCompany.apiKey;
      out[`session ${session.id}`] = await read(key, `/api/roleplay/session/${session.id}`);
    }
    for (const user of seed.users) {
      const key = user.companyId === seed.parentCompany.id ? seed.parentCompany.apiKey : seed.childCompany.apiKey;
      out[`user ${user.id}`] = await read(key, `/api/user/${user.id}`);
    }
    return out;
  } finally {
    await api.close();
    await db.destroy();
  }
}

describe('operations: backup and restore of the database', function () {
  this.timeout(120_000);
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  let sourceUrl: string;
  let restoredUrl: string;
  let dumpDir: string;

  before(async () => {
    sourceUrl = databaseUrl(`sp_test_backup_src_${suffix}`);
    restoredUrl = databaseUrl(`sp_test_backup_dst_${suffix}`);
    dumpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-backup-'));
  });
  after(async () => {
    await dropDatabase(sourceUrl);
    await dropDatabase(restoredUrl);
    await fs.rm(dumpDir, { recursive: true, force: true });
  });

  it('a --single-transaction dump restored into a fresh database gives the same answers through the API', async () => {
    await ensureDatabase(sourceUrl);
    const source = createDb(sourceUrl, 2);
    let seed: DemoSeed;
    let migrationVersion: string;
    try {
      await source.migrate.latest();
      seed = await source.transaction((trx) => seedDemo(trx));
      migrationVersion = await source.migrate.currentVersion();
    } finally {
      await source.destroy();
    }
    const original = await answers(sourceUrl, seed);
    expect(Object.keys(original).length).to.be.greaterThan(12);

    // The documented commands (docs/operations.md, Backups).
    const dumpFile = path.join(dumpDir, 'sales_practice.sql');
    const dump = await firstInstalled(['mysqldump', 'mariadb-dump']);
    await run('sh', [
      '-c',
      `"$0" "$@" > '${dumpFile}'`,
      dump,
      ...clientArgs(sourceUrl),
      '--single-transaction',
      '--routines',
      '--triggers',
      parseDatabaseUrl(sourceUrl).database,
    ]);
    expect((await fs.stat(dumpFile)).size).to.be.greaterThan(1000);

    await ensureDatabase(restoredUrl);
    const mysql = await firstInstalled(['mysql', 'mariadb']);
    const restore = spawn(mysql, [...clientArgs(restoredUrl), parseDatabaseUrl(restoredUrl).database], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    restore.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createReadStream(dumpFile).pipe(restore.stdin);
    const code = await new Promise<number | null>((resolve) => restore.once('exit', resolve));
    expect(code, stderr).to.equal(0);

    // The original is gone: every answer below comes from the restored database alone.
    await dropDatabase(sourceUrl);
    const fromRestored = await answers(restoredUrl, seed);
    expect(fromRestored).to.deep.equal(original);

    const restored = createDb(restoredUrl, 1);
    try {
      expect(await restored.migrate.currentVersion()).to.equal(migrationVersion);
      const [completed, pending] = (await restored.migrate.list()) as [unknown[], unknown[]];
      expect(completed.length).to.be.greaterThan(0);
      expect(pending, 'migrations left to run on the restored database').to.deep.equal([]);
    } finally {
      await restored.destroy();
    }
  });
});
