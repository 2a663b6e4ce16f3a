import {
  defineQuery,
  log,
  ParentClosePolicy,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  startChild,
  upsertSearchAttributes,
  uuid4,
  WorkflowIdReusePolicy,
} from '@temporalio/workflow';
import { searchAttributes, workflowIds } from '../../common/temporal';
import {
  recordingActivityProfiles,
  recordingLocalProfiles,
  webhookDeliveryProfile,
  webhookFirstAttemptProfile,
  webhookNotifyProfile,
} from '../../workflows/activityProfiles';
import type { ShapeActivities } from './activities';

// The end-to-end ceiling: workflows/recordingIntake.ts's shape with nothing inside. The same activities
// and local activities in the same order and with the same options (retry profiles, timeouts,
// summaries), the same status search-attribute upserts, the same query handler, the webhook's first
// attempt made by the run, and a webhookDelivery-like child for an endpoint whose first attempt failed
// (none here: the empty attempt succeeds). Only the activities' bodies are empty. Registered by the
// bench-only worker (bench/shape/worker.ts), never by the production worker.

// The real workflows' activity groups and options, from the same table (workflows/activityProfiles.ts).
const bookkeeping = proxyLocalActivities<ShapeActivities>(recordingLocalProfiles.bookkeeping);
const download = proxyActivities<ShapeActivities>(recordingActivityProfiles.download);
const provider = proxyActivities<ShapeActivities>(recordingActivityProfiles.provider);
const media = proxyActivities<ShapeActivities>(recordingActivityProfiles.media);
const notify = proxyLocalActivities<ShapeActivities>(webhookNotifyProfile);

export const shapeStatusQuery = defineQuery<{ step: string; piecesDone: number; piecesTotal: number }>('status');

export interface ShapeInput {
  recordingId: string;
  companyId: string;
  storeRecording: boolean;
}

export interface ShapeDeliveryInput {
  companyId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  retry: { initialIntervalMs: number; maxIntervalMs: number; maximumAttempts: number };
}

export async function shapeDelivery(input: ShapeDeliveryInput): Promise<{ delivered: boolean }> {
  const { deliverWebhook } = proxyActivities<ShapeActivities>(
    webhookDeliveryProfile(input.retry, `POST ${input.eventType} ${input.eventId}`),
  );
  return deliverWebhook(input);
}

const setStatus = (status: string): void =>
  upsertSearchAttributes([{ key: searchAttributes.RecordingStatus, value: status }]);

/** Returns the ids of the delivery children it started (for endpoints whose first attempt failed): the bench waits for them. */
export async function recordingShape(input: ShapeInput): Promise<string[]> {
  const { recordingId, companyId } = input;
  let step = 'Resolving the user';
  const progress = { piecesDone: 0, piecesTotal: 0 };
  setHandler(shapeStatusQuery, () => ({ step, ...progress }));
  const userId = await bookkeeping.resolveRecordingUserId.executeWithOptions(
    { summary: 'Resolve the recording user' },
    [recordingId],
  );
  upsertSearchAttributes([{ key: searchAttributes.UserId, value: userId }]);
  if (input.storeRecording) {
    step = 'Storing the recording';
    setStatus('fetching');
    await download.storeRecording.executeWithOptions({ summary: 'Stream the file into storage' }, [recordingId]);
  }
  step = 'Preparing the audio';
  setStatus('transcribing');
  const plan = await media.prepareMedia.executeWithOptions({ summary: 'Probe, render and cut the audio' }, [
    recordingId,
  ]);
  step = 'Transcription';
  progress.piecesTotal = plan.pieces.length;
  const queue = [...plan.pieces];
  const lane = async (): Promise<void> => {
    for (let piece = queue.shift(); piece; piece = queue.shift()) {
      await provider.transcribeRecordingPiece.executeWithOptions(
        { summary: `Speech to text: ${piece.channel} piece ${piece.index + 1}` },
        [recordingId, piece.channel, piece.index],
      );
      progress.piecesDone += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(plan.concurrency, plan.pieces.length)) }, lane));
  await bookkeeping.stitchTranscript.executeWithOptions({ summary: 'Join the pieces of the transcript' }, [
    recordingId,
  ]);
  step = 'Analysis';
  setStatus('analyzing');
  await provider.analyzeAndKeepRecording.executeWithOptions({ summary: 'Analyze the transcript' }, [recordingId]);
  step = 'Saving the result';
  const { sessionId } = await bookkeeping.persistRecordingResult.executeWithOptions(
    { summary: 'Save result and session' },
    [recordingId],
  );
  await bookkeeping.removeMediaScratch.executeWithOptions({ summary: 'Remove scratch files' }, [recordingId]);
  setStatus('completed');
  log.info('recording completed', { recordingId, companyId, sessionId });
  // Claim check, as the real workflow: the event's body is written by a local activity, the first attempt made here.
  const event = { id: uuid4(), type: 'recording.processing.completed', createdAt: new Date().toISOString() };
  const endpointIds = await notify.listWebhookTargets(companyId, event.type);
  if (endpointIds.length === 0) return [];
  await bookkeeping.keepRecordingEvent.executeWithOptions({ summary: `Write event ${event.id} (${event.type})` }, [
    { companyId, recordingId, eventId: event.id, ...event },
  ]);
  const retry = await notify.webhookRetryPolicy();
  const firstTry = proxyLocalActivities<ShapeActivities>(
    webhookFirstAttemptProfile(retry, `POST ${event.type} ${event.id}`),
  );
  const children = await Promise.all(
    endpointIds.map(async (endpointId) => {
      const first = await firstTry.firstWebhookAttempt({ companyId, endpointId, eventId: event.id });
      if (first.outcome !== 'failed') return undefined;
      const workflowId = workflowIds.webhookDelivery(event.id, endpointId);
      await startChild(shapeDelivery, {
        workflowId,
        args: [{ companyId, endpointId, eventId: event.id, eventType: event.type, retry }],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        typedSearchAttributes: [{ key: searchAttributes.CompanyId, value: companyId }],
        staticSummary: `${event.type} → endpoint ${endpointId}`,
      });
      return workflowId;
    }),
  );
  return children.filter((id): id is string => id !== undefined);
}
