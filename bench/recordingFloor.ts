import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FileServer } from '../test/support/fileServer';
import type { EndToEndRuns } from './endToEndRuns';
import { f, table } from './textTable';

// Issue 36 part 2: a recording against its physical floor. A recording cannot cost less than its
// workflow shape (the real workflow bundle with empty activities: endToEndRuns' bare shape), one ffmpeg
// pass over its file and moving its bytes once. The last two are measured bare here, in the same run:
// `ffmpeg -i <file> -f null -` and `curl -o <file> <url>` from the same loopback file server, each
// child's CPU (user + system, its writes included) as its shell's `times` reports it (to the ms).

const run = promisify(execFile);

export interface FloorParts {
  runs: number;
  /** CPU seconds of one bare decode of the call, mean of `runs`. */
  ffmpegDecode: number;
  /** CPU seconds of one bare download of the call into a file, mean of `runs`. */
  downloadStore: number;
  /**
   * Not in the floor: CPU seconds of one bare decode that also encodes the 16 kHz mono 32 kbps rendition
   * (what the media step's renderSide adds to a decode for a call it cannot send as it is), mean of `runs`.
   */
  renditionEncode: number;
}

const seconds = (t: string): number => {
  const m = /^(\d+)m([\d.]+)s$/.exec(t);
  if (!m) throw new Error(`unreadable time ${t}`);
  return Number(m[1]) * 60 + Number(m[2]);
};

/** CPU seconds (user + system) of one run of `command`, from bash's `times` (its children's line). */
export async function childCpu(command: string, args: string[]): Promise<number> {
  // Asynchronous: the file server answering curl lives in this process's event loop.
  const { stdout } = await run('bash', ['-c', '"$@" >/dev/null 2>&1 || exit 1; times', 'bash', command, ...args]);
  const children = stdout.trim().split('\n')[1]?.trim().split(/\s+/);
  if (children?.length !== 2) throw new Error(`unreadable times output: ${stdout}`);
  return seconds(children[0]) + seconds(children[1]);
}

export async function measureFloorParts(audio: Buffer, files: FileServer, runs: number): Promise<FloorParts> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sp-bench-floor-'));
  try {
    const file = path.join(dir, 'call.mp3');
    await writeFile(file, audio);
    const url = files.serve('/bench/floor/call.mp3', { body: audio, contentType: 'audio/mpeg' });
    const copy = path.join(dir, 'downloaded.mp3');
    const rendition = path.join(dir, 'rendition.mp3');
    const encode = ['-af', 'aformat=sample_rates=16000:channel_layouts=mono', '-c:a', 'libmp3lame', '-b:a', '32k'];
    let decode = 0;
    let download = 0;
    let encoded = 0;
    for (let i = 0; i < runs; i += 1) {
      decode += await childCpu('ffmpeg', ['-hide_banner', '-nostdin', '-i', file, '-f', 'null', '-']);
      download += await childCpu('curl', ['-sfS', '-o', copy, url]);
      encoded += await childCpu('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-i', file, ...encode, rendition]);
      await rm(copy, { force: true });
    }
    return { runs, ffmpegDecode: decode / runs, downloadStore: download / runs, renditionEncode: encoded / runs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface RecordingFloor {
  minutes: number;
  recordings: number;
  pieces: number;
  completedPerSecond: number;
  failed: number;
  /** CPU seconds per recording by process (worker with its ffmpeg runs), real pipeline and bare shape. */
  real: Record<string, number> & { total: number };
  shape: Record<string, number> & { total: number };
  /** The bench process (load generator, stand-ins, file server, receiver), apart from the totals. */
  benchProcess: { real: number; shape: number };
  parts: FloorParts & { shape: number };
  floor: number;
  /** Real total / floor; issue 36's target for the 25-minute call is at most 1.3. */
  ratio: number;
  /** Peak RSS (VmHWM) of the real worker and of the bare shape's, MiB. */
  workerPeakRssMiB: { real: number; shape: number };
}

export function recordingFloor(
  minutes: number,
  runs: Pick<EndToEndRuns, 'endToEnd' | 'shape' | 'cost' | 'workerPeak'>,
  parts: FloorParts,
): RecordingFloor {
  const { real, shape } = runs.cost;
  const floor = shape.cpuPerRecording.total + parts.ffmpegDecode + parts.downloadStore;
  return {
    minutes,
    recordings: runs.endToEnd.recordings,
    pieces: runs.shape.real.stored.activities.transcribeRecordingPiece ?? 0,
    completedPerSecond: runs.endToEnd.completedPerSecond,
    failed: runs.endToEnd.failed,
    real: real.cpuPerRecording,
    shape: shape.cpuPerRecording,
    benchProcess: { real: real.loadGeneratorCpuPerRecording, shape: shape.loadGeneratorCpuPerRecording },
    parts: { ...parts, shape: shape.cpuPerRecording.total },
    floor,
    ratio: real.cpuPerRecording.total / floor,
    workerPeakRssMiB: { real: runs.workerPeak, shape: runs.shape.peakRssMiB },
  };
}

const PROCESSES = ['api', 'worker', 'temporal', 'mariadb', 'total'] as const;

export function formatFloor(r: RecordingFloor): string {
  const rows = PROCESSES.map((p) => [
    p === 'worker' ? 'worker (+ ffmpeg)' : p,
    f(r.real[p] ?? 0, 3),
    f(r.shape[p] ?? 0, 3),
    f((r.real[p] ?? 0) - (r.shape[p] ?? 0), 3),
  ]);
  rows.push(['(bench process, not in totals)', f(r.benchProcess.real, 3), f(r.benchProcess.shape, 3), '']);
  return [
    `A recording against its floor: ${r.recordings} recordings of a ${r.minutes}-minute call (${r.pieces} piece(s), half stored), one worker, ${f(r.completedPerSecond, 2)} completed/s, ${r.failed} failed`,
    'CPU seconds per recording by process (/proc, children included):',
    table(['', 'real', 'bare shape', 'real - shape'], rows),
    '',
    `Floor, measured bare in the same run (ffmpeg and curl: mean of ${r.parts.runs} runs, CPU by rusage):`,
    table(
      ['part', 'CPU s'],
      [
        ['workflow shape (bare shape total)', f(r.parts.shape, 3)],
        ['one ffmpeg decode of the file', f(r.parts.ffmpegDecode, 3)],
        ['one download and store of the file', f(r.parts.downloadStore, 3)],
        ['floor', f(r.floor, 3)],
        ['real pipeline', f(r.real.total, 3)],
      ],
    ),
    `ratio real / floor: ${f(r.ratio, 2)}${r.minutes >= 25 ? ' (target <= 1.3)' : ''}`,
    `worker peak RSS: ${f(r.workerPeakRssMiB.real, 0)} MiB (bare shape's worker ${f(r.workerPeakRssMiB.shape, 0)} MiB)`,
    `not in the floor: one bare decode that also encodes the 32 kbps rendition ${f(r.parts.renditionEncode, 3)} s (the media step renders a call it cannot send as it is)`,
  ].join('\n');
}
