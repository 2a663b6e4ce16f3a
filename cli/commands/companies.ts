import type { Command } from 'commander';
import { companyCounts } from '../../db/queries/companyOverview';
import {
  createCompany,
  getCompany,
  updateCompanySettings,
  type CompanySettingsUpdate,
} from '../../db/queries/companies';
import { name, uuid } from '../options';
import { CliError, runCommand } from '../run';
import { COMPANY_SETTINGS, settingsOf } from './companySettings';

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

  program
    .command('company:show')
    .description('Print a company: its settings, its parent and its counts (users, keys, recordings, …) as JSON.')
    .argument('<companyId>', 'company id', uuid)
    .action((companyId: string) => runCommand(async ({ db }) => showCompany(db, companyId)));

  const set = program
    .command('company:set')
    .description(
      "Change a company's settings (at least one option); prints the company as company:show does. " +
        'API processes read them within CREDENTIAL_CACHE_TTL; workflows already started keep what they started with; recordings submitted afterwards follow the redaction default.',
    )
    .argument('<companyId>', 'company id', uuid);
  for (const setting of COMPANY_SETTINGS) set.option(setting.flags, setting.description, setting.parse);
  set.action((companyId: string, opts: Record<string, number | string | boolean | undefined>) =>
    runCommand(async ({ db }) => {
      const update: CompanySettingsUpdate = {};
      for (const setting of COMPANY_SETTINGS) {
        const value = opts[setting.key];
        if (value !== undefined) update[setting.column] = value;
      }
      if (Object.keys(update).length === 0)
        throw new CliError(
          `Nothing to change: give at least one of ${COMPANY_SETTINGS.map((s) => s.flags).join(', ')}.`,
        );
      if (!(await updateCompanySettings(db, companyId, update)))
        throw new CliError(`Company ${companyId} was not found.`);
      return showCompany(db, companyId);
    }),
  );
}

async function showCompany(db: Parameters<typeof getCompany>[0], companyId: string): Promise<unknown> {
  const company = await getCompany(db, companyId);
  if (!company) throw new CliError(`Company ${companyId} was not found.`);
  const parent = company.parentCompanyId ? await getCompany(db, company.parentCompanyId) : undefined;
  return {
    id: company.id,
    name: company.name,
    createdAt: company.createdAt.toISOString(),
    settings: settingsOf(company),
    parent: parent ? { id: parent.id, name: parent.name } : null,
    counts: await companyCounts(db, company.id),
  };
}

/** Fails with a clear message when the company does not exist (rather than a foreign key error). */
export async function requireCompany(db: Parameters<typeof getCompany>[0], companyId: string): Promise<void> {
  if (!(await getCompany(db, companyId))) throw new CliError(`Company ${companyId} was not found.`);
}
