import fs from 'node:fs';
import { Context } from '@temporalio/activity';
import { getRecordingMedia, listRecordingChunks, setChunkSttJob, setChunkTranscript } from '../db/queries/recordingMedia';
import { setRecordingTranscript } from '../db/queries/recordings';
import { getRoleplay } from '../db/queries/roleplays';
import type { ActivityDeps } from './deps';
import { FailureTypes, permanent } from './failures';
import type { ChunkFile } from './media/prepareMedia';
import { chunkFileName, RENDITION } from './media/rendition';
import { keepAlive } from './progress';
import { requireRecording } from './requireRecording';
import { createSpeechToText, type TranscriptionSummary } from './transcribe';
import type { Transcript, TranscribeOptions } from './stt/transcript';

// Speech-to-text of a chunked recording: each chunk is its own activity whose transcript is saved
// before it returns (a restarted worker sends only the chunks without one), then the chunks are
// stitched into the recording's transcript with times from the start of the recording.

export interface ChunkSummary {
  index: number;
  segments: number;
  /** The transcript was already saved by an earlier attempt: nothing was sent. */
  reused: boolean;
}

export function createChunkTranscriptionActivities({ db, config }: ActivityDeps, chunkFile: ChunkFile) {
  const stt = createSpeechToText(config);

  return {
    async transcribeChunk(recordingId: string, index: number): Promise<ChunkSummary> {
      const recording = await requireRecording(db, recordingId);
      const chunk = (await listRecordingChunks(db, recordingId)).find((c) => c.index === index);
      if (!chunk) throw permanent(FailureTypes.InvalidState, `The recording has no chunk ${index}`);
      if (chunk.transcript) return { index, segments: (chunk.transcript as Transcript).segments.length, reused: true };
      const media = await getRecordingMedia(db, recordingId);
      const signal = Context.current().cancellationSignal;
      const roleplay = recording.roleplayId ? await getRoleplay(db, recording.companyId, recording.roleplayId) : undefined;
      const options: TranscribeOptions = {
        language: roleplay?.language,
        signal,
        channels: media?.channelsDiffer ? 2 : 1,
        job: { id: chunk.sttJobId, created: (jobId) => setChunkSttJob(db, recordingId, index, jobId) },
      };
      const stop = keepAlive(5_000, () => ({ chunk: index }));
      let transcript: Transcript;
      try {
        if (chunk.sttJobId && stt.resume) {
          transcript = await stt.resume(chunk.sttJobId, options);
        } else {
          const file = await chunkFile(recording, index, signal);
          const stream = fs.createReadStream(file);
          try {
            transcript = await stt.transcribe({ kind: 'bytes', stream, contentType: RENDITION.contentType, filename: chunkFileName(index) }, options);
          } finally {
            stream.destroy();
          }
        }
      } finally {
        stop();
      }
      await setChunkTranscript(db, recordingId, index, transcript);
      return { index, segments: transcript.segments.length, reused: false };
    },

    async stitchTranscript(recordingId: string): Promise<TranscriptionSummary> {
      const recording = await requireRecording(db, recordingId);
      const chunks = await listRecordingChunks(db, recordingId);
      const media = await getRecordingMedia(db, recordingId);
      const parts = chunks.map((c) => ({ chunk: c, transcript: c.transcript as Transcript | null }));
      const missing = parts.find((p) => !p.transcript);
      if (!media || parts.length === 0 || missing) throw permanent(FailureTypes.InvalidState, `Chunk ${missing?.chunk.index ?? 0} has no transcript`);
      const transcripts = parts.map((p) => p.transcript as Transcript);
      const segments = parts
        .flatMap(({ chunk, transcript }) =>
          (transcript as Transcript).segments.map((s) => ({ ...s, startMs: s.startMs + chunk.startMs, endMs: Math.min(s.endMs + chunk.startMs, chunk.endMs) })),
        )
        .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
      const first = transcripts[0];
      let stitched: Transcript = {
        provider: first.provider,
        language: transcripts.find((t) => t.language)?.language ?? null,
        durationMs: media.durationMs,
        segments,
        ...(first.speakerAttribution ? { speakerAttribution: first.speakerAttribution } : {}),
        ...(first.repSpeaker ? { repSpeaker: first.repSpeaker } : {}),
      };
      if (stitched.speakerAttribution === 'channels' && recording.repChannel) stitched = { ...stitched, repSpeaker: recording.repChannel };
      if (!segments.some((s) => /[\p{L}\p{N}]/u.test(s.text))) throw permanent(FailureTypes.NoSpeech, 'No speech was found in the recording');
      await setRecordingTranscript(db, recordingId, stitched, null);
      return { provider: stitched.provider, language: stitched.language, durationMs: stitched.durationMs, segments: segments.length };
    },
  };
}
