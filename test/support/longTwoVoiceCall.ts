import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { VOICES, type Voice } from './speech';

export { generatedTalkRatio } from './speech';

// A long mono call in two espeak-ng voices of clearly different pitch, the rep talking about four
// times as much as the customer (two long sentences a turn against one short): each sentence is spoken once, and the call is those clips laid out
// by sox with pauses between turns. One turn can be pinned: the customer starts speaking at
// `customerAt` seconds (so a piece boundary cut in the pause before it makes a piece that starts with
// the customer). Made once per layout and kept in the temp directory: it is minutes of audio.

const run = promisify(execFile);

export interface TimedLine {
  voice: Voice;
  start: number;
  end: number;
}

export interface LongCall {
  mp3: Buffer;
  lines: TimedLine[];
  duration: number;
  /** Each sentence with its spoken length, as a stand-in that "hears" sentences by their length needs them. */
  sentences: Array<{ voice: Voice; text: string; seconds: number }>;
}

const REP = [
  'We help delivery teams plan their routes every morning, and most of them save about a fifth of their fuel in the first quarter.',
  'The planner reads your orders, your drivers and their shifts, and it builds the day in a few seconds instead of an hour.',
  'When a customer calls to move a delivery, the dispatcher drags it to another slot and every driver sees the change at once.',
  'We would start with one depot for a month, measure the miles and the overtime, and only then talk about the rest of the fleet.',
];
const CUSTOMER = [
  'That sounds interesting, but our drivers know their streets very well.',
  'How long would the first month take to set up for us?',
  'We tried a tool like that two years ago, and it was too slow.',
];

const RATE = 16_000;

async function seconds(file: string): Promise<number> {
  return Number((await run('soxi', ['-D', file])).stdout.trim());
}

export async function longTwoVoiceCall(options: {
  seconds: number;
  customerAt?: number;
  silenceBefore?: number;
  pause?: number;
}): Promise<LongCall> {
  const pause = options.pause ?? 1;
  const key = createHash('sha256')
    .update(JSON.stringify({ options, REP, CUSTOMER, VOICES, v: 2 }))
    .digest('hex')
    .slice(0, 16);
  const cachedMp3 = path.join(os.tmpdir(), `sp-long-call-${key}.mp3`);
  const cachedJson = `${cachedMp3}.json`;
  try {
    const { lines, duration, sentences } = JSON.parse(await fs.readFile(cachedJson, 'utf8')) as Omit<LongCall, 'mp3'>;
    return { mp3: await fs.readFile(cachedMp3), lines, duration, sentences };
  } catch {
    // Not made yet.
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-long-call-'));
  try {
    const say = async (voice: Voice, text: string, name: string): Promise<{ file: string; length: number }> => {
      const raw = path.join(dir, `${name}-raw.wav`);
      const file = path.join(dir, `${name}.wav`);
      await run('espeak-ng', ['-v', VOICES[voice], '-s', '165', '-w', raw, text]);
      await run('sox', [raw, '-r', String(RATE), '-c', '1', '-b', '16', file]);
      return { file, length: await seconds(file) };
    };
    const silence = async (length: number): Promise<string> => {
      const file = path.join(dir, `gap-${length.toFixed(3)}.wav`);
      await run('sox', ['-n', '-r', String(RATE), '-c', '1', '-b', '16', file, 'trim', '0', length.toFixed(3)]);
      return file;
    };
    const rep = await Promise.all(REP.map((t, i) => say('rep', t, `rep-${i}`)));
    const customer = await Promise.all(CUSTOMER.map((t, i) => say('customer', t, `customer-${i}`)));
    const gap = await silence(pause);
    const parts: string[] = [];
    const lines: TimedLine[] = [];
    let at = 0;
    let turn = 0;
    let pinned = options.customerAt === undefined;
    const place = (voice: Voice, clip: { file: string; length: number }): void => {
      parts.push(clip.file);
      lines.push({ voice, start: at, end: at + clip.length });
      at += clip.length;
    };
    while (at < options.seconds - 30) {
      // The rep's turn is two sentences, the customer's one: about four times as much speech.
      const [first, second] = [rep[(2 * turn) % rep.length], rep[(2 * turn + 1) % rep.length]];
      const turnLength = first.length + second.length + customer[turn % customer.length].length + 3 * pause;
      if (!pinned && at + turnLength > (options.customerAt ?? 0) - (options.silenceBefore ?? 0)) {
        // Wait in silence (at least silenceBefore) until the pinned moment, then the customer speaks (a sentence without a comma: no pause inside).
        parts.push(await silence(Math.max(pause, (options.customerAt ?? 0) - at)));
        at = Math.max(at + pause, options.customerAt ?? 0);
        place('customer', customer[1]);
        parts.push(gap);
        at += pause;
        pinned = true;
      }
      place('rep', first);
      parts.push(gap);
      at += pause;
      place('rep', second);
      parts.push(gap);
      at += pause;
      place('customer', customer[turn % customer.length]);
      parts.push(gap);
      at += pause;
      turn += 1;
    }
    const wav = path.join(dir, 'call.wav');
    await run('sox', [...parts, wav]);
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      wav,
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '48k',
      cachedMp3,
    ]);
    const sentences = [
      ...REP.map((text, i) => ({ voice: 'rep' as const, text, seconds: rep[i].length })),
      ...CUSTOMER.map((text, i) => ({ voice: 'customer' as const, text, seconds: customer[i].length })),
    ];
    await fs.writeFile(cachedJson, JSON.stringify({ lines, duration: at, sentences }));
    return { mp3: await fs.readFile(cachedMp3), lines, duration: at, sentences };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The rep's share of the speaking time as generated. */
