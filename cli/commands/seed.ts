import type { Command } from 'commander';
import { seedDemo } from '../../db/seeds/demo';
import { runCommand } from '../run';

export function registerSeedCommand(program: Command): void {
  program
    .command('seed')
    .description(
      'Create a demo parent company with a child company, teams, users, roleplays, sessions and scripts; prints their ids and API keys.',
    )
    .action(() =>
      runCommand(async ({ db, config }) => {
        const seed = await db.transaction((trx) => seedDemo(trx));
        // The parent's key is the one to try first: it sees its own data and can scope to the child.
        return { apiKey: seed.parentCompany.apiKey, apiUrl: config.PUBLIC_URL, ...seed };
      }),
    );
}
