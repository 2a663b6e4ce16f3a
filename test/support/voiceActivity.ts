import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// What the speech-to-text stand-ins "hear": the voiced stretches of the audio they were sent, found
// by ffmpeg's silencedetect (quieter than -40 dB for at least 0.5 s is a pause). Audio ffmpeg cannot
// decode is reported as such, as a real provider would refuse it.

const run = promisify(execFile);

export interface Stretch {
  start: number;
  end: number;
}

export class UndecodableAudioError extends Error {}

type Heard = { stretches: Stretch[]; duration: number };

// Hearing is a pure function of the bytes: what was heard is remembered by the audio's SHA-256, so the
// benchmark, which sends one call hundreds of times, does not spend the machine's cores on the provider's
// side of the work (in production that runs on the provider's machines). Refusals are remembered alike.
const heardBefore = new Map<string, Promise<Heard>>();
const REMEMBERED = 32;

/** The voiced stretches of the whole (mixed) audio, or of one channel (0 = left) when `channel` is given. */
export function voicedStretches(audio: Buffer, channel?: number): Promise<Heard> {
  const key = `${createHash('sha256').update(audio).digest('hex')}:${channel ?? 'mix'}`;
  let heard = heardBefore.get(key);
  if (!heard) {
    heard = hear(audio, channel);
    heardBefore.set(key, heard);
    if (heardBefore.size > REMEMBERED) heardBefore.delete(heardBefore.keys().next().value as string);
  }
  // Each caller gets its own copy to change.
  return heard.then((h) => structuredClone(h));
}

async function hear(audio: Buffer, channel?: number): Promise<Heard> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-heard-'));
  try {
    const file = path.join(dir, 'audio');
    await fs.writeFile(file, audio);
    let stderr: string;
    try {
      const pick = channel === undefined ? '' : `pan=mono|c0=c${channel},`;
      ({ stderr } = await run('ffmpeg', [
        '-hide_banner',
        '-nostats',
        '-i',
        file,
        '-af',
        `${pick}silencedetect=noise=-40dB:d=0.5`,
        '-f',
        'null',
        '-',
      ]));
    } catch (err) {
      throw new UndecodableAudioError(
        `not audio ffmpeg can decode: ${String((err as { stderr?: string }).stderr ?? err).slice(-200)}`,
      );
    }
    const hms = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
    if (!hms) throw new UndecodableAudioError('no duration');
    const duration = Number(hms[1]) * 3600 + Number(hms[2]) * 60 + Number(hms[3]);
    const silences: Stretch[] = [];
    for (const m of stderr.matchAll(/silence_start: (-?[\d.]+)[\s\S]*?silence_end: ([\d.]+)/g)) {
      silences.push({ start: Math.max(0, Number(m[1])), end: Number(m[2]) });
    }
    // A silence still running at the end has a start and no end.
    const open = /silence_start: (-?[\d.]+)(?![\s\S]*silence_end)/.exec(
      stderr.slice(stderr.lastIndexOf('silence_start')),
    );
    if (open && (silences.length === 0 || silences[silences.length - 1].start !== Math.max(0, Number(open[1])))) {
      silences.push({ start: Math.max(0, Number(open[1])), end: duration });
    }
    const stretches: Stretch[] = [];
    let at = 0;
    for (const s of silences) {
      if (s.start - at > MIN_STRETCH) stretches.push({ start: round(at), end: round(s.start) });
      at = s.end;
    }
    if (duration - at > MIN_STRETCH) stretches.push({ start: round(at), end: round(duration) });
    return { stretches, duration: round(duration) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const round = (s: number): number => Math.round(s * 1000) / 1000;

/** Shorter than this is no word: the padding an MP3 encoder adds after the last silence, a click. */
const MIN_STRETCH = 0.2;
