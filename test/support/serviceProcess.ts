import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../../common/config';
import { testConfig } from './env';

// The API or the worker as its own OS process, configured only through the environment as in
// production, with all of its output kept. It runs as `node --require tsx/cjs <entry>` (or any command
// that execs the service: the build's `node dist/…`, scripts/start.sh) so that the pid we signal is the
// service itself (`npx` does not pass SIGTERM on to it).

export interface ServiceProcess {
  pid: number;
  output(): string;
  /** Parsed JSON log lines (non-JSON lines skipped). */
  logLines(): Array<Record<string, unknown>>;
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGKILL if still running (cleanup). */
  kill(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..', '..');

export function spawnService(entry: 'api/main.ts' | 'worker/main.ts', overrides: Partial<Config> = {}): ServiceProcess {
  return spawnCommand(process.execPath, ['--require', 'tsx/cjs', entry], overrides);
}

/**
 * `command args…` run from the project folder (or `cwd`: another build's checkout) with the test
 * configuration (and `overrides`) as its environment.
 */
export function spawnCommand(
  command: string,
  args: string[],
  overrides: Partial<Config> = {},
  extraEnv: NodeJS.ProcessEnv = {},
  cwd = ROOT,
): ServiceProcess {
  const entry = [command, ...args].join(' ');
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  for (const [key, value] of Object.entries(testConfig({ LOG_LEVEL: 'info', ...overrides }))) env[key] = String(value);
  const child: ChildProcess = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pid = child.pid;
  if (!pid) throw new Error(`${entry} did not start`);
  return {
    pid,
    output: () => log,
    logLines: () =>
      log
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    async waitFor(text, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      const seen = (): boolean => (typeof text === 'string' ? log.includes(text) : text.test(log));
      while (!seen()) {
        if (child.exitCode !== null)
          throw new Error(`${entry} exited (${child.exitCode}) before printing ${String(text)}:\n${log.slice(-4000)}`);
        if (Date.now() > deadline)
          throw new Error(`${entry} did not print ${String(text)} within ${timeoutMs} ms:\n${log.slice(-4000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    signal: (signal) => void child.kill(signal),
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
