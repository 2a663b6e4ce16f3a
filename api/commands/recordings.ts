import { randomUUID } from 'node:crypto';
import { isGrpcServiceError } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { searchAttributes, workflowIds } from '../../common/temporal';
import { webhookRetryFromConfig } from '../../common/webhookRetryConfig';
import { isDuplicateEntry } from '../../db/connection';
import { deleteRecording, findRecordingByIdempotencyKey, insertRecording, type RecordingRow } from '../../db/queries/recordings';
import { getRoleplay } from '../../db/queries/roleplays';
import type { recordingIntake } from '../../workflows/recordingIntake';
import type { AppDeps } from '../deps';
import { ApiError, conflict, notFound } from '../errors';
import type { RecordingSubmission } from '../schemas/recordings';

// Accepting a recording means: the row exists AND Temporal has accepted its workflow. Only then does
// the caller get 200; when Temporal cannot be reached the row is removed again and the caller gets a
// 503 to retry, so nothing half-done stays behind.

const temporalUnavailable = (): ApiError =>
  new ApiError(503, 'workflow_unavailable', 'The recording could not be queued for processing and was not kept. Retry the request.', [], {
    'retry-after': '5',
  });

/** gRPC UNAVAILABLE (14) and DEADLINE_EXCEEDED (4): Temporal is down or did not answer in time. */
function isConnectivityError(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (isGrpcServiceError(current) && (current.code === 14 || current.code === 4)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Starts the recording's workflow; an already started (or finished) one counts as started. */
async function startIntake(deps: AppDeps, row: RecordingRow): Promise<void> {
  const { temporal, config } = deps;
  try {
    // Bounded by TEMPORAL_START_TIMEOUT: the client's call deadline (common/temporalClient.ts).
    await temporal.workflow.start<typeof recordingIntake>('recordingIntake', {
      workflowId: row.workflowId,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      // A finished recording's id is never run again (retried acceptances must not reprocess it).
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [{ recordingId: row.id, companyId: row.companyId, storeRecording: row.storeRecording, webhookRetry: webhookRetryFromConfig(config) }],
      typedSearchAttributes: [
        { key: searchAttributes.CompanyId, value: row.companyId },
        { key: searchAttributes.RecordingId, value: row.id },
        { key: searchAttributes.RecordingStatus, value: 'accepted' },
      ],
      staticSummary: `Recording ${row.id}${row.storeRecording ? ' (stored)' : ''}${row.roleplayId ? ' for a roleplay' : ''}`,
    });
    deps.metrics?.workflowStarts.inc({ workflow: 'recordingIntake' });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    throw err;
  }
}

function sameSubmission(row: RecordingRow, body: RecordingSubmission): boolean {
  return (
    row.userUniqueIdentifier === body.userUniqueIdentifier &&
    row.userName === body.userName &&
    row.sourceUrl === body.recordingPresignedUrl &&
    row.storeRecording === body.storeRecording &&
    row.roleplayId === (body.roleplayId ?? null)
  );
}

/** A repeated Idempotency-Key: the first acceptance again, making sure its workflow really started. */
async function replay(deps: AppDeps, row: RecordingRow, body: RecordingSubmission): Promise<string> {
  if (!sameSubmission(row, body)) {
    throw conflict('idempotency_key_reused', 'This Idempotency-Key was already used with a different request body.');
  }
  // Only an 'accepted' row can belong to a request whose start is still in flight or failed; past
  // that the workflow exists (and may already be gone from Temporal's retention).
  if (row.status === 'accepted') {
    try {
      await startIntake(deps, row);
    } catch (err) {
      if (isConnectivityError(err)) throw temporalUnavailable();
      throw err;
    }
  }
  return row.id;
}

/** Accepts a recording for processing; returns its id once the workflow start is durable. */
export async function acceptRecording(deps: AppDeps, companyId: string, body: RecordingSubmission, idempotencyKey: string | null): Promise<string> {
  const { db } = deps;
  if (body.roleplayId && !(await getRoleplay(db, companyId, body.roleplayId))) throw notFound('Roleplay');
  if (idempotencyKey) {
    const existing = await findRecordingByIdempotencyKey(db, companyId, idempotencyKey);
    if (existing) return replay(deps, existing, body);
  }
  const id = randomUUID();
  let row: RecordingRow;
  try {
    row = await insertRecording(db, {
      id,
      companyId,
      userUniqueIdentifier: body.userUniqueIdentifier,
      userName: body.userName,
      sourceUrl: body.recordingPresignedUrl,
      storeRecording: body.storeRecording,
      roleplayId: body.roleplayId ?? null,
      idempotencyKey,
      workflowId: workflowIds.recording(id),
    });
  } catch (err) {
    // A concurrent request with the same key inserted first: answer as that request does.
    if (idempotencyKey && isDuplicateEntry(err)) {
      const winner = await findRecordingByIdempotencyKey(db, companyId, idempotencyKey);
      if (winner) return replay(deps, winner, body);
    }
    throw err;
  }
  try {
    await startIntake(deps, row);
  } catch (err) {
    // If the start did reach Temporal after all, the workflow finds no row and ends without effect.
    await deleteRecording(db, companyId, id).catch((deleteErr: unknown) => deps.logger.error({ err: deleteErr, recordingId: id }, 'could not withdraw recording'));
    if (isConnectivityError(err)) throw temporalUnavailable();
    throw err;
  }
  return id;
}
