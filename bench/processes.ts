import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

// The processes under test: each one a separate node process started with the command of its npm
// script (`npm start`, `npm run worker`: node flags included), so the load generator never shares their
// event loop, and their memory can be read from /proc.

export interface BenchProcess {
  name: string;
  pid: number;
  /** Peak resident set size so far (VmHWM), in MiB. */
  peakRssMiB(): Promise<number>;
  stop(): Promise<void>;
}

export interface StartOptions {
  env: NodeJS.ProcessEnv;
  /** Ready once this URL answers 200 ... */
  readyUrl?: string;
  /** ... or once stdout shows this text. */
  readyText?: string;
  /** Discard stdout (the API's request log: a line per request would otherwise flow through the bench process). */
  discardStdout?: boolean;
  /** Write a V8 CPU profile to this directory when the process exits. */
  cpuProfileDir?: string;
  timeoutMs?: number;
}

const root = path.join(__dirname, '..');

export interface NodeCommand {
  /** Node's own flags, e.g. `--max-old-space-size=1024 --require tsx/cjs` (scripts/start.sh). */
  flags: string[];
  /** The script, relative to the checkout it runs from. */
  entry: string;
  /** A checkout to run the entry from (default: this one). */
  root?: string;
}

export async function peakRssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
  if (!kb) throw new Error(`no VmHWM for pid ${pid}`);
  return Number(kb[1]) / 1024;
}

export async function startProcess(name: string, command: NodeCommand, options: StartOptions): Promise<BenchProcess> {
  const args = [...command.flags];
  // One directory per process: Node writes a profile per thread (tsx's loader has its own), named by pid and thread.
  if (options.cpuProfileDir) args.push('--cpu-prof', '--cpu-prof-dir', path.join(options.cpuProfileDir, name));
  args.push(path.join(command.root ?? root, command.entry));
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: command.root ?? root,
    env: options.env,
    // BENCH_LOG_DIR keeps every process's output whole, one file each (to see why a request failed).
    stdio: ['ignore', options.discardStdout && !process.env.BENCH_LOG_DIR ? 'ignore' : 'pipe', 'pipe'],
  });
  if (process.env.BENCH_LOG_DIR) {
    const log = createWriteStream(path.join(process.env.BENCH_LOG_DIR, `${name}-${child.pid}.log`));
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  let stdout = '';
  let stderr = '';
  let ready = false;
  // Keep only the tails: the API logs a line per request, which must not pile up in the bench process.
  child.stdout?.on('data', (chunk: Buffer) => {
    if (!ready) stdout = (stdout + chunk.toString()).slice(-8000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Generous: on a shared, loaded machine a worker can take minutes to load its workflow bundle.
  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited early (${child.exitCode}): ${stderr || stdout}`);
    if (options.readyText && stdout.includes(options.readyText)) break;
    if (options.readyUrl) {
      const ok = await fetch(options.readyUrl).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready: ${stderr || stdout}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  ready = true;
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name} has no pid`);
  return {
    name,
    pid,
    peakRssMiB: () => peakRssMiB(pid),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
