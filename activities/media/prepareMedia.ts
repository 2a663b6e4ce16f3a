import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { durationMs } from '../../common/config';
import { createOutboundAgent } from '../../common/outbound';
import { getRecordingMedia, listRecordingChunks, saveRecordingMedia, type RecordingMedia } from '../../db/queries/recordingMedia';
import type { RecordingRow } from '../../db/queries/recordings';
import type { ActivityDeps } from '../deps';
import { FailureTypes, permanent } from '../failures';
import { keepAlive } from '../progress';
import { requireRecording } from '../requireRecording';
import { planChunks, type ChunkSpan } from './chunkPlan';
import { chunkLimits, chunkSeconds } from './limits';
import { copyOriginal } from './original';
import { MediaProblem, probeMedia } from './probe';
import { chunkFileName, renderChunks, renditionBytesPerSecond } from './rendition';
import { removeScratch, scratchDirFor, scratchRoot } from './scratch';

// The media step: probe the recording, make the transcription rendition and cut it into chunks the
// provider takes. The facts and the chunk plan go to MySQL; the workflow gets only the plan's shape.

export interface MediaPlan {
  durationMs: number;
  hasVideo: boolean;
  channels: number;
  chunks: { index: number; durationMs: number }[];
  /** STT_CONCURRENCY, for the workflow (which reads no configuration). */
  concurrency: number;
}

const exists = (file: string): Promise<boolean> => fs.access(file).then(() => true, () => false);

export type ChunkFile = (recording: RecordingRow, index: number, signal: AbortSignal) => Promise<string>;

/** The media step's activities, and `chunkFile` for the chunk transcription activities. */
export function createMediaStep({ db, config, storage }: ActivityDeps) {
  const root = scratchRoot(config.SCRATCH_DIR);
  const outbound = createOutboundAgent({ allowPrivate: config.OUTBOUND_ALLOW_PRIVATE });
  const limits = chunkLimits(config);
  const maxDurationMs = durationMs(config.RECORDING_MAX_DURATION);
  /** Re-renders in flight in this process, so concurrent chunk activities share one. */
  const rendering = new Map<string, Promise<void>>();

  async function original(recording: RecordingRow, dir: string, signal: AbortSignal): Promise<string> {
    return copyOriginal(recording, dir, { storage, outbound, maxBytes: config.RECORDING_MAX_BYTES, signal });
  }

  /** Renders into a private folder and moves the chunks in, so concurrent renders never see half a file. */
  async function render(recording: RecordingRow, spans: ChunkSpan[], stereo: boolean, source: string | null, signal: AbortSignal): Promise<void> {
    const dir = scratchDirFor(root, recording.id);
    const work = path.join(dir, `render-${randomBytes(4).toString('hex')}`);
    await fs.mkdir(work, { recursive: true });
    try {
      const input = source ?? (await original(recording, work, signal));
      const files = await renderChunks(input, work, spans, stereo, signal);
      for (const [i, file] of files.entries()) {
        const { size } = await fs.stat(file);
        if (size > limits.maxUploadBytes) {
          throw permanent(FailureTypes.TooLarge, `Chunk ${i + 1} of the rendition is ${size} bytes, more than the ${limits.maxUploadBytes}-byte upload limit`);
        }
        await fs.rename(file, path.join(dir, chunkFileName(i)));
      }
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  const activities = {
    async prepareMedia(recordingId: string): Promise<MediaPlan> {
      const recording = await requireRecording(db, recordingId);
      const signal = Context.current().cancellationSignal;
      const stop = keepAlive(5_000);
      try {
        const dir = scratchDirFor(root, recording.id);
        await fs.mkdir(dir, { recursive: true });
        // A retry after the plan was saved keeps it (and the chunk transcripts already paid for).
        const known = await getRecordingMedia(db, recording.id);
        const saved = known ? await listRecordingChunks(db, recording.id) : [];
        if (known && saved.length > 0) {
          const missing = (await Promise.all(saved.map((c) => exists(path.join(dir, chunkFileName(c.index)))))).some((ok) => !ok);
          if (missing) await render(recording, saved, known.channelsDiffer, null, signal);
          return plan(known, saved, config.STT_CONCURRENCY);
        }
        const source = await original(recording, dir, signal);
        let facts;
        try {
          facts = await probeMedia(source, signal);
        } catch (err) {
          if (err instanceof MediaProblem) throw permanent(FailureTypes.UnusableMedia, err.message);
          throw err;
        }
        if (facts.durationMs > maxDurationMs) {
          throw permanent(FailureTypes.TooLong, `The recording is ${formatHms(facts.durationMs)} long, more than the ${config.RECORDING_MAX_DURATION} limit`);
        }
        const stereo = facts.channelsDiffer;
        const spans = planChunks(facts.durationMs, chunkSeconds(limits, renditionBytesPerSecond(stereo ? 2 : 1)), facts.silences);
        await render(recording, spans, stereo, source, signal);
        await fs.rm(source, { force: true });
        const media: RecordingMedia = { container: facts.container, durationMs: facts.durationMs, hasVideo: facts.hasVideo, channels: facts.channels, channelsDiffer: stereo };
        await saveRecordingMedia(db, recording.id, media, spans);
        return plan(media, spans, config.STT_CONCURRENCY);
      } finally {
        stop();
      }
    },

    async removeRecordingScratch(recordingId: string): Promise<void> {
      await removeScratch(root, recordingId);
    },
  };

  /** The chunk's file, rendered again from the original when this machine has no scratch copy (another worker prepared it). */
  const chunkFile: ChunkFile = async (recording, index, signal) => {
      const file = path.join(scratchDirFor(root, recording.id), chunkFileName(index));
      if (await exists(file)) return file;
      const media = await getRecordingMedia(db, recording.id);
      const spans = await listRecordingChunks(db, recording.id);
      if (!media || spans.length === 0) throw permanent(FailureTypes.InvalidState, 'The recording has no chunk plan');
      let pending = rendering.get(recording.id);
      if (!pending) {
        pending = render(recording, spans, media.channelsDiffer, null, signal).finally(() => rendering.delete(recording.id));
        rendering.set(recording.id, pending);
      }
      await pending;
      return file;
  };

  return { activities, chunkFile };
}

function plan(media: RecordingMedia, spans: ChunkSpan[], concurrency: number): MediaPlan {
  return {
    concurrency,
    durationMs: media.durationMs,
    hasVideo: media.hasVideo,
    channels: media.channelsDiffer ? 2 : 1,
    chunks: spans.map((s, index) => ({ index, durationMs: s.endMs - s.startMs })),
  };
}

function formatHms(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m${String(s % 60).padStart(2, '0')}s`;
}
