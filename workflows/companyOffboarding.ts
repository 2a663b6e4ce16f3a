import { continueAsNew, defineQuery, proxyActivities, setHandler, sleep, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { FileColumns, OffboardingRemoved } from '../activities/companyOffboarding';
import { companyOffboardingActivityProfiles } from './activityProfiles';

// A company's offboarding, started by `admin company:delete` under workflowIds.companyOffboarding
// (docs/security.md, "Offboarding a company"). In order: its credentials stop working; its running work
// is cancelled; its stored files, its rows in every table and its Temporal runs are deleted; the record
// in company_offboardings says what went. Every step is an idempotent activity retried without limit,
// so after a worker crash the run resumes at the step it was in; a long offboarding continues as new
// with where it was. This run carries no CompanyId search attribute: it is not one of the runs it deletes.

const bookkeeping = proxyActivities<Activities>(companyOffboardingActivityProfiles.bookkeeping);
const purge = proxyActivities<Activities>(companyOffboardingActivityProfiles.purge);
const waiting = proxyActivities<Activities>(companyOffboardingActivityProfiles.waiting);

export type OffboardingPhase = 'credentials' | 'draining' | 'cancel' | 'files' | 'rows' | 'runs' | 'done';

export interface CompanyOffboardingInput {
  companyId: string;
  /** Set when continuing as new: where the offboarding was and what it had removed. */
  resume?: { phase: OffboardingPhase; removed: OffboardingRemoved; fileSource: number; after: string | null };
}

export interface CompanyOffboardingProgress {
  phase: OffboardingPhase;
  step: string;
  removed: OffboardingRemoved;
}

/** `temporal workflow query --workflow-id company-offboarding-<companyId> --type status` */
export const companyOffboardingStatusQuery = defineQuery<CompanyOffboardingProgress>('status');

const STEPS: Record<OffboardingPhase, string> = {
  credentials: 'Closing API keys and bearer tokens',
  draining: 'Waiting for API processes to drop cached keys',
  cancel: 'Cancelling running work',
  files: 'Deleting stored files',
  rows: 'Deleting rows',
  runs: 'Deleting Temporal runs',
  done: 'Done',
};

export async function companyOffboarding(input: CompanyOffboardingInput): Promise<OffboardingRemoved> {
  const { companyId } = input;
  // The record answers what was removed so far: nothing for a new offboarding.
  const removed: OffboardingRemoved =
    input.resume?.removed ?? (await bookkeeping.beginCompanyOffboarding(companyId, workflowInfo().workflowId));
  let phase: OffboardingPhase = input.resume?.phase ?? 'credentials';
  setHandler(companyOffboardingStatusQuery, () => ({ phase, step: STEPS[phase], removed: { ...removed } }));

  const enter = async (next: OffboardingPhase): Promise<void> => {
    phase = next;
    await bookkeeping.saveCompanyOffboardingProgress(companyId, STEPS[next], removed, next === 'done');
  };

  if (!input.resume) await enter('credentials');

  if (phase === 'credentials') {
    const closed = await bookkeeping.closeCompanyCredentials(companyId);
    removed.credentialsRevoked += closed.revoked;
    await enter('draining');
    // An API process may still honour a key it kept until then; after it no request of the company starts work.
    if (closed.credentialCacheMs > 0) await sleep(closed.credentialCacheMs);
    await enter('cancel');
  }

  if (phase === 'cancel') {
    const stopped = await waiting.cancelCompanyWorkflows(companyId);
    removed.workflowsCancelled += stopped.cancelled;
    removed.workflowsTerminated += stopped.terminated;
    await enter('files');
  }

  if (phase === 'files') {
    const sources: FileColumns[] = await bookkeeping.companyFileSources();
    let after = input.resume?.phase === 'files' ? input.resume.after : null;
    for (let i = input.resume?.phase === 'files' ? input.resume.fileSource : 0; i < sources.length; i += 1) {
      do {
        const batch = await purge.deleteCompanyFilesBatch(companyId, sources[i], after);
        removed.files += batch.files;
        after = batch.next;
        if (after !== null && workflowInfo().continueAsNewSuggested)
          await continueAsNew<typeof companyOffboarding>({
            companyId,
            resume: { phase, removed, fileSource: i, after },
          });
      } while (after !== null);
    }
    await enter('rows');
  }

  if (phase === 'rows') {
    // The plan is read again after continuing as new; deleting is idempotent, tables already empty take one call.
    for (const step of await bookkeeping.companyDeletionPlan()) {
      for (;;) {
        const deleted = await bookkeeping.deleteCompanyRowsBatch(companyId, step);
        if (deleted === 0) break;
        removed.rows[step.table] = (removed.rows[step.table] ?? 0) + deleted;
        if (workflowInfo().continueAsNewSuggested)
          await continueAsNew<typeof companyOffboarding>({
            companyId,
            resume: { phase, removed, fileSource: 0, after: null },
          });
      }
    }
    await enter('runs');
  }

  if (phase === 'runs') {
    removed.workflowRuns += await waiting.deleteCompanyWorkflowRuns(companyId);
    await enter('done');
  }
  return removed;
}
