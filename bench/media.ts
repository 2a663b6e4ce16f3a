import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

// Part of `npm run bench` (bench/run.ts); alone: `npm run bench -- media [--minutes 60]`: the media step on an N-minute stored call (speech-to-text
// excluded) against the same ffmpeg commands run bare, one after another, in the same run; and the
// worker-side process's peak RSS with the media work against the same process without it.

interface StepRun {
  seconds: number;
  peakRssMiB: number;
  pieces: number;
  commands: Array<{ command: string; args: string[] }>;
}

function runStep(storageDir: string, key: string, idle: boolean): StepRun {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-scratch-'));
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'mediaStep.ts'), storageDir, key, scratch, ...(idle ? ['--idle'] : [])],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out.trim().split('\n').pop() as string) as StepRun;
}

/** The commands the step ran, run bare: a shell `cp` for the copy from storage, then each ffmpeg/ffprobe as it was. */
function runBare(source: string, commands: StepRun['commands']): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-bare-'));
  const started = process.hrtime.bigint();
  try {
    let original: string | undefined;
    for (const { command, args } of commands) {
      // The step's scratch folder no longer exists: point its paths into this run's folder.
      const mapped = args.map((a) => (a.includes('sp-bench-scratch-') ? path.join(dir, path.basename(a)) : a));
      const input = mapped.find((a) => path.basename(a) === 'original');
      if (!original && input) {
        original = input;
        fs.copyFileSync(source, original);
      }
      const result = spawnSync(command, mapped, { stdio: 'ignore' });
      if (result.status !== 0) throw new Error(`${command} ${mapped.join(' ')} failed`);
    }
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function makeCall(minutes: number, file: string): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-call-'));
  const line = path.join(dir, 'line.wav');
  execFileSync('espeak-ng', [
    '-v',
    'en-us+m3',
    '-w',
    line,
    'Hi Dana, this is Sam from Acme. Do you have a minute to talk about your delivery costs?',
  ]);
  // The sentence, then two seconds of silence, repeated for the whole call; 128 kbps stereo as a recorder saves it.
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    line,
    '-af',
    'apad=pad_dur=2',
    '-ar',
    '44100',
    '-ac',
    '2',
    path.join(dir, 'unit.wav'),
  ]);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-stream_loop',
    '-1',
    '-i',
    path.join(dir, 'unit.wav'),
    '-t',
    String(minutes * 60),
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    file,
  ]);
  fs.rmSync(dir, { recursive: true, force: true });
}

export interface MediaReport {
  date: string;
  minutes: number;
  fileMiB: number;
  pieces: number;
  ffmpegCommands: number;
  mediaStepSeconds: number;
  bareSeconds: number;
  ratio: number;
  peakRssMiB: number;
  idlePeakRssMiB: number;
  rssDeltaMiB: number;
  targets: { ratioAtLeast: number; rssDeltaAtMostMiB: number };
}

/** The media step on an N-minute call against the same commands run bare; part of `npm run bench`. */
export function runMedia(minutes: number): MediaReport {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-storage-'));
  const key = 'company/bench-call.mp3';
  fs.mkdirSync(path.join(storageDir, 'company'));
  const source = path.join(storageDir, key);
  makeCall(minutes, source);

  const idle = runStep(storageDir, key, true);
  const step = runStep(storageDir, key, false);
  const bare = runBare(source, step.commands);
  const report = {
    date: new Date().toISOString(),
    minutes,
    fileMiB: Math.round((fs.statSync(source).size / 1024 / 1024) * 10) / 10,
    pieces: step.pieces,
    ffmpegCommands: step.commands.length,
    mediaStepSeconds: Math.round(step.seconds * 100) / 100,
    bareSeconds: Math.round(bare * 100) / 100,
    ratio: Math.round((bare / step.seconds) * 100) / 100,
    peakRssMiB: Math.round(step.peakRssMiB),
    idlePeakRssMiB: Math.round(idle.peakRssMiB),
    rssDeltaMiB: Math.round(step.peakRssMiB - idle.peakRssMiB),
    targets: { ratioAtLeast: 0.9, rssDeltaAtMostMiB: 100 },
  };
  fs.rmSync(storageDir, { recursive: true, force: true });
  return report;
}

export function main(): Promise<void> {
  const { values } = parseArgs({ options: { minutes: { type: 'string', default: '60' } } });
  const report = runMedia(Number(values.minutes));
  const resultsDir = path.join(__dirname, 'results');
  fs.writeFileSync(
    path.join(resultsDir, `${report.date.slice(0, 10)}-media.json`),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return Promise.resolve();
}
