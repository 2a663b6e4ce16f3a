import { defineQuery, log, ParentClosePolicy, proxyActivities, setHandler, startChild, upsertSearchAttributes, uuid4, WorkflowIdReusePolicy } from '@temporalio/workflow';
import { searchAttributes, workflowIds } from '../../common/temporal';
import { recordingActivityProfiles, webhookDeliveryProfile, webhookNotifyProfile } from '../../workflows/activityProfiles';
import type { ShapeActivities } from './activities';

// The end-to-end ceiling: workflows/recordingIntake.ts's shape with nothing inside. The same activities
// in the same order and with the same options (retry profiles, timeouts, summaries), the same status
// search-attribute upserts, the same query handler, and one webhookDelivery-like child per endpoint,
// abandoned, under the same id scheme. Only the activities' bodies are empty. Registered by the
// bench-only worker (bench/shape/worker.ts), never by the production worker.

// The real workflows' activity groups and options, from the same table (workflows/activityProfiles.ts).
const bookkeeping = proxyActivities<ShapeActivities>(recordingActivityProfiles.bookkeeping);
const download = proxyActivities<ShapeActivities>(recordingActivityProfiles.download);
const provider = proxyActivities<ShapeActivities>(recordingActivityProfiles.provider);
const media = proxyActivities<ShapeActivities>(recordingActivityProfiles.media);
const notify = proxyActivities<ShapeActivities>(webhookNotifyProfile);

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
  const { deliverWebhook } = proxyActivities<ShapeActivities>(webhookDeliveryProfile(input.retry, `POST ${input.eventType} ${input.eventId}`));
  return deliverWebhook(input);
}

const setStatus = (status: string): void => upsertSearchAttributes([{ key: searchAttributes.RecordingStatus, value: status }]);

/** Returns the ids of the delivery children it started: the bench waits for them to complete. */
export async function recordingShape(input: ShapeInput): Promise<string[]> {
  const { recordingId, companyId } = input;
  const moveTo = async (status: string): Promise<void> => {
    await bookkeeping.setRecordingStatus.executeWithOptions({ summary: `Status → ${status}` }, [recordingId, status]);
    setStatus(status);
  };
  let step = 'Resolving the user';
  const progress = { piecesDone: 0, piecesTotal: 0 };
  setHandler(shapeStatusQuery, () => ({ step, ...progress }));
  const userId = await bookkeeping.resolveRecordingUserId.executeWithOptions({ summary: 'Resolve the recording user' }, [recordingId]);
  upsertSearchAttributes([{ key: searchAttributes.UserId, value: userId }]);
  if (input.storeRecording) {
    step = 'Storing the recording';
    await moveTo('fetching');
    await download.storeRecording.executeWithOptions({ summary: 'Stream the file into storage' }, [recordingId]);
  }
  step = 'Transcription';
  await moveTo('transcribing');
  step = 'Preparing the audio';
  const plan = await media.prepareMedia.executeWithOptions({ summary: 'Probe, render and cut the audio' }, [recordingId]);
  step = 'Transcription';
  progress.piecesTotal = plan.pieces.length;
  const queue = [...plan.pieces];
  const lane = async (): Promise<void> => {
    for (let piece = queue.shift(); piece; piece = queue.shift()) {
      await provider.transcribeRecordingPiece.executeWithOptions({ summary: `Speech to text: ${piece.channel} piece ${piece.index + 1}` }, [recordingId, piece.channel, piece.index]);
      progress.piecesDone += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(plan.concurrency, plan.pieces.length)) }, lane));
  await bookkeeping.stitchTranscript.executeWithOptions({ summary: 'Join the pieces of the transcript' }, [recordingId]);
  step = 'Analysis';
  await moveTo('analyzing');
  await provider.analyzeAndKeepRecording.executeWithOptions({ summary: 'Analyze the transcript' }, [recordingId]);
  step = 'Saving the result';
  const { sessionId } = await bookkeeping.persistRecordingResult.executeWithOptions({ summary: 'Save result and session' }, [recordingId]);
  await bookkeeping.removeMediaScratch.executeWithOptions({ summary: 'Remove scratch files' }, [recordingId]);
  setStatus('completed');
  log.info('recording completed', { recordingId, companyId, sessionId });
  // Claim check, as the real workflow: the event's body is written by an activity, deliveries carry its id.
  const event = { id: uuid4(), type: 'recording.processing.completed', createdAt: new Date().toISOString() };
  const endpointIds = await notify.listWebhookTargets(companyId, event.type);
  if (endpointIds.length === 0) return [];
  await bookkeeping.keepRecordingEvent.executeWithOptions({ summary: `Write event ${event.id} (${event.type})` }, [{ companyId, recordingId, eventId: event.id, ...event }]);
  const retry = await notify.webhookRetryPolicy();
  return Promise.all(
    endpointIds.map(async (endpointId) => {
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
}
