import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { loadConfig, type Config } from '../../common/config';
import { createLogger } from '../../common/logger';
import { createDb, dropDatabase, ensureDatabase } from '../../db/connection';
import { startTemporalDevServer, type TemporalDevServer } from './temporalServer';

// One database and one Temporal dev server for the whole test run, created by the root hooks.

interface TestEnv {
  config: Config;
  db: Knex;
  temporal: TemporalDevServer;
}

let current: TestEnv | undefined;

export function testEnv(): TestEnv {
  if (!current) throw new Error('test environment not started (root hooks did not run)');
  return current;
}

/** Configuration for the test run; overrides win over the defaults. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...testEnv().config, ...overrides };
}

// The test stacks' logger. Errors are held and printed only under a test that failed (rootHooks.ts): CI then
// shows why a request answered 500, and passing runs stay quiet. TEST_LOG_LEVEL prints at that level as it happens.
const held: string[] = [];
const HELD_LINES = 200;
const holding = {
  write: (line: string): void => {
    held.push(line);
    if (held.length > HELD_LINES) held.shift();
  },
};
export const testLogger = process.env.TEST_LOG_LEVEL
  ? createLogger(process.env.TEST_LOG_LEVEL, 'test')
  : createLogger('error', 'test', holding);

/** The error lines held since the last call (the root hooks print them when a test failed). */
export function takeHeldLogLines(): string[] {
  return held.splice(0);
}

export async function startTestEnv(): Promise<void> {
  const base = process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/sales_practice';
  const url = new URL(base);
  url.pathname = `/sp_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = url.toString();
  const [temporal] = await Promise.all([
    startTemporalDevServer(),
    (async () => {
      await ensureDatabase(databaseUrl);
      const migrator = createDb(databaseUrl, 1);
      try {
        await migrator.migrate.latest();
      } finally {
        await migrator.destroy();
      }
    })(),
  ]);
  const config = loadConfig(
    {},
    {
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: `test-${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'silent',
      OUTBOUND_ALLOW_PRIVATE: true,
      // A key of this run's own: every payload the tests send through Temporal is encrypted, as in production.
      TEMPORAL_PAYLOAD_KEYS: `test-${randomBytes(3).toString('hex')}:${randomBytes(32).toString('base64')}`,
    },
  );
  current = { config, db: createDb(databaseUrl, 10), temporal };
}

export async function stopTestEnv(): Promise<void> {
  if (!current) return;
  const { db, temporal, config } = current;
  current = undefined;
  await db.destroy();
  await temporal.stop();
  if (!process.env.TEST_KEEP_DATABASE) await dropDatabase(config.DATABASE_URL);
}
