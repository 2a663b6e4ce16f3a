import {
  CancellationScope,
  deprecatePatch,
  isCancellation,
  log,
  patched,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  uuid4,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { RecordingAnalysis } from '../common/recordingAnalysis';
import type { ProcessingStatus } from '../common/recordingStatus';
import { searchAttributes } from '../common/temporal';
import type {
  RecordingCompletedData,
  RecordingEventUser,
  RecordingFailedData,
  WebhookEvent,
  WebhookEventType,
} from '../common/webhookEvents';
import { recordingActivityProfiles } from './activityProfiles';
import { failureKind, failureMessage } from './failureReason';
import {
  CLAIM_CHECK_PATCH,
  failureType,
  FIRST_PIECE_FIRST_PATCH,
  MEDIA_STEP_PATCH,
  recordingStatusQuery,
  setStatusAttribute,
  transcribePieces,
  TRANSCRIPT_SUBMISSIONS_PATCH,
  USER_ID_SEARCH_ATTRIBUTE_PATCH,
  WITHDRAWN,
  type RecordingIntakeInput,
  type RecordingIntakeOutcome,
} from './recordingIntakeCommon';
import { notifyKeptEvent, notifyWebhooks } from './webhookNotify';

// The recording workflow as it ran before the folded-steps patch (workflows/recordingIntake.ts): one
// activity per step, a status activity before each, a delivery child per endpoint. Kept whole, unchanged,
// for the runs started before that patch (and the committed histories, which must still replay); new
// runs never come here. Delete it with the patch once no such run is open (docs/operations.md, "Patches").

// One proxy per activity group; their options are the table in workflows/activityProfiles.ts.
const bookkeeping = proxyActivities<Activities>(recordingActivityProfiles.bookkeeping);
const download = proxyActivities<Activities>(recordingActivityProfiles.download);
const provider = proxyActivities<Activities>(recordingActivityProfiles.provider);
const media = proxyActivities<Activities>(recordingActivityProfiles.media);

function event<T>(type: WebhookEventType, data: T): WebhookEvent<T> {
  // uuid4() is seeded by the workflow: the id is fixed in history and identical on replay and on every delivery retry.
  return { id: uuid4(), type, createdAt: new Date().toISOString(), data };
}

/** Claim check: the event's id and time are fixed here, its body is written by keepRecordingEvent, and deliveries send that row. */
async function notifyRecordingEvent(
  input: RecordingIntakeInput,
  type: 'recording.processing.completed' | 'recording.processing.failed',
  reason?: string,
): Promise<void> {
  const ref = { id: uuid4(), type, createdAt: new Date().toISOString() };
  const keep = (): Promise<boolean> =>
    bookkeeping.keepRecordingEvent.executeWithOptions({ summary: `Write event ${ref.id} (${type})` }, [
      {
        companyId: input.companyId,
        recordingId: input.recordingId,
        eventId: ref.id,
        type,
        createdAt: ref.createdAt,
        ...(reason === undefined ? {} : { reason }),
      },
    ]);
  await notifyKeptEvent(input.companyId, ref, keep);
}

export async function stepwiseRecordingIntake(input: RecordingIntakeInput): Promise<RecordingIntakeOutcome> {
  const { recordingId, companyId } = input;
  const moveTo = async (status: ProcessingStatus): Promise<void> => {
    await bookkeeping.setRecordingStatus.executeWithOptions({ summary: `Status → ${status}` }, [recordingId, status]);
    setStatusAttribute(status);
  };

  let step = 'Resolving the user';
  const progress = { piecesDone: 0, piecesTotal: 0 };
  setHandler(recordingStatusQuery, () => ({ step, ...progress }));
  let mediaStep = false;
  // Asked once, first: the whole run takes one side of the patch.
  const claimCheck = patched(CLAIM_CHECK_PATCH);
  /** Only in runs from before the claim check: the user with name and identifier, as the events carried it. */
  let user: RecordingEventUser | null = null;
  let userId: string | null;
  let result: RecordingAnalysis | undefined;
  let sessionId: string | null;
  try {
    if (claimCheck) {
      userId = await bookkeeping.resolveRecordingUserId.executeWithOptions({ summary: 'Resolve the recording user' }, [
        recordingId,
      ]);
    } else {
      user = await bookkeeping.resolveRecordingUser.executeWithOptions({ summary: 'Resolve the recording user' }, [
        recordingId,
      ]);
      userId = user.id;
    }
    // Retired: every run the previous release started upserts it (its runs from before never come here).
    deprecatePatch(USER_ID_SEARCH_ATTRIBUTE_PATCH);
    upsertSearchAttributes([{ key: searchAttributes.UserId, value: userId }]);
    if (input.storeRecording) {
      step = 'Storing the recording';
      await moveTo('fetching');
      await download.storeRecording.executeWithOptions({ summary: 'Stream the file into storage' }, [recordingId]);
    }
    // The API saved a submitted transcript with the recording: analysis reads it like any other.
    // Retired patches: the previous release's runs all skip speech-to-text for a submitted transcript and go
    // through the media step; the calls stay (deprecatePatch) until the release after, for their markers.
    const submitted = input.transcriptSubmitted === true;
    if (submitted) deprecatePatch(TRANSCRIPT_SUBMISSIONS_PATCH);
    if (!submitted) {
      step = 'Transcription';
      await moveTo('transcribing');
      deprecatePatch(MEDIA_STEP_PATCH);
      mediaStep = true;
      step = 'Preparing the audio';
      const plan = await media.prepareMedia.executeWithOptions({ summary: 'Probe, render and cut the audio' }, [
        recordingId,
      ]);
      step = 'Transcription';
      progress.piecesTotal = plan.pieces.length;
      await transcribePieces(
        plan.pieces,
        plan.concurrency,
        () => plan.firstPieceFirst === true && patched(FIRST_PIECE_FIRST_PATCH),
        async (piece) => {
          await provider.transcribeRecordingPiece.executeWithOptions(
            { summary: `Speech to text: ${piece.channel} piece ${piece.index + 1}` },
            [recordingId, piece.channel, piece.index],
          );
          progress.piecesDone += 1;
        },
      );
      await bookkeeping.stitchTranscript.executeWithOptions({ summary: 'Join the pieces of the transcript' }, [
        recordingId,
      ]);
    }
    step = 'Analysis';
    await moveTo('analyzing');
    if (claimCheck) {
      await provider.analyzeAndKeepRecording.executeWithOptions({ summary: 'Analyze the transcript' }, [recordingId]);
      step = 'Saving the result';
      ({ sessionId } = await bookkeeping.persistRecordingResult.executeWithOptions(
        { summary: 'Save result and session' },
        [recordingId],
      ));
    } else {
      result = await provider.analyzeRecording.executeWithOptions({ summary: 'Analyze the transcript' }, [recordingId]);
      step = 'Saving the result';
      ({ sessionId } = await bookkeeping.persistRecordingResult.executeWithOptions(
        { summary: 'Save result and session' },
        [recordingId, result],
      ));
    }
  } catch (err) {
    if (failureType(err) === WITHDRAWN) return { status: 'withdrawn' };
    const cancelled = isCancellation(err);
    const reason = cancelled ? 'Processing was cancelled' : `${step} failed: ${failureMessage(err)}`;
    log.warn('recording failed', { recordingId, companyId, step, reason });
    // Even a cancelled recording ends visibly failed, and its owner hears about it.
    await CancellationScope.nonCancellable(async () => {
      if (mediaStep)
        await bookkeeping.removeMediaScratch.executeWithOptions({ summary: 'Remove scratch files' }, [recordingId]);
      await bookkeeping.markRecordingFailed.executeWithOptions({ summary: 'Mark the recording failed' }, [
        recordingId,
        reason,
        failureKind(err, cancelled),
      ]);
      setStatusAttribute('failed');
      if (claimCheck) {
        await notifyRecordingEvent(input, 'recording.processing.failed', reason);
      } else {
        const data: RecordingFailedData = { recordingId, status: 'failed', user, reason };
        await notifyWebhooks(companyId, event('recording.processing.failed', data));
      }
    });
    if (cancelled) throw err;
    return { status: 'failed', reason };
  }
  if (mediaStep)
    await bookkeeping.removeMediaScratch.executeWithOptions({ summary: 'Remove scratch files' }, [recordingId]);
  setStatusAttribute('completed');
  log.info('recording completed', { recordingId, companyId, sessionId });
  if (claimCheck) {
    await notifyRecordingEvent(input, 'recording.processing.completed');
  } else if (user && result) {
    const data: RecordingCompletedData = { recordingId, status: 'completed', user, sessionId, result };
    await notifyWebhooks(companyId, event('recording.processing.completed', data));
  }
  return { status: 'completed', sessionId };
}
