import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A real call to send through the media step: each line of a script spoken by espeak-ng (the rep and
// the customer in two different voices), placed at the line's start time and mixed by ffmpeg into one
// file of exactly the script's length. Made once per script and cached in the temp directory, because
// the recording suites load it at import time.

export interface ScriptLine {
  start: number;
  end: number;
  text: string;
  speaker?: string | number;
}

const VOICE = ['en-us+m3', 'en-us+f3'];

export function speakScript(lines: ScriptLine[], options: { seconds: number; format?: 'mp3' | 'wav' }): Buffer {
  const format = options.format ?? 'mp3';
  const key = createHash('sha256')
    .update(JSON.stringify({ lines, options, v: 1 }))
    .digest('hex')
    .slice(0, 16);
  const cached = path.join(os.tmpdir(), `sp-sample-${key}.${format}`);
  if (fs.existsSync(cached)) return fs.readFileSync(cached);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-sample-'));
  try {
    const inputs: string[] = [];
    const filters: string[] = [];
    lines.forEach((line, i) => {
      const file = path.join(dir, `line-${i}.wav`);
      // espeak-ng speaks at 175 wpm by default; the line must end before the next starts.
      execFileSync('espeak-ng', ['-v', VOICE[Number(line.speaker ?? 0) % 2], '-s', '190', '-w', file, line.text]);
      inputs.push('-i', file);
      const ms = Math.round(line.start * 1000);
      filters.push(`[${i}:a]aresample=16000,atrim=end=${(line.end - line.start).toFixed(3)},adelay=${ms}|${ms}[l${i}]`);
    });
    const mix = `${filters.join(';')};${lines.map((_, i) => `[l${i}]`).join('')}amix=inputs=${lines.length}:normalize=0,apad[out]`;
    const out = path.join(dir, `call.${format}`);
    const codec = format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '64k'] : ['-c:a', 'pcm_s16le'];
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      mix,
      '-map',
      '[out]',
      '-t',
      String(options.seconds),
      '-ac',
      '1',
      ...codec,
      out,
    ]);
    fs.copyFileSync(out, cached);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
