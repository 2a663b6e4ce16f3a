import type { Command } from 'commander';
import { durationMs } from '../../common/config';
import { createApiKey, createBearerToken, revokeApiKey } from '../../db/queries/credentials';
import { name, uuid } from '../options';
import { CliError, runCommand } from '../run';
import { requireCompany } from './companies';

export function registerCredentialCommands(program: Command): void {
  program
    .command('apikey:create')
    .description('Issue an API key for a company. The key is printed once and stored only hashed.')
    .requiredOption('--company <companyId>', 'company id', uuid)
    .option('--name <label>', 'a label for the key (e.g. the integration using it)', name)
    .action((opts: { company: string; name?: string }) =>
      runCommand(async ({ db }) => {
        await requireCompany(db, opts.company);
        const { id, key } = await createApiKey(db, opts.company, opts.name ?? null);
        return { id, key };
      }),
    );

  program
    .command('apikey:revoke')
    .description('Revoke an API key; requests using it get 401 from then on.')
    .requiredOption('--id <apiKeyId>', 'API key id (as printed by apikey:create)', uuid)
    .action((opts: { id: string }) =>
      runCommand(async ({ db }) => {
        if (!(await revokeApiKey(db, opts.id))) throw new CliError(`API key ${opts.id} was not found or is already revoked.`);
        return { id: opts.id, revoked: true };
      }),
    );

  program
    .command('token:create')
    .description('Issue a bearer token for a company (for GET /api/company/get-active-user-count); it expires after BEARER_TOKEN_TTL.')
    .requiredOption('--company <companyId>', 'company id', uuid)
    .action((opts: { company: string }) =>
      runCommand(async ({ db, config }) => {
        await requireCompany(db, opts.company);
        const token = await createBearerToken(db, opts.company, durationMs(config.BEARER_TOKEN_TTL));
        return { accessToken: token.accessToken, expiresAt: token.expiresAt.toISOString() };
      }),
    );
}
