import { phoneRegionOf } from '../../common/redaction';
import { redactSubmittedTranscript } from './transcriptThread';
import type { Transcript } from '../../common/transcript';
import type { CompanyFairness } from '../../common/workflowStarts/priority';
import { startRecordingWorkflow } from '../../common/workflowStarts/recording';
import { workflowIds } from '../../common/temporal';
import { isDuplicateEntry } from '../../db/connection';
import { getCompany } from '../../db/queries/companies';
import {
  deleteRecording,
  findRecordingIdByExternalId,
  getRecording,
  insertRecordingUnlessErasing,
  type RecordingRow,
} from '../../db/queries/recordings';
import { CompanyMarkedError, isCompanyMarked } from '../../db/queries/companyOffboardings';
import { getRoleplay } from '../../db/queries/roleplays';
import type { AppDeps } from '../deps';
import { ApiError, notFound, workflowStartError } from '../errors';
import type { RecordingSubmission } from '../schemas/recordings';
import { userErased } from './userErasure';

// Accepting a recording means: the row exists AND Temporal has accepted its workflow. Only then does
// the caller get 200; when Temporal cannot be reached the row is removed again and the caller gets a
// 503 to retry, so nothing half-done stays behind.

const UNAVAILABLE = 'The recording could not be queued for processing and was not kept. Retry the request.';

const externalIdTaken = (externalId: string, recordingId: string): ApiError =>
  new ApiError(409, 'external_id_taken', `Recording ${recordingId} already has the externalId "${externalId}".`, [
    { in: 'body', field: 'externalId', message: `already used by recording ${recordingId}` },
  ]);

/** Starts the recording's workflow; an already started (or finished) one counts as started. */
async function startIntake(deps: AppDeps, company: CompanyFairness, row: RecordingRow): Promise<void> {
  if (await startRecordingWorkflow(deps.temporal, deps.config, company, row))
    deps.metrics?.workflowStarts.inc({ workflow: 'recordingIntake' });
}

/**
 * Accepts a recording for processing as recording `id`; returns the id once the workflow start is
 * durable. `transcript` is the parsed form of a submitted transcript (body.transcript), saved as the
 * recording's transcript. Under an Idempotency-Key the id is the request's (api/idempotency.ts): when a
 * run that crashed already inserted it, this run finds it and makes sure its workflow started.
 */
export async function acceptRecording(
  deps: AppDeps,
  company: CompanyFairness,
  body: RecordingSubmission,
  transcript: Transcript | null,
  id: string,
): Promise<string> {
  const { db } = deps;
  const companyId = company.id;
  if (body.roleplayId && !(await getRoleplay(db, companyId, body.roleplayId))) throw notFound('Roleplay');
  // The submission's own value wins over the company's default.
  const settings = await getCompany(db, companyId);
  const redactPii = body.redactPii ?? settings?.redactPii ?? false;
  // A submitted transcript is redacted before it is saved: it is never at rest as it was sent.
  const kept =
    redactPii && transcript
      ? await redactSubmittedTranscript(transcript, { phoneRegion: phoneRegionOf(settings, deps.config) })
      : transcript;
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
      transcript: kept,
      redactPii,
      roleplayId: body.roleplayId ?? null,
      externalId: body.externalId ?? null,
      metadata: body.metadata ?? null,
      priority: body.priority ?? 'normal',
      workflowId: workflowIds.recording(id),
    });
    if (!inserted) throw (await isCompanyMarked(db, companyId)) ? new CompanyMarkedError(companyId) : userErased();
    row = inserted;
  } catch (err) {
    if (!isDuplicateEntry(err)) throw err;
    // The crashed first run of this request inserted it: finish what that run began.
    const earlier = await getRecording(db, companyId, id);
    if (!earlier) {
      // Not this request's recording: another one holds the externalId.
      const holder = body.externalId && (await findRecordingIdByExternalId(db, companyId, body.externalId));
      if (holder) throw externalIdTaken(body.externalId as string, holder);
      throw err;
    }
    row = earlier;
    // Past 'accepted' its workflow exists (and may already be gone from Temporal's retention).
    if (row.status !== 'accepted') return id;
  }
  try {
    await startIntake(deps, company, row);
  } catch (err) {
    // If the start did reach Temporal after all, the workflow finds no row and ends without effect.
    await deleteRecording(db, companyId, id).catch((deleteErr: unknown) =>
      deps.logger.error({ err: deleteErr, recordingId: id }, 'could not withdraw recording'),
    );
    throw workflowStartError(err, UNAVAILABLE);
  }
  return id;
}
