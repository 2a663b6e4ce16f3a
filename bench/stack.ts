import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig, type Config } from '../common/config';
import { createDb, ensureDatabase, type Db } from '../db/connection';
import { startFileServer, type FileServer } from '../test/support/fileServer';
import { startOpenAiSttServer, type SpokenSegment, type SttServer } from '../test/support/sttServers';
import { freePort, startTemporalDevServer, type TemporalDevServer } from '../test/support/temporalServer';
import { startWebhookReceiver, type WebhookReceiver } from '../test/support/webhookFixtures';
import { BENCH_CALL } from './endToEnd';
import { findDatabaseServer, findTemporalDevServer } from './processCpu';
import { startProcess, type BenchProcess, type NodeCommand } from './processes';

// What a run starts: the Temporal dev server, the loopback stand-ins, and the processes under test
// (API, worker, bare-shape worker, baseline), each a separate node process with its production flags.

/** The workers' memory limit unless the environment gives one: 85 % of it (326 MiB) is what their cache is sized to fill. */
const BENCH_WORKER_MEMORY_MIB = '384';

/** What a run adds to the bench's own stack: a production setting being priced (bench/settings.ts). */
export interface StackOptions {
  /** Settings on top of the bench's, for every process of the service. */
  env?: NodeJS.ProcessEnv;
  /** What the speech-to-text stand-in answers for every request (BENCH_CALL's lines unless given). */
  segments?: SpokenSegment[];
  /** The processes behind Temporal when it is not the dev server the stack starts (a cluster's server and its PostgreSQL). */
  temporalPids?: Record<string, number | undefined>;
  /** MariaDB's process when it is not the machine's (a server of the bench's own). */
  databasePid?: number;
  /** Processes whose CPU is reported apart from the service's (the trace store). */
  apartPids?: Record<string, number | undefined>;
  /** The dev server the stack starts runs with task queue fairness unless false (bench/fairness.ts). */
  temporalFairness?: boolean;
}

/** What the service adds on top of its transport; the bare baselines go without (same address, same TLS). */
const SERVICE_ONLY = /^(OTEL_|TEMPORAL_PAYLOAD_)/;

export interface Stack {
  temporal?: TemporalDevServer;
  stt?: SttServer;
  files?: FileServer;
  receiver?: WebhookReceiver;
  storageDir?: string;
  env: NodeJS.ProcessEnv;
  config: Config;
  /** The environment and settings of the bare baselines: the service's transport, nothing on top. */
  bareEnv: NodeJS.ProcessEnv;
  bareConfig: Config;
  processes: BenchProcess[];
  cpuProfileDir?: string;
  options: StackOptions;
}

export async function startStack(
  databaseUrl: string,
  temporalAddress: string | undefined,
  cpuProfileDir: string | undefined,
  options: StackOptions = {},
): Promise<Stack> {
  const stack: Partial<Stack> & { processes: BenchProcess[] } = { processes: [], cpuProfileDir, options };
  try {
    if (!temporalAddress && !options.env?.TEMPORAL_ADDRESS)
      stack.temporal = await startTemporalDevServer(undefined, { fairness: options.temporalFairness });
    stack.stt = await startOpenAiSttServer({ segments: options.segments ?? BENCH_CALL, language: 'english' });
    stack.files = await startFileServer();
    stack.receiver = await startWebhookReceiver();
    stack.storageDir = await mkdtemp(path.join(os.tmpdir(), 'sp-bench-recordings-'));
  } catch (err) {
    await teardown(stack as Stack);
    throw err;
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress ?? stack.temporal?.address,
    TEMPORAL_NAMESPACE: 'default',
    TEMPORAL_TASK_QUEUE: `bench-${randomBytes(4).toString('hex')}`,
    HOST: '127.0.0.1',
    // The service's production log level: a JSON line per request (to /dev/null here) is part of its cost.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    OUTBOUND_ALLOW_PRIVATE: 'true',
    STT_PROVIDER: 'openai',
    STT_BASE_URL: stack.stt.url,
    STT_API_KEY: 'bench-stt-key',
    STORAGE_DIR: stack.storageDir,
    WEBHOOK_INITIAL_INTERVAL: '1s',
    WEBHOOK_MAX_INTERVAL: '5s',
    // The limiter stays in the request path (its cost is part of the service), with a budget no run exhausts.
    RATE_LIMIT_POINTS: '1000000000',
    RATE_LIMIT_COMPANY_POINTS: '1000000000',
    RATE_LIMIT_STORE: 'memory',
    // The bench is one company: the per-company place leases stay in the path (their SQL is part of the cost),
    // with more places than a run holds at once, so no run waits behind its own company (the bare shape
    // never does: its activities take no lease).
    COMPANY_MAX_HEAVY_ACTIVITIES: process.env.COMPANY_MAX_HEAVY_ACTIVITIES ?? '1000',
    // No default in code (common/secretSettings.ts): one for this stack, shared by its processes.
    MEDIA_URL_SECRET: randomBytes(48).toString('base64'),
    // Webhook endpoint secrets are kept sealed (common/webhookSecretBox.ts) and no key has a default either.
    WEBHOOK_SECRET_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    // The workers' cache and slots are sized to this (worker/tuning.ts): a worker held to the memory target
    // (peak RSS < 350 MiB) on a shared 2-core box, not a quarter of whatever machine runs the bench.
    WORKER_MEMORY_LIMIT_MB: process.env.WORKER_MEMORY_LIMIT_MB ?? BENCH_WORKER_MEMORY_MIB,
    ...options.env,
  };
  const bareEnv = Object.fromEntries(Object.entries(env).filter(([key]) => !SERVICE_ONLY.test(key)));
  return { ...stack, options, env, config: loadConfig(env), bareEnv, bareConfig: loadConfig(bareEnv) };
}

/** The processes a recording's or a request's CPU is read from (`api` and `worker` are added by the caller). */
export async function stackPids(
  stack: Stack,
): Promise<{ counted: Record<string, number | undefined>; apart: Record<string, number | undefined> }> {
  const { config, options } = stack;
  const local = ['127.0.0.1', 'localhost'].includes(new URL(config.DATABASE_URL).hostname);
  return {
    counted: {
      ...(options.temporalPids ?? { temporal: await findTemporalDevServer(config.TEMPORAL_ADDRESS) }),
      mariadb: options.databasePid ?? (local ? await findDatabaseServer() : undefined),
    },
    apart: options.apartPids ?? {},
  };
}

/** `npm run build`: the API runs from the build's dist/, as `npm start` runs it (the workers run their TypeScript, as in dev). */
export async function buildService(): Promise<void> {
  await promisify(execFile)('bash', [path.join(__dirname, '..', 'scripts', 'build.sh')], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

export async function teardown(stack: Stack): Promise<void> {
  await Promise.allSettled(stack.processes.map((p) => p.stop()));
  await Promise.allSettled([stack.stt?.close(), stack.files?.close(), stack.receiver?.close(), stack.temporal?.stop()]);
  if (stack.storageDir) await rm(stack.storageDir, { recursive: true, force: true });
}

/** The heap limit flag scripts/start.sh gives a process (0: none, Node's default). */
const heapFlags = (mib: number): string[] => (mib > 0 ? [`--max-old-space-size=${mib}`] : []);

/** The compiled API with the node flags `scripts/start.sh api` gives it (`npm start`: API_MAX_OLD_SPACE_MB). */
export const apiCommand = (config: Config): NodeCommand => ({
  flags: heapFlags(config.API_MAX_OLD_SPACE_MB),
  entry: 'dist/api/main.js',
});

/** The API as `npm start` runs it, on a port of its own; resolves with its URL once /healthz answers. */
export async function startApi(stack: Stack, name: string): Promise<{ process: BenchProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const p = await startProcess(name, apiCommand(stack.config), {
    env: { ...stack.env, PORT: String(port), PUBLIC_URL: url },
    readyUrl: `${url}/healthz`,
    discardStdout: true,
    cpuProfileDir: stack.cpuProfileDir,
  });
  stack.processes.push(p);
  return { process: p, url };
}

/**
 * The bare baseline (bench/baseline.ts): the API's node flags (heap limit included) and tsx's hook (a bench-only
 * script), the bare environment (the service's transport), the API's PUBLIC_URL so both sign media links alike.
 */
export async function startBaseline(
  stack: Stack,
  apiUrl: string,
  capture: object,
): Promise<{ process: BenchProcess; url: string }> {
  const port = await freePort();
  const p = await startProcess(
    'baseline',
    { flags: [...apiCommand(stack.config).flags, '--require', 'tsx/cjs'], entry: 'bench/baseline.ts' },
    {
      env: { ...stack.bareEnv, PORT: String(port), PUBLIC_URL: apiUrl, BENCH_CAPTURE: JSON.stringify(capture) },
      readyText: `listening ${port}`,
      cpuProfileDir: stack.cpuProfileDir,
    },
  );
  stack.processes.push(p);
  return { process: p, url: `http://127.0.0.1:${port}` };
}

/** The node flags `scripts/start.sh worker` gives the worker, with tsx's CommonJS hook as it loads it. */
export const workerCommand = (config: Config, entry: string): NodeCommand => ({
  flags: [...heapFlags(config.WORKER_MAX_OLD_SPACE_MB), '--require', 'tsx/cjs'],
  entry,
});

/** The environment `scripts/start.sh worker` adds (unless the caller's environment sets it). */
const WORKER_LAUNCH_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };

export type WorkerProcess = BenchProcess & {
  /** Its Prometheus endpoint (its own metrics and the Temporal core's). */ metricsUrl: string;
};

/** The worker as `npm run worker` runs it (or the bare-shape worker with the same flags and options). */
export async function startWorker(
  stack: Stack,
  name: string,
  entry = 'worker/main.ts',
  env: NodeJS.ProcessEnv = {},
  root?: string,
  bare = false,
): Promise<WorkerProcess> {
  const metricsPort = await freePort();
  // Its readiness is its 'worker started' log line, so it logs at info whatever BENCH_LOG_LEVEL says.
  const p = await startProcess(
    name,
    { ...workerCommand(stack.config, entry), root },
    {
      env: {
        ...(bare ? stack.bareEnv : stack.env),
        ...WORKER_LAUNCH_ENV,
        LOG_LEVEL: 'info',
        WORKER_METRICS_PORT: String(metricsPort),
        ...env,
      },
      readyText: 'worker started',
      cpuProfileDir: stack.cpuProfileDir,
      timeoutMs: 300_000,
    },
  );
  stack.processes.push(p);
  // The same object (stop() finds it in stack.processes by identity).
  return Object.assign(p, { metricsUrl: `http://${stack.config.HOST}:${metricsPort}/metrics` });
}

export async function stop(stack: Stack, p: BenchProcess): Promise<void> {
  await p.stop();
  stack.processes = stack.processes.filter((x) => x !== p);
}

/**
 * The service built (its processes run from dist/) and `databaseUrl` created and migrated; `fn` gets a small pool
 * on it, closed after. For parts that seed a database of their own.
 */
export async function withBuiltServiceAndDatabase<T>(databaseUrl: string, fn: (db: Db) => Promise<T>): Promise<T> {
  await buildService();
  await ensureDatabase(databaseUrl);
  const db = createDb(databaseUrl, 4);
  try {
    await db.migrate.latest();
    return await fn(db);
  } finally {
    await db.destroy();
  }
}
