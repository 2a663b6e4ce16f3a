import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { freePort } from './temporalServer';

// A real Prometheus (Debian's `prometheus` package, installed by scripts/ensure-prometheus.sh) for the
// tests: its own loopback port and a scratch storage folder, scraping the test's API and worker every
// second with a copy of ops/prometheus/*.rules.yml whose windows and `for:` are shortened by code.

export const RULES_DIR = path.resolve(__dirname, '..', '..', 'ops', 'prometheus');
export const RULE_FILES = ['recording.rules.yml', 'alerts.rules.yml'];

/** Where a tool of the package is, or a clear failure naming the script that installs it. */
export function prometheusTool(name: 'prometheus' | 'promtool'): string {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (found.status !== 0 || !found.stdout.trim())
    throw new Error(`${name} is not installed: run scripts/ensure-prometheus.sh (Debian package prometheus)`);
  return found.stdout.trim();
}

interface RuleGroup {
  name: string;
  interval?: string;
  rules: Array<{ record?: string; alert?: string; expr: string; for?: string }>;
}

export interface Shortening {
  /** Replaces every range (`[5m]`, `[1h]`) in every expression. */
  window: string;
  /** Replaces every alert's `for:`. */
  for: string;
  /** Every group's evaluation interval. */
  interval: string;
}

/**
 * The rules of `text` (one rules file) with every range, `for:` and group interval replaced, so a test
 * sees in seconds what production sees in minutes. Everything else (names, expressions, labels,
 * annotations) is the real file's.
 */
export function shortenRules(text: string, s: Shortening): string {
  const doc = parse(text) as { groups: RuleGroup[] };
  for (const group of doc.groups) {
    group.interval = s.interval;
    for (const rule of group.rules) {
      rule.expr = rule.expr.replace(/\[(?:\d+[smhdwy])+\]/g, `[${s.window}]`);
      if (rule.for !== undefined) rule.for = s.for;
    }
  }
  return stringify(doc);
}

export interface PromSeries {
  metric: Record<string, string>;
  value: [number, string];
}

export interface PromAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: 'pending' | 'firing';
}

export interface RunningPrometheus {
  url: string;
  /** An instant query; throws with Prometheus's own error (a parse error, say). */
  query(expr: string): Promise<PromSeries[]>;
  /** GET /api/v1/alerts: the alerts pending or firing now. */
  alerts(): Promise<PromAlert[]>;
  rules(): Promise<Array<{ name: string; rules: Array<{ name: string; health: string; lastError?: string }> }>>;
  output(): string;
  stop(): Promise<void>;
}

interface ApiAnswer<T> {
  status: 'success' | 'error';
  data: T;
  error?: string;
}

async function api<T>(url: string): Promise<T> {
  const res = await fetch(url);
  const body = (await res.json()) as ApiAnswer<T>;
  if (body.status !== 'success') throw new Error(`Prometheus: ${body.error ?? res.status} (${url})`);
  return body.data;
}

/** Starts Prometheus scraping `jobs` (job name → host:port targets) every second with the shortened rules. */
export async function startPrometheus(
  jobs: Record<string, string[]>,
  shortening: Shortening,
): Promise<RunningPrometheus> {
  const binary = prometheusTool('prometheus');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-prometheus-'));
  const ruleFiles: string[] = [];
  for (const file of RULE_FILES) {
    const target = path.join(dir, file);
    await fs.writeFile(target, shortenRules(await fs.readFile(path.join(RULES_DIR, file), 'utf8'), shortening));
    ruleFiles.push(target);
  }
  const config = {
    global: { scrape_interval: '1s', scrape_timeout: '900ms', evaluation_interval: '1s' },
    rule_files: ruleFiles,
    scrape_configs: Object.entries(jobs).map(([job, targets]) => ({
      job_name: job,
      static_configs: [{ targets }],
    })),
  };
  await fs.writeFile(path.join(dir, 'prometheus.yml'), stringify(config));
  const port = await freePort();
  const child: ChildProcess = spawn(
    binary,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-20_000)));
  child.stderr?.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await fs.rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited:\n${log}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus not ready within 30 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async query(expr) {
      return (await api<{ result: PromSeries[] }>(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`)).result;
    },
    async alerts() {
      return (await api<{ alerts: PromAlert[] }>(`${url}/api/v1/alerts`)).alerts;
    },
    async rules() {
      return (
        await api<{
          groups: Array<{ name: string; rules: Array<{ name: string; health: string; lastError?: string }> }>;
        }>(`${url}/api/v1/rules`)
      ).groups;
    },
    output: () => log,
    stop,
  };
}
