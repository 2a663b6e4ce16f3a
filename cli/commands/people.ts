import { Option, type Command } from 'commander';
import type { StoredRole } from '../../common/roles';
import { createTeam, ensureIntegrationTeam, getTeam } from '../../db/queries/teams';
import { isDuplicateEntry } from '../../db/connection';
import { createUser } from '../../db/queries/users';
import { email, name, uuid } from '../options';
import { CliError, runCommand } from '../run';
import { requireCompany } from './companies';

const ROLES: StoredRole[] = ['Rep', 'Manager', 'Integration'];

interface UserOptions {
  company: string;
  email: string;
  firstName: string;
  lastName?: string;
  role: StoredRole;
  team?: string;
  externalId?: string;
}

export function registerPeopleCommands(program: Command): void {
  program
    .command('team:create')
    .description('Create a team in a company.')
    .requiredOption('--company <companyId>', 'company id', uuid)
    .requiredOption('--name <name>', 'team name', name)
    .action((opts: { company: string; name: string }) =>
      runCommand(async ({ db }) => {
        await requireCompany(db, opts.company);
        const team = await createTeam(db, opts.company, opts.name);
        return { id: team.id };
      }),
    );

  program
    .command('user:create')
    .description("Create an active user. An Integration user without --team joins the company's Integration team.")
    .requiredOption('--company <companyId>', 'company id', uuid)
    .requiredOption('--email <email>', 'email address (unique in the company)', email)
    .requiredOption('--first-name <firstName>', 'first name', name)
    .option('--last-name <lastName>', 'last name', name)
    .addOption(new Option('--role <role>', 'stored role').choices(ROLES).makeOptionMandatory())
    .option('--team <teamId>', 'team id (a team of the same company)', uuid)
    .option('--external-id <externalId>', 'external identifier (unique in the company)', name)
    .action((opts: UserOptions) =>
      runCommand(async ({ db }) => {
        await requireCompany(db, opts.company);
        return db.transaction(async (trx) => {
          let teamId: string | null = opts.team ?? null;
          if (teamId && !(await getTeam(trx, opts.company, teamId)))
            throw new CliError(`Team ${teamId} was not found in company ${opts.company}.`);
          if (!teamId && opts.role === 'Integration') teamId = (await ensureIntegrationTeam(trx, opts.company)).id;
          const user = await createUser(trx, {
            companyId: opts.company,
            email: opts.email,
            firstName: opts.firstName,
            lastName: opts.lastName ?? null,
            role: opts.role,
            teamId,
            externalId: opts.externalId ?? null,
          }).catch((err: unknown) => {
            throw isDuplicateEntry(err) ? duplicateUser(err, opts) : err;
          });
          return { id: user.id };
        });
      }),
    );
}

/** Names the clashing value: the (company, external_id) and (company, email) unique keys. */
function duplicateUser(err: unknown, opts: UserOptions): CliError {
  const sqlMessage = (err as { sqlMessage?: unknown }).sqlMessage;
  const which = typeof sqlMessage === 'string' ? sqlMessage : '';
  if (which.includes('external_id'))
    return new CliError(`A user with external id ${opts.externalId} already exists in company ${opts.company}.`);
  return new CliError(`A user with email ${opts.email} already exists in company ${opts.company}.`);
}
