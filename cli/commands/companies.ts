import type { Command } from 'commander';
import { createCompany, getCompany } from '../../db/queries/companies';
import { name, uuid } from '../options';
import { CliError, runCommand } from '../run';

export function registerCompanyCommands(program: Command): void {
  program
    .command('company:create')
    .description('Create a company; with --parent it becomes a direct child of that company.')
    .requiredOption('--name <name>', 'company name', name)
    .option('--parent <companyId>', 'parent company id', uuid)
    .action((opts: { name: string; parent?: string }) =>
      runCommand(async ({ db }) => {
        if (opts.parent && !(await getCompany(db, opts.parent)))
          throw new CliError(`Parent company ${opts.parent} was not found.`);
        const company = await createCompany(db, opts.name, opts.parent ?? null);
        return { id: company.id };
      }),
    );
}

/** Fails with a clear message when the company does not exist (rather than a foreign key error). */
export async function requireCompany(db: Parameters<typeof getCompany>[0], companyId: string): Promise<void> {
  if (!(await getCompany(db, companyId))) throw new CliError(`Company ${companyId} was not found.`);
}
