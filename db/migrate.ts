import { loadConfig } from '../common/config';
import { createDb, ensureDatabase } from './connection';

// `tsx db/migrate.ts latest|rollback|status`: creates the database if needed and runs Knex migrations.
async function main(): Promise<void> {
  const command = process.argv[2] ?? 'latest';
  const config = loadConfig();
  await ensureDatabase(config.DATABASE_URL);
  const db = createDb(config.DATABASE_URL, 1);
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

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
