import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { HostReply, HostRequest, SpawnFailure, ToolCommand } from './toolProtocol';

// The worker's side of the tool host (toolHost.ts): forked on the first run, one per worker process,
// and every ffmpeg and ffprobe run is a message to it. The host is the new leader of its own process
// group (detached), so when it dies, the worker kills that group: no ffmpeg of a dead host keeps writing
// scratch files that the retried activity writes again. When no run is in flight the host and its channel
// are unref'd: an idle host never keeps the worker alive, and the worker's exit closes the channel, on
// which the host exits (toolHost.ts).

export interface HostResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface Pending {
  command: ToolCommand;
  resolve(result: HostResult): void;
  reject(err: Error): void;
}

interface Host {
  child: ChildProcess;
  pending: Map<number, Pending>;
}

let host: Host | undefined;
let nextId = 0;

/** The host's entry file beside this one: TypeScript under tsx (its CommonJS hook only), JavaScript in dist/. */
function startHost(): Host {
  const ext = path.extname(__filename);
  const execArgv = ext === '.ts' ? ['--require', require.resolve('tsx/cjs')] : [];
  const child = fork(path.join(__dirname, `toolHost${ext}`), [], {
    execArgv,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const started: Host = { child, pending: new Map() };
  child.on('message', (reply: HostReply) => settle(started, reply));
  child.on('error', (err) => {
    // The fork itself failed (EAGAIN, ENOMEM), or the channel broke: runs already sent have no answer.
    hostGone(started, `the media tool host could not be used: ${err.message}`);
    child.kill('SIGKILL');
  });
  child.on('exit', (code, signal) =>
    hostGone(started, `the media tool host (pid ${child.pid}) exited (${signal ?? `code ${code}`})`),
  );
  return started;
}

function hostGone(gone: Host, why: string): void {
  if (host === gone) host = undefined;
  if (gone.child.pid !== undefined) {
    try {
      process.kill(-gone.child.pid, 'SIGKILL');
    } catch {
      // no process of its group is left
    }
  }
  for (const [id, run] of gone.pending) {
    gone.pending.delete(id);
    run.reject(new Error(`${why} while ${run.command} was running; the run can be tried again`));
  }
}

function settle(from: Host, reply: HostReply): void {
  const run = finish(from, reply.id);
  if (!run) return;
  if (reply.type === 'done') run.resolve({ code: reply.code, stdout: reply.stdout, stderr: reply.stderr });
  else run.reject(spawnError(reply.error));
}

/** Takes run `id` off the host's list (undefined when it has already ended). */
function finish(from: Host, id: number): Pending | undefined {
  const run = from.pending.get(id);
  if (!run) return undefined;
  from.pending.delete(id);
  if (from.pending.size === 0) holdOpen(from, false);
  return run;
}

/** A run in flight keeps the worker alive, as a child of its own would; an idle host does not. */
function holdOpen(h: Host, busy: boolean): void {
  if (busy) {
    h.child.ref();
    h.child.channel?.ref();
  } else {
    h.child.unref();
    h.child.channel?.unref();
  }
}

/** The Error `spawn` itself would have raised in the worker (message and code as Node sets them). */
function spawnError(failure: SpawnFailure): Error {
  return Object.assign(new Error(failure.message), {
    code: failure.code,
    errno: failure.errno,
    syscall: failure.syscall,
    path: failure.path,
  });
}

/** The AbortError a spawn with an aborted `signal` rejects with. */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error('The operation was aborted', { cause: signal.reason }), {
    name: 'AbortError',
    code: 'ABORT_ERR',
  });
}

/**
 * Runs `command` in the host. Resolves with its exit code and bounded output; rejects when it cannot be
 * started, when `signal` aborts (once the host has seen the process end: scratch cleanup may follow at
 * once), or when the host dies meanwhile.
 */
export function runInHost(command: ToolCommand, args: string[], signal?: AbortSignal): Promise<HostResult> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const h = (host ??= startHost());
  const id = ++nextId;
  return new Promise<HostResult>((resolve, reject) => {
    const send = (request: HostRequest): void => {
      h.child.send(request, (err) => {
        if (err) finish(h, id)?.reject(err);
      });
    };
    const onAbort = (): void => send({ type: 'kill', id });
    signal?.addEventListener('abort', onAbort, { once: true });
    // Whatever ends a run after its abort (the process gone, or the host with it), the caller sees the abort.
    const end = (settleWith: () => void): void => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(abortError(signal));
      else settleWith();
    };
    h.pending.set(id, {
      command,
      resolve: (result) => end(() => resolve(result)),
      reject: (err) => end(() => reject(err)),
    });
    holdOpen(h, true);
    send({ type: 'run', id, command, args });
  });
}

/** The host's pid while one runs (for the benchmark and the tests, which look at it in /proc). */
export function toolHostPid(): number | undefined {
  return host?.child.pid;
}

/** Ends the host (it kills what it runs; those runs reject); the next run starts a new one. */
export async function stopToolHost(): Promise<void> {
  const h = host;
  if (!h || h.child.exitCode !== null || h.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => h.child.once('exit', () => resolve()));
  h.child.disconnect();
  await exited;
}
