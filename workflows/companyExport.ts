import { ActivityFailure, log, proxyActivities, uuid4 } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { ExportEnd } from '../activities/companyExport';
import type { KindWritten } from '../activities/companyExport/pages';
import type { WebhookEvent } from '../common/webhookEvents';
import { companyExportActivityProfiles } from './activityProfiles';
import { failureMessage } from './failureReason';
import { notifyWebhooks } from './webhookNotify';

// A company export, started by POST /api/exports (common/workflowStarts/companyExport.ts). The kinds are
// written one after the other, each by one heartbeating activity that stores its pages as parts; a kind
// that completed is in this history, so after a worker's death the run resumes at the kind it was in,
// and that kind's activity at the page it was on (its last heartbeat). Then the parts become one archive,
// the row is completed, and the requesting company's endpoints are told (export.completed / .failed).
// Only ids, counts and sizes pass through here.

const bookkeeping = proxyActivities<Activities>(companyExportActivityProfiles.bookkeeping);
const pages = proxyActivities<Activities>(companyExportActivityProfiles.pages);
const archive = proxyActivities<Activities>(companyExportActivityProfiles.archive);

export interface CompanyExportInput {
  exportId: string;
}

export type CompanyExportOutcome = ExportEnd['status'];

export async function companyExport(input: CompanyExportInput): Promise<CompanyExportOutcome> {
  const { exportId } = input;
  const plan = await bookkeeping.beginCompanyExport.executeWithOptions({ summary: 'Count what to export' }, [exportId]);
  if (!plan) return 'withdrawn';
  const kindNames = plan.kinds.map((k) => k.name);
  let end: ExportEnd;
  try {
    const written: KindWritten[] = [];
    for (const kind of plan.kinds) {
      written.push(
        await pages.exportCompanyKind.executeWithOptions({ summary: `Write ${kind.name} (${kind.total})` }, [
          exportId,
          kind.name,
        ]),
      );
    }
    const stored = await archive.assembleCompanyExport.executeWithOptions({ summary: 'Write the archive' }, [
      exportId,
      written,
    ]);
    end = await bookkeeping.finishCompanyExport.executeWithOptions({ summary: 'Complete the export' }, [
      exportId,
      stored,
      kindNames,
    ]);
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    const reason = `The export failed: ${failureMessage(err)}`;
    log.warn('export failed', { exportId, reason });
    end = await bookkeeping.failCompanyExport.executeWithOptions({ summary: 'Record the failure' }, [
      exportId,
      reason,
      kindNames,
    ]);
  }
  if (end.status !== 'withdrawn') {
    // uuid4() is seeded by the workflow: the same event id on replay and on every delivery retry.
    const event: WebhookEvent = {
      id: uuid4(),
      type: end.status === 'completed' ? 'export.completed' : 'export.failed',
      createdAt: new Date().toISOString(),
      data: end.data,
    };
    await notifyWebhooks(plan.requestedByCompanyId, event);
  }
  return end.status;
}
