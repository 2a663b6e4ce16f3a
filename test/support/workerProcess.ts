import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../../common/config';
import { testConfig } from './env';

// The real worker as a separate OS process (`npx tsx worker/main.ts`), configured only through the
// environment like in production, so a test can SIGKILL it mid-recording.

export interface WorkerProcess {
  pid: number;
  output(): string;
  /** SIGKILL to the whole process group (npx → tsx → node): nothing gets to clean up. */
  kill(): Promise<void>;
  /** SIGTERM and wait for a graceful exit. */
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..', '..');

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function spawnWorker(overrides: Partial<Config>, readyTimeoutMs = 60_000): Promise<WorkerProcess> {
  const config = testConfig(overrides);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(config)) env[key] = String(value);
  env.LOG_LEVEL = 'info';
  const child = spawn('npx', ['tsx', 'worker/main.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (chunk: Buffer): void => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const pid = child.pid;
  if (!pid) throw new Error('worker process did not start');
  const signalGroup = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };

  const deadline = Date.now() + readyTimeoutMs;
  while (!log.includes('"msg":"worker started"')) {
    if (child.exitCode !== null) throw new Error(`worker exited before it was ready:\n${log}`);
    if (Date.now() > deadline) {
      signalGroup('SIGKILL');
      throw new Error(`worker not ready within ${readyTimeoutMs} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid,
    output: () => log,
    async kill() {
      signalGroup('SIGKILL');
      await exited(child);
    },
    async stop() {
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), 20_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}
