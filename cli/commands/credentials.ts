import { InvalidArgumentError, type Command } from 'commander';
import { durationMs } from '../../common/config';
import { isScope, SCOPES, type Scope } from '../../common/scopes';
import { createApiKey, createBearerToken, revokeApiKey } from '../../db/queries/credentials';
import { name, uuid } from '../options';
import { CliError, runCommand } from '../run';
import { requireCompany } from './companies';

/** `a,b,c` → scopes; an unknown one is refused naming it. */
function scopeList(value: string): Scope[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const unknown = parts.filter((p) => !isScope(p));
  if (parts.length === 0) throw new InvalidArgumentError('name at least one scope.');
  if (unknown.length > 0)
    throw new InvalidArgumentError(`unknown scope ${unknown.join(', ')}; scopes are ${SCOPES.join(', ')}.`);
  return [...new Set(parts)].filter(isScope);
}

export function registerCredentialCommands(program: Command): void {
  program
    .command('apikey:create')
    .description('Issue an API key for a company. The key is printed once and stored only hashed.')
    .requiredOption('--company <companyId>', 'company id', uuid)
    .option('--name <label>', 'a label for the key (e.g. the integration using it)', name)
    .option('--scopes <scopes>', `comma-separated scopes (default: every scope): ${SCOPES.join(', ')}`, scopeList)
    .action((opts: { company: string; name?: string; scopes?: Scope[] }) =>
      runCommand(async ({ db }) => {
        await requireCompany(db, opts.company);
        const scopes = opts.scopes ?? [...SCOPES];
        const { id, key } = await createApiKey(db, opts.company, opts.name ?? null, scopes);
        return { id, key, scopes: SCOPES.filter((s) => scopes.includes(s)) };
      }),
    );

  program
    .command('apikey:revoke')
    .description('Revoke an API key; requests using it get 401 from then on.')
    .requiredOption('--id <apiKeyId>', 'API key id (as printed by apikey:create)', uuid)
    .action((opts: { id: string }) =>
      runCommand(async ({ db }) => {
        if (!(await revokeApiKey(db, opts.id)))
          throw new CliError(`API key ${opts.id} was not found or is already revoked.`);
        return { id: opts.id, revoked: true };
      }),
    );

  program
    .command('token:create')
    .description(
      'Issue a bearer token for a company (for GET /api/company/get-active-user-count); it expires after BEARER_TOKEN_TTL.',
    )
    .requiredOption('--company <companyId>', 'company id', uuid)
    .action((opts: { company: string }) =>
      runCommand(async ({ db, config }) => {
        await requireCompany(db, opts.company);
        const token = await createBearerToken(db, opts.company, durationMs(config.BEARER_TOKEN_TTL));
        return { accessToken: token.accessToken, expiresAt: token.expiresAt.toISOString() };
      }),
    );
}
