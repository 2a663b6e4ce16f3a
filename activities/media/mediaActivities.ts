import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Context } from '@temporalio/activity';
import { createOutboundAgent } from '../../common/outbound';
import { setRecordingMediaFacts, setRecordingStatus } from '../../db/queries/recordings';
import {
  getRecordingChunk,
  insertRecordingChunks,
  listRecordingChunks,
  setRecordingChunkJob,
  setRecordingChunkTranscript,
  type ChunkChannel,
} from '../../db/queries/recordingChunks';
import { getRoleplay } from '../../db/queries/roleplays';
import type { ActivityDeps } from '../deps';
import { FailureTypes, permanent } from '../failures';
import { keepAlive } from '../progress';
import { requireRecording } from '../requireRecording';
import { mergeChannelTranscripts } from '../stt/channels';
import { joinPieces } from '../stt/overlap';
import { voicedBetween } from '../stt/placement';
import type { KnownSpeaker, Transcript, TranscribeOptions } from '../stt/transcript';
import { listenTo } from './audio';
import { speakerClips } from './speakerClips';
import { providerAgent } from '../providerHttp';
import { sttMeter } from '../stt/meter';
import { createSpeechToText, keepTranscript, type TranscriptionSummary } from '../transcribe';
import { cutRecording, pieceFile, type CutRecording } from './pieces';
import { recordingScratchDir, removeRecordingScratch, sweepScratch } from './scratch';

// The media step as activities: prepareMedia cuts the recording into pieces and keeps the plan in
// MySQL; transcribeRecordingPiece sends one piece and keeps its answer; stitchTranscript puts the
// answers back together on the recording's timeline; removeMediaScratch cleans up. The workflow runs
// the pieces with bounded concurrency, and a piece that has an answer is never sent again.

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

export function createMediaActivities({ db, config, storage, metrics }: ActivityDeps) {
  const stt = createSpeechToText(config, providerAgent(), sttMeter(metrics, config));
  const outbound = createOutboundAgent({ allowPrivate: config.OUTBOUND_ALLOW_PRIVATE });
  // One cut per recording at a time in this process: pieces asking at once share it.
  const cutting = new Map<string, Promise<CutRecording>>();

  const cut = (recordingId: string, signal: AbortSignal): Promise<CutRecording> => {
    let running = cutting.get(recordingId);
    if (!running) {
      running = requireRecording(db, recordingId)
        .then((recording) => cutRecording({ config, storage, outbound }, recording, signal))
        .finally(() => cutting.delete(recordingId));
      cutting.set(recordingId, running);
    }
    return running;
  };

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
    ofSide: number,
    signal: AbortSignal,
  ): Promise<KnownSpeaker[]> {
    const first = await getRecordingChunk(db, recordingId, channel, 0);
    // Run before its first piece was answered (a run that started before firstPieceFirst): labels as the model gives them.
    if (!first?.transcript) return [];
    const file = pieceFile(recordingScratchDir(config.SCRATCH_DIR, recordingId), channel, 0, ofSide);
    if (
      !(await fs.stat(file).then(
        () => true,
        () => false,
      ))
    )
      await cut(recordingId, signal);
    return speakerClips(file, first.transcript as Transcript, signal);
  }

  return {
    async prepareMedia(recordingId: string): Promise<MediaPlan> {
      // The status is this step's first write (no separate status activity: patch `folded-steps`).
      await setRecordingStatus(db, recordingId, 'transcribing');
      const recording = await requireRecording(db, recordingId);
      const kept = await listRecordingChunks(db, recordingId);
      if (kept.length > 0) return planOf(kept, recording.mediaDurationMs ?? 0, recording.mediaHasVideo ?? false);
      const stop = keepAlive(5_000);
      try {
        const { probe, pieces } = await cut(recordingId, Context.current().cancellationSignal);
        await db.transaction(async (trx) => {
          await setRecordingMediaFacts(trx, recordingId, {
            durationMs: probe.durationMs,
            channels: probe.channels,
            hasVideo: probe.hasVideo,
            container: probe.container,
          });
          await insertRecordingChunks(
            trx,
            pieces.map((p) => ({
              recordingId,
              channel: p.channel,
              index: p.index,
              startMs: p.startMs,
              durationMs: p.durationMs,
            })),
          );
        });
        return planOf(pieces, probe.durationMs, probe.hasVideo);
      } finally {
        stop();
      }
    },

    async transcribeRecordingPiece(
      recordingId: string,
      channel: ChunkChannel,
      index: number,
    ): Promise<{ segments: number }> {
      const piece = await getRecordingChunk(db, recordingId, channel, index);
      if (!piece)
        throw permanent(
          FailureTypes.InvalidState,
          `Piece ${channel}/${index} of recording ${recordingId} was never planned`,
        );
      if (piece.transcript) return { segments: (piece.transcript as Transcript).segments.length };
      const recording = await requireRecording(db, recordingId);
      const signal = Context.current().cancellationSignal;
      const roleplay = recording.roleplayId
        ? await getRoleplay(db, recording.companyId, recording.roleplayId)
        : undefined;
      const options: TranscribeOptions = {
        language: roleplay?.language,
        signal,
        job: { id: piece.sttJobId, created: (jobId) => setRecordingChunkJob(db, recordingId, channel, index, jobId) },
      };
      const stop = keepAlive(5_000);
      try {
        let transcript: Transcript;
        if (piece.sttJobId && stt.resume) {
          transcript = await stt.resume(piece.sttJobId, options);
        } else {
          const ofSide = (await listRecordingChunks(db, recordingId)).filter((c) => c.channel === channel).length;
          const dir = recordingScratchDir(config.SCRATCH_DIR, recordingId);
          const file = pieceFile(dir, channel, index, ofSide);
          // Scratch files are gone after a worker restart (or on another machine): cut again, same pieces.
          if (
            !(await fs.stat(file).then(
              () => true,
              () => false,
            ))
          )
            await cut(recordingId, signal);
          if (stt.needsVoiced) {
            // The provider answers text without times: it is placed over this piece's voiced stretches.
            const heard = await listenTo(file, signal);
            options.voiced = voicedBetween(heard.durationMs, heard.pauses);
          }
          if (stt.takesKnownSpeakers && index > 0)
            options.knownSpeakers = await knownSpeakersOf(recordingId, channel, ofSide, signal);
          transcript = await stt.transcribe(
            {
              kind: 'bytes',
              stream: createReadStream(file),
              contentType: 'audio/mpeg',
              filename: `${channel}-${index}.mp3`,
            },
            options,
          );
        }
        await setRecordingChunkTranscript(db, recordingId, channel, index, transcript);
        return { segments: transcript.segments.length };
      } finally {
        stop();
      }
    },

    async stitchTranscript(recordingId: string): Promise<TranscriptionSummary> {
      const recording = await requireRecording(db, recordingId);
      const pieces = await listRecordingChunks(db, recordingId);
      if (pieces.length === 0 || pieces.some((p) => !p.transcript))
        throw permanent(FailureTypes.InvalidState, 'Not every piece of the recording has been transcribed');
      const side = (channel: ChunkChannel): Transcript | undefined => {
        const ofSide = pieces.filter((p) => p.channel === channel).sort((a, b) => a.index - b.index);
        if (ofSide.length === 0) return undefined;
        const parts = ofSide.map((p) => ({
          startMs: p.startMs,
          durationMs: p.durationMs,
          transcript: p.transcript as Transcript,
        }));
        const first = parts[0].transcript;
        return {
          ...first,
          language: parts.find((p) => p.transcript.language)?.transcript.language ?? null,
          durationMs: recording.mediaDurationMs ?? Math.max(...parts.map((p) => p.startMs + p.transcript.durationMs)),
          // Each piece was timed from its own start: its segments move onto the recording's timeline (overlaps resolved).
          segments: joinPieces(
            parts.map((p) => ({ startMs: p.startMs, durationMs: p.durationMs, segments: p.transcript.segments })),
          ),
        };
      };
      const left = side('left');
      const right = side('right');
      const transcript = left && right ? mergeChannelTranscripts({ left, right }, recording.repChannel) : side('mono');
      if (!transcript) throw permanent(FailureTypes.InvalidState, 'The recording has pieces of one channel only');
      return keepTranscript(db, recordingId, transcript, null);
    },

    async removeMediaScratch(recordingId: string): Promise<void> {
      await removeRecordingScratch(config.SCRATCH_DIR, recordingId);
      // A worker killed mid-recording may still have been exiting when this worker started and swept:
      // what it left (this recording's pieces among it) goes now, once no process owns it.
      await sweepScratch(config.SCRATCH_DIR);
    },
  };
}
