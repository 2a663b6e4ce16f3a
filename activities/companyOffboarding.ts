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
import { listPieceRefs } from '../db/queries/recordingChunks';
import type { ActivityDeps } from './deps';
import { deleteStoredPieces } from './media/storedPieces';
import { EXPORT_KINDS } from './companyExport/kinds';
import { deleteParts } from './companyExport/storeKeys';

export type { FileColumns, OffboardingRemoved };

// The steps of a company's offboarding (workflows/companyOffboarding.ts). Each is idempotent: after a
// worker crash Temporal runs it again and it finishes what the first attempt started. Only ids, table
// names and counts go back to the workflow.

/** Rows per DELETE statement: short transactions, no long lock on a busy table. */
export const OFFBOARDING_ROW_BATCH = 1000;
/** Rows whose stored files are deleted together. */
export const OFFBOARDING_FILE_BATCH = 50;
const POLL_MS = 500;

export interface FilesBatch {
  /** Files deleted (or already gone) in this batch. */
  files: number;
  /** The id to continue after; null when this was the last batch. */
  next: string | null;
}

/** The visibility query for every run that carries the company's id (the offboarding's own carries none). */
const companyRuns = (companyId: string): string => `CompanyId = '${companyId.replace(/'/g, '')}'`;

async function runsOf(client: Client, query: string): Promise<WorkflowExecutionInfo[]> {
  const runs: WorkflowExecutionInfo[] = [];
  for await (const run of client.workflow.list({ query })) runs.push(run);
  return runs;
}

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
      return { revoked, credentialCacheMs: durationMs(config.CREDENTIAL_CACHE_TTL) };
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
        const open = await runsOf(client, `${companyRuns(companyId)} AND ExecutionStatus = 'Running'`);
        if (open.length === 0) return { cancelled: cancelled(), terminated };
        for (const run of open) {
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
        }
        ctx.heartbeat({ open: open.length, cancelled: cancelled(), terminated });
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
      if (source.table === 'company_exports')
        for (const exportId of page.ids)
          for (const kind of EXPORT_KINDS) parts += await deleteParts(storage, companyId, exportId, kind.name);
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
     * DeleteWorkflowExecution; the server deletes asynchronously, so it lists again until visibility
     * counts none. Answers how many deletions it asked for.
     */
    async deleteCompanyWorkflowRuns(companyId: string): Promise<number> {
      const ctx = Context.current();
      const client = ctx.client;
      const namespace = client.options.namespace;
      const asked = new Set<string>();
      // A retried attempt goes on counting from what the last one reported.
      const before = ((ctx.info.heartbeatDetails ?? {}) as { asked?: number }).asked ?? 0;
      for (;;) {
        const { count } = await client.workflow.count(companyRuns(companyId));
        if (count === 0) return before + asked.size;
        for (const run of await runsOf(client, companyRuns(companyId))) {
          const id = `${run.workflowId}/${run.runId}`;
          if (asked.has(id)) continue;
          try {
            await client.workflowService.deleteWorkflowExecution({
              namespace,
              workflowExecution: { workflowId: run.workflowId, runId: run.runId },
            });
          } catch (err) {
            if (!isNotFound(err)) throw err;
          }
          asked.add(id);
          ctx.heartbeat({ remaining: count, asked: before + asked.size });
        }
        ctx.heartbeat({ remaining: count, asked: before + asked.size });
        await ctx.sleep(POLL_MS);
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
