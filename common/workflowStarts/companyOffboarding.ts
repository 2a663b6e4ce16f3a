import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError, type Priority } from '@temporalio/common';
import type { companyOffboarding } from '../../workflows/companyOffboarding';
import type { Config } from '../config';
import { workflowIds } from '../temporal';

// The one start of a company's offboarding (`admin company:delete`). Unlike every other run of the
// company it carries no CompanyId search attribute: it deletes the runs that do, and it is what is kept.

export interface OffboardingStartOptions {
  /** Temporal priority of the run (the fairness helpers of common/workflowStarts/ compute it). */
  priority?: Priority;
}

/** Starts the offboarding; false when one for this company is running or has finished. */
export async function startCompanyOffboarding(
  temporal: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  companyId: string,
  options: OffboardingStartOptions = {},
): Promise<boolean> {
  try {
    await temporal.workflow.start<typeof companyOffboarding>('companyOffboarding', {
      workflowId: workflowIds.companyOffboarding(companyId),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      // One offboarding per company: a running or finished one is not started again; a terminated one may be.
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
      args: [{ companyId }],
      staticSummary: `Offboarding of company ${companyId}`,
      ...(options.priority ? { priority: options.priority } : {}),
    });
    return true;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw err;
  }
}
