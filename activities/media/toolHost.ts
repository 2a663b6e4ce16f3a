import { spawn, type ChildProcess } from 'node:child_process';
import { OUTPUT_LIMIT, type HostReply, type HostRequest, type ToolCommand } from './toolProtocol';

// The tool host: the small process the worker forks once (toolHostClient.ts) to start ffmpeg and ffprobe
// for it. Starting a child copies the starting process's page tables (libuv forks), which from the
// ~300 MiB worker costs its main thread ~9 ms of CPU a run; from this ~40 MiB process it costs ~1 ms,
// and the worker only sends a message (docs/recordings.md, "Where ffmpeg runs").
// It loads nothing but node:child_process and the message types. When the worker goes (exit, crash,
// SIGKILL) the IPC channel closes: the host kills what it started and exits, so nothing is orphaned.

/** How long ffmpeg gets to stop after SIGTERM (it finishes its output file) before SIGKILL. */
const KILL_GRACE_MS = 2_000;

const running = new Map<number, ChildProcess>();

function reply(message: HostReply): void {
  // A reply the closed channel cannot take is moot: the disconnect handler below ends this process.
  process.send?.(message, undefined, undefined, () => undefined);
}

function run(id: number, command: ToolCommand, args: string[]): void {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.set(id, child);
  let stdout = '';
  let stderr = '';
  let settled = false;
  const settle = (message: HostReply): void => {
    if (settled) return;
    settled = true;
    running.delete(id);
    reply(message);
  };
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    if (stdout.length < OUTPUT_LIMIT) stdout += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    // Filter measurements come last: keep the tail when the log is long.
    stderr = (stderr + d).slice(-OUTPUT_LIMIT);
  });
  child.on('error', (err: NodeJS.ErrnoException) => {
    settle({
      type: 'failed',
      id,
      error: { message: err.message, code: err.code, errno: err.errno, syscall: err.syscall, path: err.path },
    });
  });
  child.on('close', (code) => settle({ type: 'done', id, code, stdout, stderr }));
}

function kill(id: number): void {
  const child = running.get(id);
  if (!child) return;
  child.kill('SIGTERM');
  setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, KILL_GRACE_MS).unref();
}

process.on('message', (message: HostRequest) => {
  if (message.type === 'run') run(message.id, message.command, message.args);
  else kill(message.id);
});

process.on('disconnect', () => {
  for (const child of running.values()) child.kill('SIGKILL');
  process.exit(0);
});
