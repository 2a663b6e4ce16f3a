import {
  defineQuery,
  log,
  ParentClosePolicy,
  proxyActivities,
  setHandler,
  startChild,
  upsertSearchAttributes,
  uuid4,
  WorkflowIdReusePolicy,
  type ActivityOptions,
} from '@temporalio/workflow';
import { searchAttributes, workflowIds } from '../../common/temporal';

// Round 3's bare shape, kept as the "before" of round 4: bench/shape/workflows.ts as it was at commit
// e7c0b29 (recordingShape and shapeDelivery, renamed), frozen so that one run can measure the new shape
// against the old on the same machine. Its activity options are round 3's, copied here verbatim from
// workflows/activityProfiles.ts (which round 4 changes); its activities are the bare shape's
// (bench/shape/activities.ts) under the names they had in round 3. Do not change it to follow the real
// workflow: that is bench/shape/workflows.ts's job.

/** The signatures round 3's shape calls (bench/shape/activities.ts keeps these names). */
interface Round3Activities {
  resolveRecordingUserId(recordingId: string): Promise<string>;
  setRecordingStatus(recordingId: string, status: string): Promise<void>;
  storeRecording(recordingId: string): Promise<void>;
  prepareMedia(
    recordingId: string,
  ): Promise<{ pieces: Array<{ channel: 'mixed' | 'rep' | 'customer'; index: number }>; concurrency: number }>;
  transcribeRecordingPiece(recordingId: string, channel: string, index: number): Promise<{ segments: number }>;
  stitchTranscript(recordingId: string): Promise<void>;
  analyzeAndKeepRecording(recordingId: string): Promise<void>;
  persistRecordingResult(recordingId: string): Promise<{ sessionId: string | null }>;
  keepRecordingEvent(input: unknown): Promise<boolean>;
  removeMediaScratch(recordingId: string): Promise<void>;
  listWebhookTargets(companyId: string, eventType: string): Promise<string[]>;
  webhookRetryPolicy(): Promise<ShapeRetryRound3>;
  deliverWebhook(input: unknown): Promise<{ delivered: boolean }>;
}

interface ShapeRetryRound3 {
  initialIntervalMs: number;
  maxIntervalMs: number;
  maximumAttempts: number;
  attemptTimeoutMs?: number;
}

// workflows/activityProfiles.ts at e7c0b29.
const bookkeeping = proxyActivities<Round3Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});
const download = proxyActivities<Round3Activities>({
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 6 },
});
const provider = proxyActivities<Round3Activities>({
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 8 },
});
const media = proxyActivities<Round3Activities>({
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 6 },
});
const notify = proxyActivities<Round3Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', maximumAttempts: 20 },
});

/** webhookDeliveryProfile at e7c0b29, with common/webhookRetry.ts's constants of then. */
function deliveryProfileRound3(retry: ShapeRetryRound3, summary: string): ActivityOptions {
  return {
    startToCloseTimeout: (retry.attemptTimeoutMs ?? 15_000) + 15_000,
    retry: {
      initialInterval: retry.initialIntervalMs,
      maximumInterval: retry.maxIntervalMs,
      backoffCoefficient: 8,
      maximumAttempts: retry.maximumAttempts,
      nonRetryableErrorTypes: ['WebhookAddressBlocked', 'WebhookUrlUnsupported'],
    },
    summary,
  };
}

const statusQuery = defineQuery<{ step: string; piecesDone: number; piecesTotal: number }>('status');

export interface ShapeInputRound3 {
  recordingId: string;
  companyId: string;
  storeRecording: boolean;
}

export interface ShapeDeliveryInputRound3 {
  companyId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  retry: ShapeRetryRound3;
}

export async function shapeDeliveryRound3(input: ShapeDeliveryInputRound3): Promise<{ delivered: boolean }> {
  const { deliverWebhook } = proxyActivities<Round3Activities>(
    deliveryProfileRound3(input.retry, `POST ${input.eventType} ${input.eventId}`),
  );
  return deliverWebhook(input);
}

const setStatus = (status: string): void =>
  upsertSearchAttributes([{ key: searchAttributes.RecordingStatus, value: status }]);

/** Returns the ids of the delivery children it started: the bench waits for them to complete. */
export async function recordingShapeRound3(input: ShapeInputRound3): Promise<string[]> {
  const { recordingId, companyId } = input;
  const moveTo = async (status: string): Promise<void> => {
    await bookkeeping.setRecordingStatus.executeWithOptions({ summary: `Status → ${status}` }, [recordingId, status]);
    setStatus(status);
  };
  let step = 'Resolving the user';
  const progress = { piecesDone: 0, piecesTotal: 0 };
  setHandler(statusQuery, () => ({ step, ...progress }));
  const userId = await bookkeeping.resolveRecordingUserId.executeWithOptions(
    { summary: 'Resolve the recording user' },
    [recordingId],
  );
  upsertSearchAttributes([{ key: searchAttributes.UserId, value: userId }]);
  if (input.storeRecording) {
    step = 'Storing the recording';
    await moveTo('fetching');
    await download.storeRecording.executeWithOptions({ summary: 'Stream the file into storage' }, [recordingId]);
  }
  step = 'Transcription';
  await moveTo('transcribing');
  step = 'Preparing the audio';
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
  await moveTo('analyzing');
  await provider.analyzeAndKeepRecording.executeWithOptions({ summary: 'Analyze the transcript' }, [recordingId]);
  step = 'Saving the result';
  const { sessionId } = await bookkeeping.persistRecordingResult.executeWithOptions(
    { summary: 'Save result and session' },
    [recordingId],
  );
  await bookkeeping.removeMediaScratch.executeWithOptions({ summary: 'Remove scratch files' }, [recordingId]);
  setStatus('completed');
  log.info('recording completed', { recordingId, companyId, sessionId });
  // Claim check, as the real workflow: the event's body is written by an activity, deliveries carry its id.
  const event = { id: uuid4(), type: 'recording.processing.completed', createdAt: new Date().toISOString() };
  const endpointIds = await notify.listWebhookTargets(companyId, event.type);
  if (endpointIds.length === 0) return [];
  await bookkeeping.keepRecordingEvent.executeWithOptions({ summary: `Write event ${event.id} (${event.type})` }, [
    { companyId, recordingId, eventId: event.id, ...event },
  ]);
  const retry = await notify.webhookRetryPolicy();
  return Promise.all(
    endpointIds.map(async (endpointId) => {
      const workflowId = workflowIds.webhookDelivery(event.id, endpointId);
      await startChild(shapeDeliveryRound3, {
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
