import { Context } from '@temporalio/activity';
import { WorkflowNotFoundError } from '@temporalio/common';
import { workflowIds } from '../common/temporal';
import { failRecording } from '../db/queries/recordings';
import {
  eraseRecordingContent,
  eraseSessionContent,
  forgetUserWebhookEvents,
  getErasureState,
  linkUnresolvedRecordings,
  listRecordingsInProgress,
  markErasureRequested,
  tombstoneUser,
  userRecordingsPage,
  userSessionsPage,
} from '../db/queries/userErasure';
import { listPieceRefs } from '../db/queries/recordingChunks';
import type { ActivityDeps } from './deps';
import { deleteStoredPieces } from './media/storedPieces';

// The steps of a person's erasure (workflows/userErasure.ts). Each one is idempotent: after a worker
// crash Temporal runs it again and it finishes what the first attempt started. Nothing personal is
// returned to the workflow (its history outlives the erasure): only ids, counts and times.

/** Recordings per batch: storage deletions of one batch run together. */
export const ERASURE_BATCH = 50;

/** The reason a recording ends with when its workflow is gone and the erasure settles it. */
export const CANCELLED_REASON = 'Processing was cancelled';

/**
 * A recording in progress whose workflow cannot be found is settled only after this long without a
 * change: a recording the API has just accepted may not have its workflow yet.
 */
const ORPHAN_GRACE_MS = 60_000;
const POLL_MS = 500;

export interface ErasureBatch {
  /** Rows in this batch. */
  count: number;
  /** The id to continue after; null when this was the last batch. */
  next: string | null;
}

type WorkflowState = 'running' | 'closed' | 'missing';

export function createUserErasureActivities({ db, storage }: ActivityDeps) {
  async function workflowState(recordingId: string): Promise<WorkflowState> {
    try {
      const described = await Context.current()
        .client.workflow.getHandle(workflowIds.recording(recordingId))
        .describe();
      return described.status.name === 'RUNNING' ? 'running' : 'closed';
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return 'missing';
      throw err;
    }
  }

  const deleteKeys = async (keys: Array<string | null>): Promise<void> => {
    const unique = [...new Set(keys.filter((k): k is string => k !== null))];
    await Promise.all(unique.map((key) => storage.delete(key)));
  };

  return {
    /**
     * Step 1: makes sure the request is recorded (the API records it before the start; a start that
     * reached Temporal although the API took the request back still erases) and links the recordings
     * accepted under the user's identifier that no workflow has resolved yet. Null: no such user.
     */
    async beginUserErasure(companyId: string, userId: string): Promise<{ requestedAt: string } | null> {
      const requestedAt = await markErasureRequested(db, companyId, userId, new Date());
      if (!requestedAt) return null;
      const state = await getErasureState(db, companyId, userId);
      if (state?.externalId) await linkUnresolvedRecordings(db, companyId, userId, state.externalId);
      return { requestedAt: requestedAt.toISOString() };
    },

    /** The user's recordings still being processed (their workflows are cancelled next). */
    async listUserRecordingsInProgress(companyId: string, userId: string): Promise<string[]> {
      return (await listRecordingsInProgress(db, companyId, userId)).map((r) => r.id);
    },

    /**
     * Step 3: waits (heartbeating) until none of the user's recordings is in progress. A recording whose
     * workflow has closed without finishing it (terminated) or does not exist (lost with Temporal's
     * state) is marked failed here, as its workflow would have done; answers how many it settled so.
     */
    async awaitUserRecordingsEnded(companyId: string, userId: string): Promise<number> {
      const ctx = Context.current();
      let settled = 0;
      for (;;) {
        const open = await listRecordingsInProgress(db, companyId, userId);
        if (open.length === 0) return settled;
        for (const recording of open) {
          const state = await workflowState(recording.id);
          const orphan =
            state === 'closed' || (state === 'missing' && Date.now() - recording.updatedAt.getTime() > ORPHAN_GRACE_MS);
          if (orphan && (await failRecording(db, recording.id, CANCELLED_REASON))) settled += 1;
        }
        ctx.heartbeat({ open: open.length });
        await ctx.sleep(POLL_MS);
      }
    },

    /** Step 4, one batch: stored files deleted first, then the rows forget the person's words. */
    async eraseUserRecordingsBatch(companyId: string, userId: string, afterId: string | null): Promise<ErasureBatch> {
      const rows = await userRecordingsPage(db, companyId, userId, afterId, ERASURE_BATCH);
      await deleteKeys(rows.map((r) => r.storageKey));
      // Pieces of a cut still in the store (a run whose end never came); their rows go with the content next.
      await deleteStoredPieces(
        storage,
        await listPieceRefs(
          db,
          rows.map((r) => r.id),
        ),
      );
      await eraseRecordingContent(
        db,
        userId,
        rows.map((r) => r.id),
      );
      return { count: rows.length, next: rows.length === ERASURE_BATCH ? rows[rows.length - 1].id : null };
    },

    /** Step 5, one batch: the sessions' stored media and snippets; scores and measures stay. */
    async eraseUserSessionsBatch(companyId: string, userId: string, afterId: string | null): Promise<ErasureBatch> {
      const rows = await userSessionsPage(db, companyId, userId, afterId, ERASURE_BATCH);
      await deleteKeys(rows.flatMap((r) => [r.audioStorageKey, r.videoStorageKey]));
      await eraseSessionContent(
        db,
        rows.map((r) => r.id),
      );
      return { count: rows.length, next: rows.length === ERASURE_BATCH ? rows[rows.length - 1].id : null };
    },

    /** Step 6: webhook events kept for redelivery that carry the person's data. */
    async forgetUserWebhookEvents(companyId: string, userId: string): Promise<number> {
      return forgetUserWebhookEvents(db, companyId, userId);
    },

    /** Step 7: the tombstone; answers when the erasure finished (the first time this step ran). */
    async tombstoneUser(companyId: string, userId: string): Promise<string | null> {
      const erasedAt = await db.transaction((trx) => tombstoneUser(trx, companyId, userId, new Date()));
      return erasedAt ? erasedAt.toISOString() : null;
    },
  };
}
