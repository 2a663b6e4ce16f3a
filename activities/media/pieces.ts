import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Dispatcher } from 'undici';
import type { Config } from '../../common/config';
import { durationMs } from '../../common/config';
import type { RecordingStorage } from '../../common/storage/recordingStorage';
import type { RecordingRow } from '../../db/queries/recordings';
import type { ChunkChannel } from '../../db/queries/recordingChunks';
import { FailureTypes, permanent } from '../failures';
import { meter } from '../progress';
import { openRecordingSource } from '../recordingSource';
import { requireSourceUrl } from '../requireRecording';
import {
  channelsDiffer,
  listenTo,
  listenWithLog,
  RENDITION_BITRATE,
  renderSide,
  soundMs,
  type HeardAudio,
  type Side,
} from './audio';
import { pieceOverlapMs, providerLimits } from '../stt/limits';
import { chooseCuts } from './cuts';
import { MediaToolError, lastLines } from './ffmpeg';
import { mp3FrameCuts } from './mp3Frames';
import { loggedAudioFacts, probeMedia, UndecodableMediaError, type MediaProbe } from './probe';
import { recordingScratchDir } from './scratch';
import { IO_CHUNK } from './ioChunk';

// From the caller's file to the pieces speech-to-text gets: copy the original into scratch space
// (stored or streamed from the caller's URL, never held in memory), probe it, render 16 kHz MP3 per
// side (or keep a small mono MP3 as it is), refuse what cannot be transcribed, and cut each side at
// pauses into pieces within the provider's limits (for Deepgram and AssemblyAI, each piece after the
// first repeats the last 20 s of the one before, to carry speaker labels across: stt/overlap.ts).
// Deterministic: cutting the same file again gives the same pieces.

export interface Piece {
  channel: ChunkChannel;
  index: number;
  startMs: number;
  durationMs: number;
  /** The side's file; the piece is its bytes [start, end) (whole frames), or all of it. */
  file: string;
  bytes?: { start: number; end: number };
}

export interface CutRecording {
  probe: MediaProbe;
  pieces: Piece[];
}

export interface PieceDeps {
  config: Config;
  storage: RecordingStorage;
  outbound: Dispatcher;
}

/**
 * The longest piece for this provider: STT_MAX_CHUNK_DURATION, or the provider's own limit, within its upload
 * limit at `bitRate` (the rendition's, or that of a file sent as it is).
 */
export function maxPieceMs(config: Config, bitRate = RENDITION_BITRATE): number {
  const configured = durationMs(config.STT_MAX_CHUNK_DURATION);
  const limits = providerLimits(config);
  // 5% under the byte limit for the MP3 frame headers.
  const bySize = Math.floor(((limits.maxBytes * 8) / bitRate) * 1000 * 0.95);
  return Math.min(configured > 0 ? configured : limits.maxMs, limits.maxMs, bySize);
}

/** Above this a mono MP3 is rendered anyway: the rendition is a quarter of its size or less, to upload and to keep in scratch. */
const AS_IT_IS_MAX_BITRATE = 4 * RENDITION_BITRATE;

/**
 * A mono MP3 at most a few times larger than the rendition would be is sent as it is, cut without re-encoding
 * where it is longer than a piece (pieces sized to its own bitrate): the encode it saves is most of the media
 * step's CPU, and for a long call the one decode that hears it is then all the step decodes.
 */
function sentAsItIs(probe: MediaProbe): boolean {
  return (
    probe.container === 'mp3' &&
    probe.audioCodec === 'mp3' &&
    probe.audioStreams === 1 &&
    probe.channels === 1 &&
    !probe.hasVideo &&
    probe.bitRate > 0 &&
    probe.bitRate <= AS_IT_IS_MAX_BITRATE
  );
}

/**
 * A file that starts like an MP3 and is no larger than one upload is heard first (one ffmpeg run), and ffmpeg's
 * log of it stands in for ffprobe when it shows a plain mono MP3 that goes as it is: the whole media step is
 * then that one run (a longer file adds the cut without re-encoding). Anything else (or a log that does not
 * read as such) answers undefined, and the file takes the usual way: ffprobe first (a larger file is not
 * decoded on a guess; most long recordings are stereo), then a listen or a rendition.
 */
async function listenToPlainMp3(
  config: Config,
  file: string,
  bytes: number,
  signal: AbortSignal,
): Promise<{ probe: MediaProbe; audio: HeardAudio } | undefined> {
  if (bytes > providerLimits(config).maxBytes * 0.95 || !(await startsLikeMp3(file))) return undefined;
  const heard = await listenWithLog(file, signal).catch(() => undefined);
  const probe = heard && loggedAudioFacts(heard.log);
  return probe && sentAsItIs(probe) ? { probe, audio: heard.audio } : undefined;
}

/** An ID3 tag or an MPEG audio frame sync at the start. */
async function startsLikeMp3(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(3), 0, 3, 0);
    return (
      bytesRead === 3 && (buffer.toString('latin1') === 'ID3' || (buffer[0] === 0xff && (buffer[1] & 0xe0) === 0xe0))
    );
  } finally {
    await handle.close();
  }
}

async function copyOriginal(
  deps: PieceDeps,
  recording: RecordingRow,
  file: string,
  signal: AbortSignal,
): Promise<void> {
  const maxBytes = deps.config.RECORDING_MAX_BYTES;
  if (recording.storageKey && deps.storage.copyToFile) {
    if (!(await deps.storage.copyToFile(recording.storageKey, file)))
      throw permanent(FailureTypes.InvalidState, 'The stored recording file is missing');
    return;
  }
  if (recording.storageKey) {
    const stored = await deps.storage.get(recording.storageKey);
    if (!stored) throw permanent(FailureTypes.InvalidState, 'The stored recording file is missing');
    await pipeline(stored.stream, createWriteStream(file, { highWaterMark: IO_CHUNK }), { signal });
    return;
  }
  const source = await openRecordingSource(requireSourceUrl(recording), deps.outbound, { maxBytes, signal });
  await pipeline(source.stream, meter(maxBytes), createWriteStream(file, { highWaterMark: IO_CHUNK }), { signal });
}

function unusable(err: unknown): never {
  if (err instanceof UndecodableMediaError)
    throw permanent(FailureTypes.NotMedia, 'The file is not audio or video that can be decoded');
  if (err instanceof MediaToolError)
    throw permanent(FailureTypes.NotMedia, `The audio cannot be decoded (${lastLines(err.stderr, 1)})`);
  throw err;
}

export async function cutRecording(
  deps: PieceDeps,
  recording: RecordingRow,
  signal: AbortSignal,
): Promise<CutRecording> {
  const { config } = deps;
  const dir = recordingScratchDir(config.SCRATCH_DIR, recording.id);
  await fs.mkdir(dir, { recursive: true });
  const original = path.join(dir, 'original');
  await copyOriginal(deps, recording, original, signal);

  const bytes = (await fs.stat(original)).size;
  const quick = await listenToPlainMp3(config, original, bytes, signal);
  const probe = quick?.probe ?? (await probeMedia(original, signal).catch(unusable));
  if (probe.audioStreams === 0)
    throw permanent(
      FailureTypes.NotMedia,
      `The file has no audio stream (${probe.hasVideo ? 'video only' : probe.container})`,
    );
  const maxDuration = durationMs(config.RECORDING_MAX_DURATION);
  if (probe.durationMs > maxDuration) {
    throw permanent(
      FailureTypes.TooLong,
      `The recording lasts ${Math.round(probe.durationMs / 60_000)} minutes; the limit is ${Math.round(maxDuration / 60_000)} minutes`,
    );
  }
  const split = probe.channels >= 2 && (await channelsDiffer(original, signal).catch(unusable));
  let heard: Array<{ side: Side; file: string; audio: HeardAudio }>;
  const asItIs = !split && sentAsItIs(probe);
  if (asItIs) {
    const file = path.join(dir, 'mono.mp3');
    const audio = quick?.audio ?? (await listenTo(original, signal).catch(unusable));
    await fs.rename(original, file);
    heard = [{ side: 'mono', file, audio }];
  } else {
    const sides: Side[] = split ? ['left', 'right'] : ['mono'];
    heard = await Promise.all(
      sides.map(async (side) => {
        const file = path.join(dir, `${side}.mp3`);
        return { side, file, audio: await renderSide(original, side, file, signal).catch(unusable) };
      }),
    );
    // The original is not needed past this point; the scratch folder keeps only what is sent.
    await fs.rm(original, { force: true });
  }

  if (heard.every((h) => soundMs(h.audio) < 300))
    throw permanent(FailureTypes.NoSpeech, 'The recording has no sound: it is silent from start to end');
  const decodedMs = Math.max(...heard.map((h) => h.audio.durationMs));
  // A file whose header announces more than can be decoded was cut off (an interrupted upload or download).
  if (probe.durationMs - decodedMs > Math.max(1500, probe.durationMs * 0.05)) {
    throw permanent(
      FailureTypes.NotMedia,
      `The file is truncated or damaged: only ${(decodedMs / 1000).toFixed(1)} s of the ${(probe.durationMs / 1000).toFixed(1)} s it announces can be decoded`,
    );
  }

  const limit = maxPieceMs(config, asItIs ? probe.bitRate : RENDITION_BITRATE);
  const overlap = Math.min(pieceOverlapMs(config), Math.floor(limit / 4));
  const pieces: Piece[] = [];
  for (const { side, file, audio } of heard) {
    // With an overlap each piece after the first starts that much before its cut, so cuts leave room for it.
    const cuts = audio.durationMs <= limit ? [] : chooseCuts(audio.durationMs, audio.pauses, limit - overlap);
    const bounds = [0, ...cuts, audio.durationMs];
    const ranges = bounds
      .slice(0, -1)
      .map((from, i) => ({ startMs: Math.max(0, i > 0 ? from - overlap : from), endMs: bounds[i + 1] }));
    // One piece is the whole file; more are byte ranges of its frames (mp3Frames.ts), read where they are.
    const frames =
      ranges.length > 1
        ? await mp3FrameCuts(
            file,
            ranges.flatMap((r) => [r.startMs, r.endMs]),
          ).catch((err: Error) =>
            unusable(new MediaToolError(`the MP3 frames cannot be followed: ${err.message}`, err.message)),
          )
        : undefined;
    ranges.forEach((r, index) =>
      pieces.push({
        channel: side,
        index,
        startMs: r.startMs,
        durationMs: r.endMs - r.startMs,
        file,
        ...(frames && {
          bytes: {
            start: index === 0 ? frames.start : frames.offsets[2 * index],
            end: index === ranges.length - 1 ? frames.end : frames.offsets[2 * index + 1],
          },
        }),
      }),
    );
  }
  return { probe: { ...probe, durationMs: decodedMs }, pieces };
}
