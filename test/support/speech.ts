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

/** A short two-voice sales call (rep, customer, rep, customer), spoken by the provider tests. */
export const SHORT_CALL: Line[] = [
  { voice: 'rep', text: 'Hi Dana, this is Sam from Acme. Do you have a minute?' },
  { voice: 'customer', text: 'Sure. What is this about?' },
  { voice: 'rep', text: 'We help delivery teams cut their routing costs. How do you plan routes today?' },
  { voice: 'customer', text: 'With spreadsheets, mostly.' },
];

/** The rep's share of the speaking time as a test generated it. */
export function generatedTalkRatio(lines: Array<{ voice: Voice; start: number; end: number }>): number {
  const of = (voice: Voice): number =>
    lines.filter((l) => l.voice === voice).reduce((n, l) => n + (l.end - l.start), 0);
  return of('rep') / (of('rep') + of('customer'));
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
