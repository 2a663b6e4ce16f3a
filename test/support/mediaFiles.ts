import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { synthesizeCall, type Line } from './speech';

// Test recordings as call recorders produce them, made from real speech (espeak-ng, two voices) and
// encoded by ffmpeg; made once per test run into a temp dir and reused.

const run = promisify(execFile);

export const CALL_LINES: Line[] = [
  { voice: 'rep', text: 'Hi Dana, this is Sam from Acme. Do you have a minute to talk about delivery costs?' },
  { voice: 'customer', text: 'Sure, my name is Dana. What is this about?' },
  { voice: 'rep', text: 'We help logistics teams plan their routes. How do you plan them today?' },
  { voice: 'customer', text: 'We use spreadsheets, basically, and it takes a long time every week.' },
  { voice: 'rep', text: 'Could we book a short follow up meeting next Tuesday?' },
  { voice: 'customer', text: 'Yes, Tuesday works for me.' },
];

export type MediaFormat = 'wav' | 'mp3' | 'm4a' | 'ogg' | 'webm' | 'mp4';

const ENCODINGS: Record<MediaFormat, string[]> = {
  wav: ['-ac', '2', '-ar', '44100', '-c:a', 'pcm_s16le'],
  mp3: ['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k'],
  m4a: ['-ac', '1', '-c:a', 'aac', '-b:a', '64k'],
  ogg: ['-ac', '1', '-c:a', 'libopus', '-b:a', '32k'],
  webm: ['-ac', '1', '-c:a', 'libopus', '-b:a', '32k'],
  mp4: [],
};

export const CONTENT_TYPES: Record<MediaFormat, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  mp4: 'video/mp4',
};

let workDir: Promise<string> | undefined;
const dir = (): Promise<string> => (workDir ??= fs.mkdtemp(path.join(os.tmpdir(), 'sp-media-')));
const made = new Map<string, Promise<string>>();

/** Makes `name` once per run with `make(file)`; returns its path. */
function once(name: string, make: (file: string) => Promise<void>): Promise<string> {
  let file = made.get(name);
  if (!file) {
    file = dir().then(async (d) => {
      const target = path.join(d, name);
      await make(target);
      return target;
    });
    made.set(name, file);
  }
  return file;
}

export const callWav = (): Promise<string> =>
  once('speech.wav', async (file) => {
    const call = await synthesizeCall(CALL_LINES, 1.5);
    await fs.writeFile(file, call.wav);
  });

export const callIn = (format: MediaFormat): Promise<string> =>
  once(`call.${format}`, async (file) => {
    const wav = await callWav();
    const args =
      format === 'mp4'
        ? ['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-i', wav, '-shortest', '-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k']
        : ['-i', wav, ...ENCODINGS[format]];
    await run('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args, file]);
  });

/** The call repeated to `minutes` as a 64 kbps mono MP3 (70 minutes ≈ 33.6 MB). */
export const longCallMp3 = (minutes: number): Promise<string> =>
  once(`long-${minutes}.mp3`, async (file) => {
    const wav = await callWav();
    await run('ffmpeg', ['-hide_banner', '-v', 'error', '-y', '-stream_loop', '-1', '-i', wav, '-t', String(minutes * 60), '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k', file]);
  });

export const silentMp3 = (): Promise<string> =>
  once('silent.mp3', async (file) => {
    await run('ffmpeg', ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono', '-t', '20', '-c:a', 'libmp3lame', '-b:a', '64k', file]);
  });

/** The first half of the call's MP3: its header still declares the whole length. */
export async function truncatedMp3(): Promise<Buffer> {
  const whole = await fs.readFile(await callIn('mp3'));
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** Seconds of audio ffprobe reads in a file. */
export async function mediaSeconds(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}
