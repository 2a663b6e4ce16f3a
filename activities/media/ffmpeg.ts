import { spawn } from 'node:child_process';

// ffmpeg and ffprobe as child processes of the worker: files in, files or text out, never a recording in
// memory. stderr is kept (the last 4 MiB) because ffmpeg reports both its errors and its filter measurements
// there; stdout (ffprobe's JSON, ffmpeg's progress report) its first 4 MiB. A recording's media step is one
// ffmpeg run (the cut is JavaScript: mp3Frames.ts), so the few milliseconds a start costs a large parent
// are not worth a process of their own (BENCHMARKS.md: the tool host this replaced).

export type ToolCommand = 'ffmpeg' | 'ffprobe';

/** What is kept of a run's stdout (the start) and stderr (the end). */
const OUTPUT_LIMIT = 4 * 1024 * 1024;
/** How long ffmpeg gets to stop after SIGTERM (it finishes its output file) before SIGKILL. */
const KILL_GRACE_MS = 2_000;

export class MediaToolError extends Error {
  constructor(
    message: string,
    public readonly stderr: string,
  ) {
    super(message);
    this.name = 'MediaToolError';
  }
}

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
export async function runTool(command: ToolCommand, args: string[], signal?: AbortSignal): Promise<ToolOutput> {
  observer?.(command, args);
  const { code, stdout, stderr } = await run(command, args, signal);
  if (code !== 0) throw new MediaToolError(`${command} exited with ${code}: ${lastLines(stderr)}`, stderr);
  return { stdout, stderr };
}

export const lastLines = (text: string, n = 2): string =>
  text
    .trim()
    .split('\n')
    .slice(-n)
    .map((l) => l.trim())
    .join(' / ');

export const FFMPEG_QUIET = ['-hide_banner', '-nostdin', '-nostats', '-y'];

/** The AbortError a spawn with an aborted `signal` rejects with. */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error('The operation was aborted', { cause: signal.reason }), {
    name: 'AbortError',
    code: 'ABORT_ERR',
  });
}

/**
 * Starts `command`; resolves with its exit code and bounded output. When `signal` aborts, the process is
 * stopped and the promise rejects once it is gone (scratch cleanup may follow at once).
 */
function run(
  command: ToolCommand,
  args: string[],
  signal?: AbortSignal,
): Promise<ToolOutput & { code: number | null }> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < OUTPUT_LIMIT) stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      // Filter measurements come last: keep the tail when the log is long.
      stderr = (stderr + d).slice(-OUTPUT_LIMIT);
    });
    const onAbort = (): void => {
      child.kill('SIGTERM');
      setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }, KILL_GRACE_MS).unref();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const end = (settle: () => void): void => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(abortError(signal));
      else settle();
    };
    child.on('error', (err) => end(() => reject(err)));
    child.on('close', (code) => end(() => resolve({ code, stdout, stderr })));
  });
}
