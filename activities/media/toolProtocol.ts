// What the worker and its tool host (toolHost.ts) say to each other over the fork's IPC channel.
// Only this small module is shared: the host must load nothing else of the project.

export type ToolCommand = 'ffmpeg' | 'ffprobe';

/** What the host keeps of a run's stdout (the start) and stderr (the end): large logs never cross IPC whole. */
export const OUTPUT_LIMIT = 4 * 1024 * 1024;

export type HostRequest =
  { type: 'run'; id: number; command: ToolCommand; args: string[] } | { type: 'kill'; id: number };

/** The fields of a failed spawn (ENOENT, EACCES, EAGAIN, ...) that the worker rebuilds its Error from. */
export interface SpawnFailure {
  message: string;
  code?: string;
  errno?: number;
  syscall?: string;
  path?: string;
}

export type HostReply =
  | { type: 'done'; id: number; code: number | null; stdout: string; stderr: string }
  | { type: 'failed'; id: number; error: SpawnFailure };
