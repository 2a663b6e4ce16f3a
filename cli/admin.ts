import { Command } from 'commander';
import { registerCompanyCommands } from './commands/companies';
import { registerCompanyOffboardingCommands } from './commands/companyOffboarding';
import { registerCredentialCommands } from './commands/credentials';
import { registerPeopleCommands } from './commands/people';
import { registerSeedCommand } from './commands/seed';
import { registerTemporalCommands } from './commands/temporal';
import { registerWebhookSecretCommands } from './commands/webhookSecrets';

// The operators' admin CLI: `npm run --silent admin -- <command>`. Every command prints JSON on stdout;
// failures print `error: ...` on stderr and exit with code 1. It expects a migrated database
// (npm run migrate) and reads DATABASE_URL and the other settings from the environment.
const program = new Command()
  .name('admin')
  .description(
    'Sales Practice Service administration: companies, API keys, bearer tokens, teams, users, demo data, Temporal setup.',
  )
  .showHelpAfterError('(run with --help for usage)');

registerCompanyCommands(program);
registerCompanyOffboardingCommands(program);
registerCredentialCommands(program);
registerPeopleCommands(program);
registerSeedCommand(program);
registerTemporalCommands(program);
registerWebhookSecretCommands(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
