import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { companyOffboarding } from '../../workflows/companyOffboarding';
import type { Config } from '../config';
import { workflowIds } from '../temporal';
import { companyPriority, type CompanyFairness } from './priority';

// The one start of a company's offboarding (`admin company:delete`). Unlike every other run of the
// company it carries no CompanyId search attribute: it deletes the runs that do, and it is what is kept. It
// queues under the company's own fairness key, so one company leaving never holds up another's work.

/** Starts the offboarding; false when one for this company is running or has finished. */
export async function startCompanyOffboarding(
  temporal: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  company: CompanyFairness,
): Promise<boolean> {
  const companyId = company.id;
  try {
    await temporal.workflow.start<typeof companyOffboarding>('companyOffboarding', {
      workflowId: workflowIds.companyOffboarding(companyId),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      // One offboarding per company: a running or finished one is not started again; a terminated one may be.
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
      args: [{ companyId }],
      staticSummary: `Offboarding of company ${companyId}`,
      priority: companyPriority(company),
    });
    return true;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw err;
  }
}
