import { status as GrpcStatus } from '@grpc/grpc-js';
import { Context } from '@temporalio/activity';
import { isGrpcServiceError, type Client, type WorkflowExecutionInfo } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { durationMs } from '../common/config';
import {
  closeCompanyCredentials,
  recordOffboardingRequest,
  saveOffboardingProgress,
  type OffboardingRemoved,
} from '../db/queries/companyOffboardings';
import {
  companyDeletionPlan,
  companyFileColumns,
  companyFilesPage,
  deleteCompanyRows,
  type FileColumns,
  type TableStep,
} from '../db/queries/companyRows';
import { longestCredentialCacheTtl } from '../db/queries/credentialCacheTtls';
import { listPieceRefs } from '../db/queries/recordingChunks';
import type { ActivityDeps } from './deps';
import { deleteStoredPieces } from './media/storedPieces';
import { EXPORT_KINDS } from './companyExport/kinds';
import { MEDIA_KIND } from './companyExport/pages';
import { archiveKey, deleteParts } from './companyExport/storeKeys';

export type { FileColumns, OffboardingRemoved };

// The steps of a company's offboarding (workflows/companyOffboarding.ts). Each is idempotent: after a
// worker crash Temporal runs it again and it finishes what the first attempt started. Only ids, table
// names and counts go back to the workflow.

/** Rows per DELETE statement: short transactions, no long lock on a busy table. */
export const OFFBOARDING_ROW_BATCH = 1000;
/** Rows whose stored files are deleted together. */
export const OFFBOARDING_FILE_BATCH = 50;
const POLL_MS = 500;
/** API processes re-record their CREDENTIAL_CACHE_TTL hourly; a value not recorded for a day is no process's any more. */
const API_TTL_RECORD_WINDOW_MS = 24 * 3600_000;

export interface FilesBatch {
  /** Files deleted (or already gone) in this batch. */
  files: number;
  /** The id to continue after; null when this was the last batch. */
  next: string | null;
}

/** The visibility query for every run that carries the company's id (the offboarding's own carries none). */
const companyRuns = (companyId: string): string => `CompanyId = '${companyId.replace(/'/g, '')}'`;

/** Runs a visibility page asks for: the listing is walked a page at a time, never held whole. */
const RUN_PAGE = 500;
/** After a pass of deletions, how long the count may stay put (the server deletes asynchronously) before another pass. */
const STALE_PASS_MS = 10_000;

/** The runs the query matches, a page at a time as they are consumed (the SDK's list asks for the next page lazily). */
const runsOf = (client: Client, query: string): AsyncIterable<WorkflowExecutionInfo> =>
  client.workflow.list({ query, pageSize: RUN_PAGE });

const isNotFound = (err: unknown): boolean =>
  err instanceof WorkflowNotFoundError || (isGrpcServiceError(err) && err.code === GrpcStatus.NOT_FOUND);

export function createCompanyOffboardingActivities({ db, storage, config }: ActivityDeps) {
  return {
    /** Records the request (kept after everything else goes); answers what it has removed so far (nothing, the first time). */
    async beginCompanyOffboarding(companyId: string, workflowId: string): Promise<OffboardingRemoved> {
      return (await recordOffboardingRequest(db, companyId, workflowId, new Date())).removed;
    },

    /**
     * Step 1: the company's keys and tokens stop opening requests and no new one is issued. Answers how
     * many were revoked and how long API processes may still honour a key they had kept (the workflow
     * waits that long before it looks for running work, so no request can start more of it).
     */
    async closeCompanyCredentials(companyId: string): Promise<{ revoked: number; credentialCacheMs: number }> {
      const revoked = await closeCompanyCredentials(db, companyId, new Date());
      // The longest of this process's setting and what the API processes recorded running with lately
      // (each records its own at start and hourly): an API configured longer than the worker is waited for.
      const recorded = await longestCredentialCacheTtl(db, new Date(Date.now() - API_TTL_RECORD_WINDOW_MS));
      return { revoked, credentialCacheMs: Math.max(durationMs(config.CREDENTIAL_CACHE_TTL), recorded) };
    },

    /**
     * Step 2: cancels every open run of the company (recordings, invitations, deliveries, exports,
     * erasures) and waits, heartbeating, until none is open; a run still open OFFBOARDING_CANCEL_GRACE
     * after its cancellation (its worker gone, or it ignores cancellation) is terminated.
     */
    async cancelCompanyWorkflows(companyId: string): Promise<{ cancelled: number; terminated: number }> {
      const ctx = Context.current();
      const client = ctx.client;
      const graceMs = durationMs(config.OFFBOARDING_CANCEL_GRACE);
      const cancelledAt = new Map<string, number>();
      // A retried attempt (its worker died) goes on counting from what the last one reported.
      const before = (ctx.info.heartbeatDetails ?? {}) as { cancelled?: number; terminated?: number };
      let terminated = before.terminated ?? 0;
      const cancelled = (): number => (before.cancelled ?? 0) + cancelledAt.size;
      for (;;) {
        let open = 0;
        // Only the open runs are walked (and remembered, to be terminated after their grace): a company's
        // closed runs, hundreds of thousands of them, are never listed here.
        for await (const run of runsOf(client, `${companyRuns(companyId)} AND ExecutionStatus = 'Running'`)) {
          open += 1;
          const id = `${run.workflowId}/${run.runId}`;
          const handle = client.workflow.getHandle(run.workflowId, run.runId);
          try {
            const since = cancelledAt.get(id);
            if (since === undefined) {
              await handle.cancel();
              cancelledAt.set(id, Date.now());
            } else if (Date.now() - since > graceMs) {
              await handle.terminate('company offboarding: still running after its cancellation');
              terminated += 1;
            }
          } catch (err) {
            // Closed since the list was read (visibility lags behind): nothing left to stop.
            if (!isNotFound(err)) throw err;
          }
          if (open % RUN_PAGE === 0) ctx.heartbeat({ open, cancelled: cancelled(), terminated });
        }
        if (open === 0) return { cancelled: cancelled(), terminated };
        ctx.heartbeat({ open, cancelled: cancelled(), terminated });
        await ctx.sleep(POLL_MS);
      }
    },

    /** The tables holding recording-store keys, read from the schema. */
    async companyFileSources(): Promise<FileColumns[]> {
      return companyFileColumns(db);
    },

    /**
     * Step 3a, one batch: the stored files the rows name (and a recording's stored pieces, named by its
     * chunk rows; an export's parts, named by its id: a cancelled export leaves them behind its archive),
     * deleted while the rows still say what they are; the rows go in step 3b.
     */
    async deleteCompanyFilesBatch(companyId: string, source: FileColumns, afterId: string | null): Promise<FilesBatch> {
      const page = await companyFilesPage(db, source, companyId, afterId, OFFBOARDING_FILE_BATCH);
      const keys = [...new Set(page.keys)];
      await Promise.all(keys.map((key) => storage.delete(key)));
      const pieces = source.table === 'recordings' ? await listPieceRefs(db, page.ids) : [];
      await deleteStoredPieces(storage, pieces);
      let parts = 0;
      // Every file an export may have written, whatever its row recorded: each kind's parts, the media
      // list's, and the archive at the key its id gives (a run cancelled between writing it and recording it).
      if (source.table === 'company_exports')
        for (const exportId of page.ids) {
          for (const kind of [...EXPORT_KINDS.map((k) => k.name), MEDIA_KIND])
            parts += await deleteParts(storage, companyId, exportId, kind);
          const archive = archiveKey(companyId, exportId);
          if (await storage.exists(archive)) {
            await storage.delete(archive);
            parts += 1;
          }
        }
      return {
        files: keys.length + pieces.length + parts,
        next: page.ids.length === OFFBOARDING_FILE_BATCH ? page.ids[page.ids.length - 1] : null,
      };
    },

    /** Every table the company has rows in, in foreign-key-safe order (db/queries/companyRows.ts). */
    async companyDeletionPlan(): Promise<TableStep[]> {
      return companyDeletionPlan(db);
    },

    /** Step 3b, one batch of one table; answers how many rows went (0: the table holds none of the company's). */
    async deleteCompanyRowsBatch(companyId: string, step: TableStep): Promise<number> {
      return deleteCompanyRows(db, step, companyId, OFFBOARDING_ROW_BATCH);
    },

    /**
     * Step 3c: deletes every run (closed, and any still open) carrying the company's id, one by one with
     * DeleteWorkflowExecution, walking the listing a page at a time (memory flat in the number of runs).
     * The server deletes asynchronously: after a pass it watches the count (one cheap call) fall to 0, and
     * walks the listing again only when the count stops falling. Answers how many deletions it asked for.
     */
    async deleteCompanyWorkflowRuns(companyId: string): Promise<number> {
      const ctx = Context.current();
      const client = ctx.client;
      const namespace = client.options.namespace;
      // A retried attempt goes on counting from what the last one reported.
      let asked = ((ctx.info.heartbeatDetails ?? {}) as { asked?: number }).asked ?? 0;
      for (;;) {
        let { count } = await client.workflow.count(companyRuns(companyId));
        if (count === 0) return asked;
        for await (const run of runsOf(client, companyRuns(companyId))) {
          try {
            await client.workflowService.deleteWorkflowExecution({
              namespace,
              workflowExecution: { workflowId: run.workflowId, runId: run.runId },
            });
          } catch (err) {
            if (!isNotFound(err)) throw err;
          }
          asked += 1;
          if (asked % 100 === 0) ctx.heartbeat({ remaining: count, asked });
        }
        ctx.heartbeat({ remaining: count, asked });
        let since = Date.now();
        while (Date.now() - since < STALE_PASS_MS) {
          await ctx.sleep(POLL_MS);
          const now = (await client.workflow.count(companyRuns(companyId))).count;
          if (now === 0) return asked;
          if (now < count) since = Date.now();
          count = now;
          ctx.heartbeat({ remaining: count, asked });
        }
      }
    },

    /** Writes the step reached and the counts so far to the record (`admin company:delete-status`). */
    async saveCompanyOffboardingProgress(
      companyId: string,
      step: string,
      removed: OffboardingRemoved,
      done: boolean,
    ): Promise<void> {
      await saveOffboardingProgress(db, companyId, step, removed, done ? new Date() : null);
    },
  };
}
