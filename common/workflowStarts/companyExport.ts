import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { companyExport } from '../../workflows/companyExport';
import type { Config } from '../config';
import { searchAttributes, workflowIds } from '../temporal';
import { companyPriority, type CompanyFairness } from './priority';

// The one start of a company export's workflow (POST /api/exports, api/commands/exports.ts).

type StartConfig = Pick<Config, 'TEMPORAL_TASK_QUEUE'>;

export interface ExportToStart {
  exportId: string;
  /** The company exported: its id is the run's CompanyId (an offboarding finds its runs by it). */
  companyId: string;
}

/**
 * Starts `company-export-<exportId>`; a start that finds it started (an idempotent retry taking over)
 * counts as started. REJECT_DUPLICATE: an export's id is never run twice.
 */
export async function startCompanyExport(
  temporal: Client,
  config: StartConfig,
  company: CompanyFairness,
  toStart: ExportToStart,
): Promise<void> {
  try {
    await temporal.workflow.start<typeof companyExport>('companyExport', {
      workflowId: workflowIds.companyExport(toStart.exportId),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [{ exportId: toStart.exportId }],
      typedSearchAttributes: [{ key: searchAttributes.CompanyId, value: toStart.companyId }],
      staticSummary: `Export ${toStart.exportId} · company ${toStart.companyId}`,
      priority: companyPriority(company),
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    throw err;
  }
}
