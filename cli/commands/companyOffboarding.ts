import type { Command } from 'commander';
import { WorkflowNotFoundError } from '@temporalio/common';
import { workflowIds } from '../../common/temporal';
import { connectionFailureReason, temporalConnection } from '../../common/temporalConnection';
import { createTemporalClient } from '../../common/temporalClient';
import { startCompanyOffboarding } from '../../common/workflowStarts/companyOffboarding';
import { getCompany } from '../../db/queries/companies';
import {
  getCompanyOffboarding,
  markOffboardingUnlessParent,
  withdrawOffboardingMark,
} from '../../db/queries/companyOffboardings';
import { uuid } from '../options';
import { CliError, runCommand } from '../run';

// Offboarding a company (docs/security.md, "Offboarding a company"): `company:delete` checks what the
// operator asked for and starts the workflow (workflows/companyOffboarding.ts); `company:delete-status`
// reads its record, the one thing kept of the company.

export function registerCompanyOffboardingCommands(program: Command): void {
  program
    .command('company:delete')
    .description(
      "Offboard a company: its keys and tokens stop working, its running work is cancelled, then all its rows, stored files and Temporal runs are deleted, by a durable workflow. Asks for the company's exact name; a company with child companies is refused. Progress: company:delete-status.",
    )
    .argument('<companyId>', 'company id', uuid)
    .requiredOption('--confirm <name>', "the company's exact name, to confirm")
    .action((companyId: string, opts: { confirm: string }) =>
      runCommand(async ({ db, config }) => {
        const company = await getCompany(db, companyId);
        if (!company) {
          const record = await getCompanyOffboarding(db, companyId);
          if (record?.completedAt)
            throw new CliError(`Company ${companyId} was offboarded at ${record.completedAt.toISOString()}.`);
          throw new CliError(`Company ${companyId} was not found.`);
        }
        if (opts.confirm !== company.name)
          throw new CliError(
            `The confirmation does not match: pass --confirm with the company's exact name (${JSON.stringify(company.name)}). Nothing was changed.`,
          );
        // Marked here, with the children check, so that no child can be added in between (see the query).
        const mark = await markOffboardingUnlessParent(db, companyId, new Date());
        if (mark.kind === 'gone') throw new CliError(`Company ${companyId} was not found.`);
        if (mark.kind === 'parent')
          throw new CliError(
            `Company ${companyId} has child companies: ${mark.children.map((c) => `${c.name} (${c.id})`).join(', ')}. Offboard them first; nothing was changed.`,
          );
        const temporal = createTemporalClient(config);
        try {
          const started = await startCompanyOffboarding(temporal, config, company).catch(async (err: unknown) => {
            if (mark.fresh) await withdrawOffboardingMark(db, companyId, mark.at);
            throw new CliError(
              `Could not start the offboarding on Temporal at ${temporalConnection(config).description}: ${connectionFailureReason(err)}. Nothing was changed.`,
            );
          });
          return {
            companyId,
            workflowId: workflowIds.companyOffboarding(companyId),
            started,
            ...(started ? {} : { message: 'An offboarding of this company is already running.' }),
          };
        } finally {
          await temporal.connection.close();
        }
      }),
    );

  program
    .command('company:delete-status')
    .description("A company offboarding's progress: the step it is at, what it removed by kind, its workflow's status.")
    .argument('<companyId>', 'company id', uuid)
    .action((companyId: string) =>
      runCommand(async ({ db, config }) => {
        const record = await getCompanyOffboarding(db, companyId);
        if (!record) throw new CliError(`No offboarding of company ${companyId} was started.`);
        const temporal = createTemporalClient(config);
        let workflowStatus: string;
        try {
          workflowStatus = (await temporal.workflow.getHandle(record.workflowId).describe()).status.name;
        } catch (err) {
          // Past the namespace's retention the run is gone; the record still answers.
          if (!(err instanceof WorkflowNotFoundError)) throw err;
          workflowStatus = 'NOT_FOUND';
        } finally {
          await temporal.connection.close();
        }
        return {
          companyId,
          step: record.step,
          done: record.completedAt !== null,
          requestedAt: record.requestedAt.toISOString(),
          completedAt: record.completedAt?.toISOString() ?? null,
          removed: record.removed,
          workflowId: record.workflowId,
          workflowStatus,
        };
      }),
    );
}
