import type { Pause } from './cuts';
import { FFMPEG_QUIET, runTool } from './ffmpeg';

// The audio the provider gets: 16 kHz mono MP3 at 32 kbps (every supported provider takes MP3, and
// an hour is ~14 MB, so only very long calls need splitting for size). A stereo call whose channels
// differ becomes one file per channel, so each side is transcribed and labelled on its own. A mono MP3
// at most 128 kbps is sent as it is (pieces.ts), cut by frame if long (mp3Frames.ts): only its pauses and length are heard.
// Each side is decoded once: the same pass writes the rendition and hears the pauses and the real length.

export const RENDITION_BITRATE = 32_000;
const ENCODE = ['-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3'];
const RENDITION_FORMAT = 'aformat=sample_rates=16000:channel_layouts=mono';
/** Quieter than -40 dB for at least 0.4 s is a pause between words or turns. */
const SILENCE = 'silencedetect=noise=-40dB:d=0.4';
/** ffmpeg's progress report (key=value lines on stdout) ends with the time of the last decoded audio. */
const PROGRESS = ['-progress', 'pipe:1'];

export type Side = 'mono' | 'left' | 'right';

/** The part of the first audio stream a side is: the whole mix, or one channel of a stereo call. */
const PICK: Record<Side, string> = { mono: '', left: 'pan=mono|c0=c0,', right: 'pan=mono|c0=c1,' };

/** Whether the first two channels carry different sound (a mono call saved as stereo does not). */
export async function channelsDiffer(source: string, signal?: AbortSignal): Promise<boolean> {
  const { stderr } = await runTool(
    'ffmpeg',
    [...FFMPEG_QUIET, '-i', source, '-map', '0:a:0', '-af', 'pan=mono|c0=c0-c1,volumedetect', '-f', 'null', '-'],
    signal,
  );
  const max = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr)?.[1];
  return max !== undefined && max !== '-inf' && Number(max) > -50;
}

export interface HeardAudio {
  durationMs: number;
  pauses: Pause[];
}

/** Writes `side` of `source` to `out` as the rendition, and hears it (length, pauses) in the same decode. */
export async function renderSide(source: string, side: Side, out: string, signal?: AbortSignal): Promise<HeardAudio> {
  const graph = `[0:a:0]${PICK[side]}${RENDITION_FORMAT},asplit=2[send][hear];[hear]${SILENCE}[heard]`;
  const { stdout, stderr } = await runTool(
    'ffmpeg',
    [
      ...FFMPEG_QUIET,
      ...PROGRESS,
      '-i',
      source,
      '-filter_complex',
      graph,
      '-map',
      '[send]',
      ...ENCODE,
      out,
      '-map',
      '[heard]',
      '-f',
      'null',
      '-',
    ],
    signal,
  );
  return heardIn(stdout, stderr);
}

/** Decodes `file` to the end without writing anything: its real length and its pauses. */
export async function listenTo(file: string, signal?: AbortSignal): Promise<HeardAudio> {
  return (await listenWithLog(file, signal)).audio;
}

/** listenTo, with ffmpeg's log (which describes the input before decoding it: probe.ts, loggedAudioFacts). */
export async function listenWithLog(file: string, signal?: AbortSignal): Promise<{ audio: HeardAudio; log: string }> {
  const { stdout, stderr } = await runTool(
    'ffmpeg',
    [...FFMPEG_QUIET, ...PROGRESS, '-i', file, '-map', '0:a:0', '-af', SILENCE, '-f', 'null', '-'],
    signal,
  );
  return { audio: heardIn(stdout, stderr), log: stderr };
}

function heardIn(progress: string, stderr: string): HeardAudio {
  const times = [...progress.matchAll(/^out_time_us=(\d+)$/gm)];
  const durationMs = times.length > 0 ? Math.round(Number(times[times.length - 1][1]) / 1000) : 0;
  const pauses: Pause[] = [];
  let open: number | null = null;
  for (const line of stderr.split('\n')) {
    const start = /silence_start: (-?[\d.]+)/.exec(line);
    if (start) open = Math.max(0, Math.round(Number(start[1]) * 1000));
    const end = /silence_end: ([\d.]+)/.exec(line);
    if (end && open !== null) {
      pauses.push({ startMs: open, endMs: Math.round(Number(end[1]) * 1000) });
      open = null;
    }
  }
  // A pause still running when the audio ends has a start and no end.
  if (open !== null) pauses.push({ startMs: open, endMs: durationMs });
  return { durationMs, pauses };
}

/** Milliseconds of `heard` that are not pauses. */
export function soundMs(heard: HeardAudio): number {
  return (
    heard.durationMs -
    heard.pauses.reduce((sum, p) => sum + Math.max(0, Math.min(p.endMs, heard.durationMs) - p.startMs), 0)
  );
}
