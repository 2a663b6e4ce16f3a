import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Stretch } from './voiceActivity';

// Which voice speaks in a stretch of audio, as a diarising provider's stand-in needs to know: the
// median fundamental frequency of the stretch's voiced frames, by autocorrelation of the 8 kHz PCM
// ffmpeg decodes. The tests' calls are spoken by espeak-ng in voices of clearly different pitch, so the
// median pitch tells them apart as a diarising model would (by the voice, not by turn order).

const run = promisify(execFile);
const RATE = 8000;
const FRAME = 400; // 50 ms
const MIN_LAG = Math.floor(RATE / 400); // 400 Hz
const MAX_LAG = Math.ceil(RATE / 60); // 60 Hz
const FRAMES_PER_STRETCH = 24;

/** The audio as 8 kHz mono 16-bit samples. */
export async function decodePcm(audio: Buffer | string): Promise<Int16Array> {
  const input = typeof audio === 'string' ? audio : 'pipe:0';
  const child = run(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-i', input, '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'],
    {
      encoding: 'buffer',
      maxBuffer: 1024 * 1024 * 1024,
    },
  );
  if (typeof audio !== 'string') child.child.stdin?.end(audio);
  const { stdout } = await child;
  const bytes = stdout as unknown as Buffer;
  return new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
}

function framePitch(pcm: Int16Array, from: number): number | null {
  let energy = 0;
  for (let i = from; i < from + FRAME; i += 1) energy += pcm[i] * pcm[i];
  if (energy / FRAME < 200 * 200) return null;
  let best = 0;
  let bestLag = 0;
  for (let lag = MIN_LAG; lag <= MAX_LAG; lag += 1) {
    let sum = 0;
    let norm = 0;
    for (let i = from; i < from + FRAME - lag; i += 1) {
      sum += pcm[i] * pcm[i + lag];
      norm += pcm[i + lag] * pcm[i + lag];
    }
    const r = sum / Math.sqrt(energy * norm || 1);
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  return best > 0.6 ? RATE / bestLag : null;
}

/** The median pitch (Hz) of a stretch, or null when none of its frames is voiced. */
export function stretchPitch(pcm: Int16Array, stretch: Stretch): number | null {
  const start = Math.floor(stretch.start * RATE);
  const end = Math.min(pcm.length - FRAME - MAX_LAG, Math.floor(stretch.end * RATE) - FRAME);
  if (end <= start) return null;
  const step = Math.max(FRAME, Math.floor((end - start) / FRAMES_PER_STRETCH));
  const pitches: number[] = [];
  for (let at = start; at <= end; at += step) {
    const p = framePitch(pcm, at);
    if (p !== null) pitches.push(p);
  }
  if (pitches.length === 0) return null;
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)];
}
