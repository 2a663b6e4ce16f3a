import path from 'node:path';
import type { RedactedSpan } from '../../common/redaction';
import { FFMPEG_QUIET, runTool } from './ffmpeg';

// Silencing redacted spans in a stored recording (issue 43): ffmpeg's `volume` filter set to 0 while
// any span lasts, every other sample as it was (re-encoded in the file's own container and codec
// family, a video stream copied untouched). Spans are widened by SILENCE_MARGIN_MS on each side: a
// provider's word times are its model's estimate, and the first and last sounds of a digit must go too.

export const SILENCE_MARGIN_MS = 150;

/** The container ffmpeg writes and the audio encoder it uses, by the stored file's extension. */
const FORMATS: Record<string, { muxer: string; audio: string[] }> = {
  mp3: { muxer: 'mp3', audio: ['-c:a', 'libmp3lame', '-q:a', '2'] },
  m4a: { muxer: 'ipod', audio: ['-c:a', 'aac', '-b:a', '128k'] },
  aac: { muxer: 'adts', audio: ['-c:a', 'aac', '-b:a', '128k'] },
  mp4: { muxer: 'mp4', audio: ['-c:a', 'aac', '-b:a', '128k'] },
  mov: { muxer: 'mov', audio: ['-c:a', 'aac', '-b:a', '128k'] },
  wav: { muxer: 'wav', audio: ['-c:a', 'pcm_s16le'] },
  flac: { muxer: 'flac', audio: ['-c:a', 'flac'] },
  ogg: { muxer: 'ogg', audio: ['-c:a', 'libopus', '-b:a', '64k'] },
  oga: { muxer: 'ogg', audio: ['-c:a', 'libopus', '-b:a', '64k'] },
  webm: { muxer: 'webm', audio: ['-c:a', 'libopus', '-b:a', '64k'] },
  weba: { muxer: 'webm', audio: ['-c:a', 'libopus', '-b:a', '64k'] },
};
/** Anything else: Matroska holds every codec, and FLAC loses nothing. */
const FALLBACK = { muxer: 'matroska', audio: ['-c:a', 'flac'] };

/** The spans widened by the margin, overlapping ones joined, in order. */
export function silencedRanges(spans: RedactedSpan[]): Array<{ startMs: number; endMs: number }> {
  const ranges = spans
    .map((s) => ({ startMs: Math.max(0, s.startMs - SILENCE_MARGIN_MS), endMs: s.endMs + SILENCE_MARGIN_MS }))
    .sort((a, b) => a.startMs - b.startMs);
  const joined: Array<{ startMs: number; endMs: number }> = [];
  for (const r of ranges) {
    const last = joined[joined.length - 1];
    if (last && r.startMs <= last.endMs) last.endMs = Math.max(last.endMs, r.endMs);
    else joined.push({ ...r });
  }
  return joined;
}

/** Writes `source` with the spans silent to a new file in `dir` (same extension); returns its path. */
export async function silenceSpans(
  source: string,
  spans: RedactedSpan[],
  dir: string,
  signal?: AbortSignal,
): Promise<string> {
  const ext = path.extname(source).slice(1).toLowerCase();
  const format = FORMATS[ext] ?? FALLBACK;
  const out = path.join(dir, `silenced${path.extname(source)}`);
  const between = silencedRanges(spans)
    .map((r) => `between(t,${(r.startMs / 1000).toFixed(3)},${(r.endMs / 1000).toFixed(3)})`)
    .join('+');
  await runTool(
    'ffmpeg',
    [
      ...FFMPEG_QUIET,
      '-i',
      source,
      '-map',
      '0:a',
      '-map',
      '0:v?',
      '-c:v',
      'copy',
      '-af',
      `volume=volume=0:enable='${between}'`,
      ...format.audio,
      '-f',
      format.muxer,
      out,
    ],
    signal,
  );
  return out;
}
