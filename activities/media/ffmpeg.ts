import { spawn } from 'node:child_process';

// ffmpeg and ffprobe as child processes: files in, files or text out, never a recording in memory.
// stderr is kept (bounded) because ffmpeg reports both its errors and its filter measurements there.

export class MediaToolError extends Error {
  constructor(
    message: string,
    public readonly stderr: string,
  ) {
    super(message);
    this.name = 'MediaToolError';
  }
}

const STDERR_LIMIT = 4 * 1024 * 1024;

export interface ToolOutput {
  stdout: string;
  stderr: string;
}

type ToolObserver = (command: string, args: readonly string[]) => void;
let observer: ToolObserver | undefined;

/** Lets the benchmark see the exact commands the media step runs, to time them bare. */
export function observeTools(next: ToolObserver | undefined): void {
  observer = next;
}

/** Runs `command` with `args`; rejects with MediaToolError on a non-zero exit; killed when `signal` aborts. */
export function runTool(command: 'ffmpeg' | 'ffprobe', args: string[], signal?: AbortSignal): Promise<ToolOutput> {
  observer?.(command, args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < STDERR_LIMIT) stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      // Filter measurements come last: keep the tail when the log is long.
      stderr = (stderr + d).slice(-STDERR_LIMIT);
    });
    child.on('error', (err) => reject(err));
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new MediaToolError(`${command} exited with ${code}: ${lastLines(stderr)}`, stderr));
    });
  });
}

export const lastLines = (text: string, n = 2): string =>
  text
    .trim()
    .split('\n')
    .slice(-n)
    .map((l) => l.trim())
    .join(' / ');

export const FFMPEG_QUIET = ['-hide_banner', '-nostdin', '-nostats', '-y'];
