import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError, type Priority } from '@temporalio/common';
import type { companyExport } from '../../workflows/companyExport';
import type { Config } from '../config';
import { searchAttributes, workflowIds } from '../temporal';

// The one start of a company export's workflow (POST /api/exports, api/commands/exports.ts).

type StartConfig = Pick<Config, 'TEMPORAL_TASK_QUEUE'>;

export interface ExportToStart {
  exportId: string;
  /** The company exported: its id is the run's CompanyId (an offboarding finds its runs by it). */
  companyId: string;
}

export interface ExportStartOptions {
  /** Temporal priority and fairness of the run (the company's fairness key), when the caller has it. */
  priority?: Priority;
}

/**
 * Starts `company-export-<exportId>`; a start that finds it started (an idempotent retry taking over)
 * counts as started. REJECT_DUPLICATE: an export's id is never run twice.
 */
export async function startCompanyExport(
  temporal: Client,
  config: StartConfig,
  toStart: ExportToStart,
  options: ExportStartOptions = {},
): Promise<void> {
  try {
    await temporal.workflow.start<typeof companyExport>('companyExport', {
      workflowId: workflowIds.companyExport(toStart.exportId),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [{ exportId: toStart.exportId }],
      typedSearchAttributes: [{ key: searchAttributes.CompanyId, value: toStart.companyId }],
      staticSummary: `Export ${toStart.exportId} · company ${toStart.companyId}`,
      ...(options.priority ? { priority: options.priority } : {}),
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    throw err;
  }
}
