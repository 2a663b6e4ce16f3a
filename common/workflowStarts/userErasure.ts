import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { userErasure } from '../../workflows/userErasure';
import type { Config } from '../config';
import { searchAttributes, workflowIds } from '../temporal';
import { companyPriority, type CompanyFairness } from './priority';

// The one start of a person's erasure (api/commands/userErasure.ts; docs/security.md, "Erasure of a person").

type StartConfig = Pick<Config, 'TEMPORAL_TASK_QUEUE'>;

/**
 * Starts `user-erasure-<companyId>-<userId>`; true when this call started it. ALLOW_DUPLICATE_FAILED_ONLY: a
 * running or completed erasure is never run again (false), while one that was terminated or failed can be
 * started afresh by asking again.
 */
export async function startUserErasure(
  temporal: Client,
  config: StartConfig,
  company: CompanyFairness,
  userId: string,
): Promise<boolean> {
  try {
    await temporal.workflow.start<typeof userErasure>('userErasure', {
      workflowId: workflowIds.userErasure(company.id, userId),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
      args: [{ companyId: company.id, userId }],
      typedSearchAttributes: [
        { key: searchAttributes.CompanyId, value: company.id },
        { key: searchAttributes.UserId, value: userId },
      ],
      staticSummary: `Erasure of user ${userId} · company ${company.id}`,
      priority: companyPriority(company),
    });
    return true;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw err;
  }
}
