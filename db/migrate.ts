import { loadConfig } from '../common/config';
import { createDb, ensureDatabase, parseDatabaseUrl } from './connection';
import { describeDatabaseFailure } from './databaseFailure';

// `tsx db/migrate.ts latest|rollback|status`: creates the database if needed and runs Knex migrations.
let databaseUrl: string | undefined;

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'latest';
  const config = loadConfig();
  databaseUrl = config.DATABASE_URL;
  await ensureDatabase(config.DATABASE_URL);
  // Failures are printed once, as one line (describe below), not also by knex with a stack.
  const quiet = { warn: () => undefined, error: () => undefined };
  const db = createDb(config.DATABASE_URL, 1, quiet);
  try {
    if (command === 'latest') {
      const [, applied] = await db.migrate.latest();
      console.log(JSON.stringify({ applied }));
    } else if (command === 'rollback') {
      const [, reverted] = await db.migrate.rollback(undefined, true);
      console.log(JSON.stringify({ reverted }));
    } else if (command === 'status') {
      const [done, pending] = await db.migrate.list();
      console.log(JSON.stringify({ done: done.length, pending: pending.length }));
    } else {
      throw new Error(`unknown command ${command}; use latest, rollback or status`);
    }
  } finally {
    await db.destroy();
  }
}

/** A driver's error as one line naming the database, its TLS settings and the server's answer; others as they are. */
function describe(err: unknown): string {
  const driverError = typeof err === 'object' && err !== null && ('code' in err || 'sqlMessage' in err);
  if (!databaseUrl || !driverError) return err instanceof Error ? err.message : String(err);
  try {
    return describeDatabaseFailure(err, parseDatabaseUrl(databaseUrl));
  } catch {
    return describeDatabaseFailure(err, undefined);
  }
}

main().catch((err: unknown) => {
  console.error(describe(err));
  process.exit(1);
});
