import {
  ApplicationFailure,
  continueAsNew,
  defineQuery,
  deprecatePatch,
  getExternalWorkflowHandle,
  log,
  patched,
  proxyActivities,
  setHandler,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { ErasureBatch } from '../activities/userErasure';
import { workflowIds } from '../common/temporal';
import type { UserErasedData, WebhookEvent } from '../common/webhookEvents';
import { userErasureActivityProfiles } from './activityProfiles';
import { notifyWebhooks } from './webhookNotify';

// Erasure of a person, started by POST /api/user/{userId}/erase under workflowIds.userErasure. Every
// step is an idempotent activity retried without limit (a database or storage outage pauses the
// erasure, it never half-finishes it), so after a worker crash the run resumes at the step it was in.
// Only ids, counts and times pass through here: this history outlives the person's data. A person with
// very many recordings or sessions continues as new between two batches when Temporal suggests it, with
// where the erasure was and what it counted, so no run's history nears Temporal's limits.

// Database steps, purges a batch at a time, the wait for cancelled recordings: workflows/activityProfiles.ts.
const bookkeeping = proxyActivities<Activities>(userErasureActivityProfiles.bookkeeping);
const purge = proxyActivities<Activities>(userErasureActivityProfiles.purge);
const waiting = proxyActivities<Activities>(userErasureActivityProfiles.waiting);

/**
 * Patch id: the erasure deletes every unexpired export archive of the person's company (they hold the
 * person's data; the exports read `withdrawn`). Deprecated: runs that ended without this step were
 * v2026.11.26's, and the supported upgrade starts from v2026.11.27.
 */
export const ERASURE_WITHDRAWS_EXPORTS = 'erasure-withdraws-exports';

/**
 * Patch id: between two batches of recordings or sessions, the erasure continues as new when Temporal
 * suggests it (`continueAsNewSuggested`), carrying its progress in `resume` (issue 50 §3). Older runs erase
 * every batch in one run.
 */
export const ERASURE_CONTINUES_AS_NEW = 'erasure-continues-as-new';

export interface UserErasureInput {
  companyId: string;
  userId: string;
  /** Set when continuing as new: where the erasure was (its earlier steps are done) and what it counted. */
  resume?: UserErasureResume;
}

export interface UserErasureResume {
  requestedAt: string;
  phase: 'recordings' | 'sessions';
  /** The batch to continue after (the id of the last row erased). */
  after: string | null;
  recordingsCancelled: number;
  recordingsErased: number;
  sessionsErased: number;
}

export type UserErasureOutcome = { status: 'erased'; data: UserErasedData } | { status: 'user_not_found' };

export interface UserErasureProgress {
  step: string;
  recordingsCancelled: number;
  recordingsErased: number;
  sessionsErased: number;
}

/** `temporal workflow query --workflow-id user-erasure-<companyId>-<userId> --type status` */
export const userErasureStatusQuery = defineQuery<UserErasureProgress>('status');

/**
 * Runs `step` batch after batch from `start` until the last; `between` is awaited after each batch that
 * has a next one, with the id to continue after (it may continue as new, then it does not return).
 */
async function inBatches(
  start: string | null,
  step: (afterId: string | null) => Promise<ErasureBatch>,
  counted: (count: number) => void,
  between: (next: string) => Promise<void>,
): Promise<void> {
  for (let after: string | null = start; ;) {
    const batch: ErasureBatch = await step(after);
    counted(batch.count);
    if (batch.next === null) return;
    after = batch.next;
    await between(after);
  }
}

/** Steps 2 and 3: cancels the person's recordings in progress and waits until every one has ended. */
async function cancelAndAwaitRecordings(
  companyId: string,
  userId: string,
  progress: UserErasureProgress,
): Promise<void> {
  progress.step = 'Cancelling recordings in progress';
  const inProgress = await bookkeeping.listUserRecordingsInProgress.executeWithOptions(
    { summary: 'List recordings in progress' },
    [companyId, userId],
  );
  for (const recordingId of inProgress) {
    try {
      // The recording's own workflow marks it failed ("Processing was cancelled") and tells its webhooks.
      await getExternalWorkflowHandle(workflowIds.recording(recordingId)).cancel();
    } catch (err) {
      // Closed or never started: the wait below settles the row.
      log.info('recording workflow not cancellable', {
        recordingId,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  progress.recordingsCancelled = inProgress.length;

  progress.step = 'Waiting for cancelled recordings to end';
  await waiting.awaitUserRecordingsEnded.executeWithOptions({ summary: 'Wait for recordings to end' }, [
    companyId,
    userId,
  ]);
}

export async function userErasure(input: UserErasureInput): Promise<UserErasureOutcome> {
  const { companyId, userId, resume } = input;
  const progress: UserErasureProgress = {
    step: 'Recording the request',
    recordingsCancelled: resume?.recordingsCancelled ?? 0,
    recordingsErased: resume?.recordingsErased ?? 0,
    sessionsErased: resume?.sessionsErased ?? 0,
  };
  setHandler(userErasureStatusQuery, () => ({ ...progress }));

  let requestedAt: string;
  if (resume) {
    requestedAt = resume.requestedAt;
  } else {
    const begun = await bookkeeping.beginUserErasure.executeWithOptions({ summary: 'Record the erasure request' }, [
      companyId,
      userId,
    ]);
    if (!begun) {
      log.warn('user to erase not found', { companyId, userId });
      return { status: 'user_not_found' };
    }
    requestedAt = begun.requestedAt;
    await cancelAndAwaitRecordings(companyId, userId, progress);
  }

  // Asked here, before the first batch, so every run past this point holds the marker; a run replayed from
  // before the patch that was already erasing batches takes the old branch and keeps its one long run.
  const mayContinue = patched(ERASURE_CONTINUES_AS_NEW);
  const continueIfSuggested = async (phase: UserErasureResume['phase'], after: string): Promise<void> => {
    if (!mayContinue || !workflowInfo().continueAsNewSuggested) return;
    await continueAsNew<typeof userErasure>({
      companyId,
      userId,
      resume: {
        requestedAt,
        phase,
        after,
        recordingsCancelled: progress.recordingsCancelled,
        recordingsErased: progress.recordingsErased,
        sessionsErased: progress.sessionsErased,
      },
    });
  };

  if (resume?.phase !== 'sessions') {
    progress.step = 'Deleting recordings: media, transcripts, snippets';
    await inBatches(
      resume?.phase === 'recordings' ? resume.after : null,
      (after) =>
        purge.eraseUserRecordingsBatch.executeWithOptions({ summary: 'Erase a batch of recordings' }, [
          companyId,
          userId,
          after,
        ]),
      (count) => {
        progress.recordingsErased += count;
      },
      (next) => continueIfSuggested('recordings', next),
    );
  }
  progress.step = 'Deleting session snippets and media';
  await inBatches(
    resume?.phase === 'sessions' ? resume.after : null,
    (after) =>
      purge.eraseUserSessionsBatch.executeWithOptions({ summary: 'Erase a batch of sessions' }, [
        companyId,
        userId,
        after,
      ]),
    (count) => {
      progress.sessionsErased += count;
    },
    (next) => continueIfSuggested('sessions', next),
  );
  progress.step = 'Forgetting webhook events';
  await bookkeeping.forgetUserWebhookEvents.executeWithOptions({ summary: 'Forget kept webhook events' }, [
    companyId,
    userId,
  ]);

  progress.step = 'Replacing name, email and identifier';
  const erasedAt = await bookkeeping.tombstoneUser.executeWithOptions({ summary: 'Tombstone the user' }, [
    companyId,
    userId,
  ]);
  if (erasedAt === null)
    throw ApplicationFailure.nonRetryable(`user ${userId} vanished during its erasure`, 'UserVanished');

  deprecatePatch(ERASURE_WITHDRAWS_EXPORTS);
  progress.step = 'Withdrawing company exports';
  await purge.withdrawCompanyExports.executeWithOptions({ summary: 'Delete export archives' }, [companyId]);

  progress.step = 'Notifying webhooks';
  const data: UserErasedData = {
    userId,
    requestedAt,
    erasedAt,
    recordingsCancelled: progress.recordingsCancelled,
    recordingsErased: progress.recordingsErased,
    sessionsErased: progress.sessionsErased,
  };
  // uuid4() is seeded by the workflow: the same event id on replay and on every delivery retry.
  const event: WebhookEvent<UserErasedData> = {
    id: uuid4(),
    type: 'user.erased',
    createdAt: new Date().toISOString(),
    data,
  };
  await notifyWebhooks(companyId, event);
  progress.step = 'Done';
  return { status: 'erased', data };
}
