import { spawn } from 'node:child_process';

// ffmpeg and ffprobe as child processes: output goes to files or is parsed from stderr, never held
// whole; stderr is kept (its tail) for error messages; a cancelled activity kills the process.

export class MediaToolError extends Error {
  constructor(
    readonly tool: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(`${tool} failed (${exitCode === null ? 'killed' : `exit ${exitCode}`}): ${lastLines(stderrTail)}`);
  }
}

/** The last meaningful lines of ffmpeg's stderr, on one line. */
export function lastLines(stderr: string, count = 2): string {
  return stderr.split('\n').map((l) => l.trim()).filter(Boolean).slice(-count).join(' / ').slice(0, 300);
}

export interface ToolResult {
  stdout: string;
  /** Everything ffmpeg printed on stderr (filters such as silencedetect report there), capped. */
  stderr: string;
}

/** Largest stderr kept: silencedetect prints a few lines per pause, a 4-hour call stays far below. */
const MAX_STDERR = 8 * 1024 * 1024;
const MAX_STDOUT = 4 * 1024 * 1024;

export function runTool(tool: 'ffmpeg' | 'ffprobe', args: string[], options: { signal?: AbortSignal } = {}): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason instanceof Error ? options.signal.reason : new Error('cancelled'));
      return;
    }
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < MAX_STDOUT) stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (stderr.length > MAX_STDERR) stderr = stderr.slice(-MAX_STDERR / 2);
    });
    const kill = (): void => void child.kill('SIGKILL');
    options.signal?.addEventListener('abort', kill, { once: true });
    child.on('error', (err) => {
      options.signal?.removeEventListener('abort', kill);
      reject(err);
    });
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', kill);
      if (options.signal?.aborted) reject(options.signal.reason instanceof Error ? options.signal.reason : new Error('cancelled'));
      else if (code === 0) resolve({ stdout, stderr });
      else reject(new MediaToolError(tool, code, stderr));
    });
  });
}
