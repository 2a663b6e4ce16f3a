import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Transcript } from '../../common/transcript';
import { durationMs } from '../../common/config';
import { startRecordingWorkflow } from '../../common/recordingWorkflow';
import { workflowIds } from '../../common/temporal';
import { isDuplicateEntry } from '../../db/connection';
import { deleteRecording, findRecordingByIdempotencyKey, forgetRecordingIdempotencyKey, insertRecordingUnlessErasing, type RecordingRow } from '../../db/queries/recordings';
import { getRoleplay } from '../../db/queries/roleplays';
import type { AppDeps } from '../deps';
import { conflict, notFound, workflowStartError } from '../errors';
import type { RecordingSubmission } from '../schemas/recordings';
import { userErased } from './userErasure';

// Accepting a recording means: the row exists AND Temporal has accepted its workflow. Only then does
// the caller get 200; when Temporal cannot be reached the row is removed again and the caller gets a
// 503 to retry, so nothing half-done stays behind.

const UNAVAILABLE = 'The recording could not be queued for processing and was not kept. Retry the request.';

/** Starts the recording's workflow; an already started (or finished) one counts as started. */
async function startIntake(deps: AppDeps, row: RecordingRow): Promise<void> {
  if (await startRecordingWorkflow(deps.temporal, deps.config, row)) deps.metrics?.workflowStarts.inc({ workflow: 'recordingIntake' });
}

/**
 * The submitted transcript as kept on the recording: wrapped in an object, because a bare JSON string
 * does not survive every driver's JSON column handling unchanged.
 */
function asSubmitted(body: RecordingSubmission): unknown {
  if (body.transcript === undefined) return null;
  return typeof body.transcript === 'string' ? { format: 'webvtt', text: body.transcript } : { format: 'segments', segments: body.transcript };
}

function sameSubmission(row: RecordingRow, body: RecordingSubmission): boolean {
  return (
    row.userUniqueIdentifier === body.userUniqueIdentifier &&
    row.userName === body.userName &&
    row.sourceUrl === (body.recordingPresignedUrl ?? null) &&
    row.storeRecording === body.storeRecording &&
    row.roleplayId === (body.roleplayId ?? null) &&
    row.repChannel === (body.repChannel ?? null) &&
    row.repSpeaker === (body.repSpeaker ?? null) &&
    isDeepStrictEqual(row.submittedTranscript, asSubmitted(body))
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
      throw workflowStartError(err, UNAVAILABLE);
    }
  }
  return row.id;
}

/**
 * Accepts a recording for processing; returns its id once the workflow start is durable. `transcript`
 * is the parsed form of a submitted transcript (body.transcript), saved as the recording's transcript.
 */
export async function acceptRecording(
  deps: AppDeps,
  companyId: string,
  body: RecordingSubmission,
  idempotencyKey: string | null,
  transcript: Transcript | null = null,
): Promise<string> {
  const { db } = deps;
  if (body.roleplayId && !(await getRoleplay(db, companyId, body.roleplayId))) throw notFound('Roleplay');
  if (idempotencyKey) {
    const existing = await findRecordingByIdempotencyKey(db, companyId, idempotencyKey);
    // Past IDEMPOTENCY_KEY_TTL the key starts a new recording, as keys do on every other POST.
    if (existing && existing.createdAt.getTime() <= Date.now() - durationMs(deps.config.IDEMPOTENCY_KEY_TTL)) {
      await forgetRecordingIdempotencyKey(db, companyId, existing.id);
    } else if (existing) return replay(deps, existing, body);
  }
  const id = randomUUID();
  let row: RecordingRow;
  try {
    const inserted = await insertRecordingUnlessErasing(db, {
      id,
      companyId,
      userUniqueIdentifier: body.userUniqueIdentifier,
      userName: body.userName,
      sourceUrl: body.recordingPresignedUrl ?? null,
      storeRecording: body.storeRecording,
      repChannel: body.repChannel ?? null,
      repSpeaker: body.repSpeaker ?? null,
      submittedTranscript: asSubmitted(body),
      transcript,
      roleplayId: body.roleplayId ?? null,
      idempotencyKey,
      workflowId: workflowIds.recording(id),
    });
    if (!inserted) throw userErased();
    row = inserted;
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
    throw workflowStartError(err, UNAVAILABLE);
  }
  return id;
}
