import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ToolCommand } from '../activities/media/ffmpeg';

// Counts the ffmpeg and ffprobe runs of the workers it is given to: a folder put first on their PATH
// holds an `ffmpeg` and an `ffprobe` that append their command line to a log and exec the real binary.
// The worker starts them by name (activities/media/ffmpeg.ts: spawn(command) on its own PATH), so every
// run the media step makes is a line; the arguments name the recording's scratch folder, so a run is
// counted against its recording.

const TOOLS: ToolCommand[] = ['ffmpeg', 'ffprobe'];

export interface ToolRuns {
  ffmpeg: number;
  ffprobe: number;
  /** Runs by recording id (those whose arguments name it). */
  byRecording: Map<string, number>;
}

export interface ToolCounter {
  /** What a worker's environment needs for its runs to be counted. */
  env: { PATH: string; BENCH_TOOL_LOG: string };
  /** The runs logged so far, counted against the given recordings. */
  read(recordingIds: string[]): Promise<ToolRuns>;
  /** Forgets the runs logged so far. */
  reset(): Promise<void>;
  remove(): Promise<void>;
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export async function startToolCounter(): Promise<ToolCounter> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sp-bench-tools-'));
  const log = path.join(dir, 'runs.log');
  for (const tool of TOOLS) {
    // The real binary as this process finds it on its own PATH (before the wrappers are put first).
    const real = execFileSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
    if (!real) throw new Error(`${tool} is not on PATH`);
    const wrapper = path.join(dir, tool);
    // One printf, one write: lines of concurrent runs do not interleave.
    await writeFile(
      wrapper,
      `#!/bin/sh\nprintf '%s\\n' "${tool} $*" >> "$BENCH_TOOL_LOG"\nexec ${shellQuote(real)} "$@"\n`,
    );
    await chmod(wrapper, 0o755);
  }
  await writeFile(log, '');
  return {
    env: { PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}`, BENCH_TOOL_LOG: log },
    async read(recordingIds) {
      const lines = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
      const byRecording = new Map<string, number>();
      for (const line of lines) {
        const id = recordingIds.find((r) => line.includes(r));
        if (id) byRecording.set(id, (byRecording.get(id) ?? 0) + 1);
      }
      const count = (tool: ToolCommand): number => lines.filter((l) => l.startsWith(`${tool} `)).length;
      return { ffmpeg: count('ffmpeg'), ffprobe: count('ffprobe'), byRecording };
    },
    reset: () => writeFile(log, ''),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
