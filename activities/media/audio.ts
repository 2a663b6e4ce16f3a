import path from 'node:path';
import type { Pause } from './cuts';
import { FFMPEG_QUIET, runTool } from './ffmpeg';
import { probeMedia } from './probe';

// The audio the provider gets: 16 kHz mono MP3 at 32 kbps (every supported provider takes MP3, and
// an hour is ~14 MB, so only very long calls need splitting for size). A stereo call whose channels
// differ becomes one file per channel, so each side is transcribed and labelled on its own.

export const RENDITION_BITRATE = 32_000;
const ENCODE = ['-c:a', 'libmp3lame', '-b:a', '32k', '-ar', '16000', '-ac', '1', '-f', 'mp3'];
/** Quieter than -40 dB for at least 0.4 s is a pause between words or turns. */
const SILENCE = 'silencedetect=noise=-40dB:d=0.4';

export type Side = 'mono' | 'left' | 'right';

/** Whether the first two channels carry different sound (a mono call saved as stereo does not). */
export async function channelsDiffer(source: string, signal?: AbortSignal): Promise<boolean> {
  const { stderr } = await runTool('ffmpeg', [...FFMPEG_QUIET, '-i', source, '-map', '0:a:0', '-af', 'pan=mono|c0=c0-c1,volumedetect', '-f', 'null', '-'], signal);
  const max = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr)?.[1];
  return max !== undefined && max !== '-inf' && Number(max) > -50;
}

/** Writes the rendition(s) of `source` into `dir`: `mono.mp3`, or `left.mp3` and `right.mp3`. */
export async function renderAudio(source: string, dir: string, split: boolean, signal?: AbortSignal): Promise<Record<Side, string | undefined>> {
  if (!split) {
    const mono = path.join(dir, 'mono.mp3');
    await runTool('ffmpeg', [...FFMPEG_QUIET, '-i', source, '-map', '0:a:0', '-vn', ...ENCODE, mono], signal);
    return { mono, left: undefined, right: undefined };
  }
  const left = path.join(dir, 'left.mp3');
  const right = path.join(dir, 'right.mp3');
  await runTool(
    'ffmpeg',
    [...FFMPEG_QUIET, '-i', source, '-filter_complex', '[0:a:0]asplit=2[a][b];[a]pan=mono|c0=c0[l];[b]pan=mono|c0=c1[r]', '-map', '[l]', ...ENCODE, left, '-map', '[r]', ...ENCODE, right],
    signal,
  );
  return { mono: undefined, left, right };
}

export interface HeardAudio {
  durationMs: number;
  pauses: Pause[];
}

/** Decodes `file` to the end: its real length and its pauses. */
export async function listenTo(file: string, signal?: AbortSignal): Promise<HeardAudio> {
  const { stderr } = await runTool('ffmpeg', [...FFMPEG_QUIET, '-i', file, '-af', SILENCE, '-f', 'null', '-'], signal);
  const durationMs = (await probeMedia(file, signal)).durationMs;
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
  return heard.durationMs - heard.pauses.reduce((sum, p) => sum + Math.max(0, Math.min(p.endMs, heard.durationMs) - p.startMs), 0);
}

/** Cuts `file` at `cutsMs` without re-encoding; returns the pieces' paths in order. */
export async function splitAudio(file: string, cutsMs: number[], signal?: AbortSignal): Promise<string[]> {
  const dir = path.dirname(file);
  const base = path.basename(file, '.mp3');
  if (cutsMs.length === 0) return [file];
  const pattern = path.join(dir, `${base}-%04d.mp3`);
  const times = cutsMs.map((ms) => (ms / 1000).toFixed(3)).join(',');
  await runTool('ffmpeg', [...FFMPEG_QUIET, '-i', file, '-f', 'segment', '-segment_times', times, '-c', 'copy', '-reset_timestamps', '1', pattern], signal);
  return Array.from({ length: cutsMs.length + 1 }, (_, i) => path.join(dir, `${base}-${String(i).padStart(4, '0')}.mp3`));
}
