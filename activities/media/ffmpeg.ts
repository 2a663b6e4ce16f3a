import { runInHost } from './toolHostClient';
import type { ToolCommand } from './toolProtocol';

// ffmpeg and ffprobe as child processes: files in, files or text out, never a recording in memory.
// stderr is kept (the last 4 MiB) because ffmpeg reports both its errors and its filter measurements there;
// stdout (ffprobe's JSON, ffmpeg's progress report) its first 4 MiB. They start from the worker's small tool
// host process, not from the worker itself (toolHostClient.ts).

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
  const { code, stdout, stderr } = await runInHost(command, args, signal);
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
