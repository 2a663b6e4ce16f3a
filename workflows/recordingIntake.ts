import {
  CancellationScope,
  isCancellation,
  log,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
  uuid4,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { searchAttributes } from '../common/temporal';
import { recordingActivityProfiles, recordingLocalProfiles } from './activityProfiles';
import { withinCompanyLimit } from './companyLimit';
import { failureKind, failureMessage } from './failureReason';
import {
  failureType,
  recordingStatusQuery,
  REDACTED_AUDIO_PATCH,
  setStatusAttribute,
  transcribePieces,
  WITHDRAWN,
  type RecordingIntakeInput,
  type RecordingIntakeOutcome,
} from './recordingIntakeCommon';
import { notifyKeptEventFirstHere } from './webhookNotify';

// One recording from acceptance to notification. Every side effect is an activity; this code only
// decides what runs next, so a crash anywhere resumes here exactly where it stopped. Only ids enter the
// history (claim check): the presigned URL, the person and the analysis are read from and kept in MySQL.
//
// A workflow task is the unit of cost (a round trip to Temporal, a history write, often a replay), so a
// recording takes as few as its long steps need: the long steps (fetching, the media step, each piece of
// speech-to-text, the analysis) are activities, each setting the recording's status as its first write;
// the short database steps between them are local activities, run inside the task that follows the long
// step; a webhook's first attempt is made here too. A stored two-minute call costs 5 workflow tasks.

// Long steps: one proxy per retry profile (workflows/activityProfiles.ts).
const download = proxyActivities<Activities>(recordingActivityProfiles.download);
const provider = proxyActivities<Activities>(recordingActivityProfiles.provider);
const media = proxyActivities<Activities>(recordingActivityProfiles.media);
// Short database steps, idempotent, retried without limit.
const bookkeeping = proxyLocalActivities<Activities>(recordingLocalProfiles.bookkeeping);

type RecordingEventType = 'recording.processing.completed' | 'recording.processing.failed';

/** Claim check: the event's id and time are fixed here, its body is written by keepRecordingEvent, and deliveries send that row. */
async function notifyRecordingEvent(
  input: RecordingIntakeInput,
  type: RecordingEventType,
  reason?: string,
): Promise<void> {
  // uuid4() is seeded by the workflow: the id is fixed in history and identical on replay and on every delivery retry.
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
  await notifyKeptEventFirstHere(input.companyId, ref, keep);
}

export async function recordingIntake(input: RecordingIntakeInput): Promise<RecordingIntakeOutcome> {
  const { recordingId, companyId } = input;
  let step = 'Resolving the user';
  const progress = { piecesDone: 0, piecesTotal: 0 };
  setHandler(recordingStatusQuery, () => ({ step, ...progress }));
  let mediaStep = false;
  let sessionId: string | null;
  try {
    const userId = await bookkeeping.resolveRecordingUserId.executeWithOptions(
      { summary: 'Resolve the recording user' },
      [recordingId],
    );
    upsertSearchAttributes([{ key: searchAttributes.UserId, value: userId }]);
    if (input.storeRecording) {
      step = 'Storing the recording';
      setStatusAttribute('fetching');
      // The download, the silencing and the analysis take a company's place too (issue 50, patch company-place-queue).
      await withinCompanyLimit(
        'store',
        (limit) =>
          download.storeRecording.executeWithOptions({ summary: 'Stream the file into storage' }, [recordingId, limit]),
        'queue',
      );
    }
    // The API saved a submitted transcript with the recording: analysis reads it like any other.
    if (input.transcriptSubmitted !== true) {
      step = 'Preparing the audio';
      setStatusAttribute('transcribing');
      mediaStep = true;
      // Each long activity takes one of the company's places (COMPANY_MAX_HEAVY_ACTIVITIES; workflows/companyLimit.ts).
      const plan = await withinCompanyLimit('media', (limit) =>
        media.prepareMedia.executeWithOptions({ summary: 'Probe, render and cut the audio' }, [recordingId, limit]),
      );
      step = 'Transcription';
      progress.piecesTotal = plan.pieces.length;
      // A provider that labels speakers per request hears each side's first piece alone; the rest send the speakers it labelled.
      await transcribePieces(
        plan.pieces,
        plan.concurrency,
        () => plan.firstPieceFirst === true,
        async (piece) => {
          await withinCompanyLimit(`stt-${piece.channel}-${piece.index}`, (limit) =>
            provider.transcribeRecordingPiece.executeWithOptions(
              { summary: `Speech to text: ${piece.channel} piece ${piece.index + 1}` },
              [recordingId, piece.channel, piece.index, limit],
            ),
          );
          progress.piecesDone += 1;
        },
      );
      const stitched = await bookkeeping.stitchTranscript.executeWithOptions(
        { summary: 'Join the pieces of the transcript' },
        [recordingId],
      );
      // A stored recording with redacted spans: the caller's file gives way to one silent there. Asked only
      // then (runs before the patch returned no redactedSpans), so other runs' histories stay as they were.
      if (input.storeRecording && (stitched.redactedSpans ?? 0) > 0 && patched(REDACTED_AUDIO_PATCH)) {
        step = 'Silencing the redacted audio';
        await withinCompanyLimit(
          'silence',
          (limit) =>
            media.silenceRedactedAudio.executeWithOptions({ summary: 'Silence what was redacted in the stored file' }, [
              recordingId,
              limit,
            ]),
          'queue',
        );
      }
    }
    step = 'Analysis';
    setStatusAttribute('analyzing');
    await withinCompanyLimit(
      'analysis',
      (limit) =>
        provider.analyzeAndKeepRecording.executeWithOptions({ summary: 'Analyze the transcript' }, [
          recordingId,
          limit,
        ]),
      'queue',
    );
    step = 'Saving the result';
    ({ sessionId } = await bookkeeping.persistRecordingResult.executeWithOptions(
      { summary: 'Save result and session' },
      [recordingId],
    ));
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
      await notifyRecordingEvent(input, 'recording.processing.failed', reason);
    });
    if (cancelled) throw err;
    return { status: 'failed', reason };
  }
  if (mediaStep)
    await bookkeeping.removeMediaScratch.executeWithOptions({ summary: 'Remove scratch files' }, [recordingId]);
  setStatusAttribute('completed');
  log.info('recording completed', { recordingId, companyId, sessionId });
  await notifyRecordingEvent(input, 'recording.processing.completed');
  return { status: 'completed', sessionId };
}
