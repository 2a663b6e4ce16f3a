import {
  ApplicationFailure,
  defineQuery,
  deprecatePatch,
  getExternalWorkflowHandle,
  log,
  proxyActivities,
  setHandler,
  uuid4,
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
// Only ids, counts and times pass through here: this history outlives the person's data.

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

export interface UserErasureInput {
  companyId: string;
  userId: string;
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

async function inBatches(step: (afterId: string | null) => Promise<ErasureBatch>): Promise<number> {
  let total = 0;
  for (let after: string | null = null; ;) {
    const batch: ErasureBatch = await step(after);
    total += batch.count;
    if (batch.next === null) return total;
    after = batch.next;
  }
}

export async function userErasure(input: UserErasureInput): Promise<UserErasureOutcome> {
  const { companyId, userId } = input;
  const progress: UserErasureProgress = {
    step: 'Recording the request',
    recordingsCancelled: 0,
    recordingsErased: 0,
    sessionsErased: 0,
  };
  setHandler(userErasureStatusQuery, () => ({ ...progress }));

  const begun = await bookkeeping.beginUserErasure.executeWithOptions({ summary: 'Record the erasure request' }, [
    companyId,
    userId,
  ]);
  if (!begun) {
    log.warn('user to erase not found', { companyId, userId });
    return { status: 'user_not_found' };
  }

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

  progress.step = 'Deleting recordings: media, transcripts, snippets';
  progress.recordingsErased = await inBatches((after) =>
    purge.eraseUserRecordingsBatch.executeWithOptions({ summary: 'Erase a batch of recordings' }, [
      companyId,
      userId,
      after,
    ]),
  );
  progress.step = 'Deleting session snippets and media';
  progress.sessionsErased = await inBatches((after) =>
    purge.eraseUserSessionsBatch.executeWithOptions({ summary: 'Erase a batch of sessions' }, [
      companyId,
      userId,
      after,
    ]),
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
    requestedAt: begun.requestedAt,
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
