import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Context } from '@temporalio/activity';
import { createOutboundAgent } from '../../common/outbound';
import { setRecordingMediaFacts, setRecordingStatus, type RecordingRow } from '../../db/queries/recordings';
import {
  getRecordingChunk,
  insertRecordingChunks,
  listPieceRefs,
  forgetRecordingChunkAnswers,
  isKeptWhole,
  listRecordingChunks,
  setRecordingChunkJob,
  setRecordingChunkTranscript,
  type ChunkChannel,
  type RecordingChunk,
} from '../../db/queries/recordingChunks';
import { getRoleplay } from '../../db/queries/roleplays';
import { createCompanyLimit, type CompanyLimitRequest } from '../companyLimit';
import type { ActivityDeps } from '../deps';
import { FailureTypes, permanent } from '../failures';
import { keepAlive } from '../progress';
import { requireRecording } from '../requireRecording';
import { voicedBetween } from '../stt/placement';
import type { AudioInput, KnownSpeaker, Transcript, TranscribeOptions } from '../stt/transcript';
import { listenTo } from './audio';
import { speakerClips } from './speakerClips';
import { providerAgent } from '../providerHttp';
import { sttMeter } from '../stt/meter';
import { createSpeechToText, keepTranscript, summaryOf, type TranscriptionSummary } from '../transcribe';
import { discardProviderCopy } from '../stt/providerCopies';
import { recordSttProviderCopy } from '../../db/queries/sttProviderCopies';
import { getCompany } from '../../db/queries/companies';
import { phoneRegionOf, redactTranscript, withoutWords, type RedactionOptions } from '../../common/redaction';
import { cutRecording } from './pieces';
import { stitchRedacted } from './stitch';
import { removeRecordingScratch, sweepScratch, withAttemptScratch } from './scratch';
import { IO_CHUNK } from './ioChunk';
import { deleteStoredPieces, fetchPiece, openPiece, piecesStored, storePieces, type PieceName } from './storedPieces';

// The media step as activities: prepareMedia cuts the recording into pieces, keeps the plan in MySQL
// and the pieces in the recording store; transcribeRecordingPiece, on whichever worker, streams one piece
// from the store to the provider and keeps its answer; stitchTranscript puts the answers back together on the
// recording's timeline; removeMediaScratch deletes the stored pieces when the recording ends. The
// workflow runs the pieces with bounded concurrency, and a piece that has an answer is never sent again.
// No worker keeps files between activities: each one's scratch files are gone when it returns.

export interface PieceRef {
  channel: ChunkChannel;
  index: number;
}

export interface MediaPlan {
  pieces: PieceRef[];
  /** STT_CONCURRENCY: the worker owns it, the workflow only schedules by it. */
  concurrency: number;
  durationMs: number;
  hasVideo: boolean;
  /**
   * The side's first piece goes alone before the others: the provider labels speakers per request, and
   * later pieces send the speakers the first one labelled (absent in plans made before it existed).
   */
  firstPieceFirst?: boolean;
}

export function createMediaActivities({ db, config, storage, metrics, logger }: ActivityDeps) {
  const withCompanyPlace = createCompanyLimit({ db, config, logger });
  const stt = createSpeechToText(config, providerAgent(config.PROVIDER_ANSWER_MAX_BYTES), sttMeter(metrics, config));
  const outbound = createOutboundAgent({ allowPrivate: config.OUTBOUND_ALLOW_PRIVATE });
  // One cut per recording at a time in this process: pieces asking at once share it.
  const cutting = new Map<string, Promise<Plan>>();

  /** How a recording's text is redacted (its company's phone region), or undefined without `redactPii`. */
  const redactionOf = async (recording: RecordingRow): Promise<RedactionOptions | undefined> =>
    recording.redactPii ? { phoneRegion: phoneRegionOf(await getCompany(db, recording.companyId), config) } : undefined;

  interface Plan {
    pieces: Array<Omit<RecordingChunk, 'recordingId' | 'transcript' | 'sttJobId'>>;
    durationMs: number;
    hasVideo: boolean;
  }

  /**
   * Downloads and cuts the recording, keeps its plan (rows first: retention and erasure find stored
   * pieces through them), stores the pieces, and removes the cut's scratch files whatever happens.
   */
  const cut = (recordingId: string, signal: AbortSignal): Promise<Plan> => {
    let running = cutting.get(recordingId);
    if (!running) {
      running = (async (): Promise<Plan> => {
        const recording = await requireRecording(db, recordingId);
        try {
          const { probe, pieces } = await cutRecording({ config, storage, outbound }, recording, signal);
          await db.transaction(async (trx) => {
            await setRecordingMediaFacts(trx, recordingId, {
              durationMs: probe.durationMs,
              channels: probe.channels,
              hasVideo: probe.hasVideo,
              container: probe.container,
            });
            // A plan kept by an earlier attempt stays as it is (the same file cuts into the same pieces).
            await insertRecordingChunks(
              trx,
              pieces.map((p) => ({ recordingId, ...p })),
            );
          });
          await storePieces(storage, recordingId, pieces, config.RECORDING_MAX_BYTES);
          return {
            pieces: pieces.map(({ channel, index, startMs, durationMs }) => ({ channel, index, startMs, durationMs })),
            durationMs: probe.durationMs,
            hasVideo: probe.hasVideo,
          };
        } finally {
          await removeRecordingScratch(config.SCRATCH_DIR, recordingId);
        }
      })().finally(() => cutting.delete(recordingId));
      cutting.set(recordingId, running);
    }
    return running;
  };

  /** What `read` finds of a piece in the store, cutting again (and storing) first when the store does not hold it. */
  async function fromStore<T>(
    recordingId: string,
    piece: PieceName,
    signal: AbortSignal,
    read: () => Promise<T | undefined>,
  ): Promise<T> {
    const stored = await read();
    if (stored) return stored;
    // Cut by a build that kept pieces in its own scratch space (a deploy's old worker): cut again, same pieces.
    await cut(recordingId, signal);
    const again = await read();
    if (!again) throw new Error(`Piece ${piece.channel}/${piece.index} is not in the recording store after a cut`);
    return again;
  }

  /** A piece copied from the store into `dir`. */
  const pieceIn = (recordingId: string, piece: PieceName, dir: string, signal: AbortSignal): Promise<string> =>
    fromStore(recordingId, piece, signal, () => fetchPiece(storage, recordingId, piece, dir, signal));

  /** A piece's bytes streamed straight from the store. */
  const pieceStream = (recordingId: string, piece: PieceName, signal: AbortSignal): Promise<Readable> =>
    fromStore(recordingId, piece, signal, () => openPiece(storage, recordingId, piece));

  const planOf = (pieces: PieceRef[], durationMs: number, hasVideo: boolean): MediaPlan => ({
    pieces: pieces.map(({ channel, index }) => ({ channel, index })),
    concurrency: config.STT_CONCURRENCY,
    durationMs,
    hasVideo,
    ...(stt.takesKnownSpeakers ? { firstPieceFirst: true } : {}),
  });

  /** The speakers the side's first piece labelled, as clips to send with a later piece (speakerClips.ts). */
  async function knownSpeakersOf(
    recordingId: string,
    channel: ChunkChannel,
    dir: string,
    signal: AbortSignal,
  ): Promise<KnownSpeaker[]> {
    const first = await getRecordingChunk(db, recordingId, channel, 0);
    // Run before its first piece was answered (a run that started before firstPieceFirst): labels as the model gives them.
    if (!first?.transcript) return [];
    const file = await pieceIn(recordingId, { channel, index: 0 }, dir, signal);
    return speakerClips(file, first.transcript as Transcript, signal);
  }

  /** The media step of prepareMedia: the plan, cutting the recording when the store does not hold what is needed. */
  async function prepare(recording: RecordingRow): Promise<MediaPlan> {
    const recordingId = recording.id;
    const kept = await listRecordingChunks(db, recordingId);
    const stop = keepAlive(5_000);
    try {
      const signal = Context.current().cancellationSignal;
      if (kept.length === 0) {
        const plan = await cut(recordingId, signal);
        return planOf(plan.pieces, plan.durationMs, plan.hasVideo);
      }
      // A retry, or a recording run again: the sides with pieces still to send must be in the store.
      const unsent = new Set(kept.filter((p) => !p.transcript).map((p) => p.channel));
      const needed = kept.filter((p) => unsent.has(p.channel));
      if (!(await piecesStored(storage, recordingId, needed))) await cut(recordingId, signal);
      return planOf(kept, recording.mediaDurationMs ?? 0, recording.mediaHasVideo ?? false);
    } finally {
      stop();
    }
  }

  /** Sends one piece (from the store) to speech-to-text and keeps its answer. */
  async function transcribePiece(recording: RecordingRow, piece: RecordingChunk): Promise<{ segments: number }> {
    const { id: recordingId } = recording;
    const { channel, index } = piece;
    const signal = Context.current().cancellationSignal;
    const roleplay = recording.roleplayId
      ? await getRoleplay(db, recording.companyId, recording.roleplayId)
      : undefined;
    const options: TranscribeOptions = {
      language: roleplay?.language,
      redactPii: recording.redactPii,
      signal,
      job: {
        id: piece.sttJobId,
        created: async (jobId) => {
          // Owed a deletion from the moment it exists at the provider (db/queries/sttProviderCopies.ts).
          if (stt.discard)
            await recordSttProviderCopy(db, {
              provider: stt.provider,
              jobId,
              companyId: recording.companyId,
              recordingId,
            });
          await setRecordingChunkJob(db, recordingId, channel, index, jobId);
        },
      },
    };
    const stop = keepAlive(5_000);
    try {
      const send = async (stream: Readable): Promise<Transcript> => {
        try {
          const audio: AudioInput = {
            kind: 'bytes',
            stream,
            contentType: 'audio/mpeg',
            filename: `${channel}-${index}.mp3`,
          };
          return await stt.transcribe(audio, options);
        } finally {
          // A refused or failed upload may leave it unread: its file or store connection goes now, not at GC.
          stream.destroy();
        }
      };
      const transcript =
        piece.sttJobId && stt.resume
          ? await stt.resume(piece.sttJobId, options)
          : stt.needsVoiced || (stt.takesKnownSpeakers && index > 0)
            ? await withAttemptScratch(config.SCRATCH_DIR, recordingId, async (dir) => {
                if (stt.takesKnownSpeakers && index > 0)
                  options.knownSpeakers = await knownSpeakersOf(recordingId, channel, dir, signal);
                if (!stt.needsVoiced) return send(await pieceStream(recordingId, { channel, index }, signal));
                // The provider answers text without times: it is placed over this piece's voiced stretches.
                const file = await pieceIn(recordingId, { channel, index }, dir, signal);
                const heard = await listenTo(file, signal);
                options.voiced = voicedBetween(heard.durationMs, heard.pauses);
                return send(createReadStream(file, { highWaterMark: IO_CHUNK }));
              })
            : // Nothing to learn from the file first: its bytes go from the store to the provider, read once.
              await send(await pieceStream(recordingId, { channel, index }, signal));
      // Redacted before it is kept: the provider's words exist only in this worker's memory. Words are
      // not kept either way (they served to time the redactions).
      const redaction = await redactionOf(recording);
      const kept = withoutWords(redaction ? redactTranscript(transcript, redaction) : transcript);
      await setRecordingChunkTranscript(db, recordingId, channel, index, kept);
      const jobId = piece.sttJobId ?? (await getRecordingChunk(db, recordingId, channel, index))?.sttJobId;
      if (jobId) await discardProviderCopy(stt, db, logger, jobId, signal);
      return { segments: kept.segments.length };
    } finally {
      stop();
    }
  }

  return {
    async prepareMedia(recordingId: string, limit?: CompanyLimitRequest): Promise<MediaPlan> {
      const recording = await requireRecording(db, recordingId);
      // The status is this step's first write (no separate status activity: patch `folded-steps`); written
      // when it changes, not on every attempt of a run waiting for a place (issue 50).
      if (recording.status !== 'transcribing') await setRecordingStatus(db, recordingId, 'transcribing');
      return withCompanyPlace(recording.companyId, limit, () => prepare(recording), recording.priority === 'bulk');
    },

    async transcribeRecordingPiece(
      recordingId: string,
      channel: ChunkChannel,
      index: number,
      limit?: CompanyLimitRequest,
    ): Promise<{ segments: number }> {
      const piece = await getRecordingChunk(db, recordingId, channel, index);
      if (!piece)
        throw permanent(
          FailureTypes.InvalidState,
          `Piece ${channel}/${index} of recording ${recordingId} was never planned`,
        );
      if (piece.transcript)
        return { segments: isKeptWhole(piece.transcript) ? 0 : (piece.transcript as Transcript).segments.length };
      const recording = await requireRecording(db, recordingId);
      return withCompanyPlace(
        recording.companyId,
        limit,
        () => transcribePiece(recording, piece),
        recording.priority === 'bulk',
      );
    },
    async stitchTranscript(recordingId: string): Promise<TranscriptionSummary> {
      const recording = await requireRecording(db, recordingId);
      const pieces = await listRecordingChunks(db, recordingId);
      // A redacted recording's pieces give up their answers once the whole is kept (below): a retry reads the whole.
      if (recording.transcript && pieces.some((p) => isKeptWhole(p.transcript)))
        return summaryOf(recording.transcript as Transcript);
      if (pieces.length === 0 || pieces.some((p) => !p.transcript))
        throw permanent(FailureTypes.InvalidState, 'Not every piece of the recording has been transcribed');
      const redaction = await redactionOf(recording);
      const summary = await keepTranscript(db, recordingId, stitchRedacted(pieces, recording, redaction), null);
      if (redaction) await forgetRecordingChunkAnswers(db, recordingId);
      return summary;
    },

    /** When the recording ends, whichever worker runs it: its stored pieces go, and this worker's scratch files of it. */
    async removeMediaScratch(recordingId: string): Promise<void> {
      await deleteStoredPieces(storage, await listPieceRefs(db, [recordingId]));
      // A build before the store kept the cut here, on the worker that cut it.
      await removeRecordingScratch(config.SCRATCH_DIR, recordingId);
      // A worker killed mid-recording may still have been exiting when this worker started and swept:
      // what it left (this recording's pieces among it) goes now, once no process owns it.
      await sweepScratch(config.SCRATCH_DIR);
    },
  };
}
