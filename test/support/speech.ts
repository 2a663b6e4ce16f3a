import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Real speech for the tests: espeak-ng says each line in the speaker's voice (two clearly different
// voices), sox joins the lines with a pause between them into one mono WAV. The timings of each line
// are measured from the files sox joined, so a test knows who spoke when.

const run = promisify(execFile);

export const VOICES = { rep: 'en-us+m3', customer: 'en-us+f3' } as const;
export type Voice = keyof typeof VOICES;

export interface Line {
  voice: Voice;
  text: string;
}

export interface SpokenLine extends Line {
  /** Seconds from the start of the call (the line's file, including espeak's short tail of silence). */
  start: number;
  end: number;
}

export interface SynthesizedCall {
  wav: Buffer;
  lines: SpokenLine[];
  duration: number;
}

const RATE = 16_000;

export async function synthesizeCall(lines: Line[], pauseSeconds = 1): Promise<SynthesizedCall> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-speech-'));
  try {
    const gap = path.join(dir, 'gap.wav');
    await run('sox', ['-n', '-r', String(RATE), '-c', '1', '-b', '16', gap, 'trim', '0', String(pauseSeconds)]);
    const parts: string[] = [];
    const spoken: SpokenLine[] = [];
    let at = 0;
    for (const [i, line] of lines.entries()) {
      const raw = path.join(dir, `line-${i}-raw.wav`);
      const file = path.join(dir, `line-${i}.wav`);
      await run('espeak-ng', ['-v', VOICES[line.voice], '-s', '165', '-w', raw, line.text]);
      await run('sox', [raw, '-r', String(RATE), '-c', '1', '-b', '16', file]);
      const seconds = Number((await run('soxi', ['-D', file])).stdout.trim());
      if (i > 0) {
        parts.push(gap);
        at += pauseSeconds;
      }
      parts.push(file);
      spoken.push({ ...line, start: at, end: at + seconds });
      at += seconds;
    }
    const out = path.join(dir, 'call.wav');
    await run('sox', [...parts, out]);
    return { wav: await fs.readFile(out), lines: spoken, duration: at };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
