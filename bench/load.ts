import autocannon from 'autocannon';
import { readCpu, type CpuReading } from './processCpu';

// HTTP load with autocannon from the bench process: one warm-up, then rounds, median of each figure.
// Service and baseline rounds alternate (and swap order every round), so drift on this shared
// machine hits both sides alike.

export interface Figures {
  /** Completed requests per second. */
  rps: number;
  p50: number;
  p99: number;
  /** Requests that got no answer within the 10 s timeout (counted in p50/p99 as 10 s). */
  timeouts: number;
  /** With the target's `cpu` given: CPU ms per request of the processes serving it, and of those reported apart. */
  cpuMs?: number;
  apartCpuMs?: number;
  /** The same, CPU ms per request of each process by name (the intake's split: API, client, server, databases). */
  cpuByProcessMs?: Record<string, number>;
}

/** The processes whose CPU time a request costs (from /proc), and which of them are reported apart (a trace store). */
export interface CpuSources {
  pids: Record<string, number | undefined>;
  apart?: string[];
}

/** CPU ms per request between two readings: the counted processes, and those reported apart. */
export function cpuPerRequest(
  sources: CpuSources,
  before: CpuReading,
  after: CpuReading,
  requests: number,
): { cpuMs: number; apartCpuMs: number; cpuByProcessMs: Record<string, number> } {
  let counted = 0;
  let apart = 0;
  const per = (seconds: number): number => (requests > 0 ? (seconds * 1000) / requests : 0);
  const cpuByProcessMs: Record<string, number> = {};
  for (const name of Object.keys(after)) {
    const seconds = Math.max(0, after[name] - (before[name] ?? 0));
    cpuByProcessMs[name] = per(seconds);
    if (sources.apart?.includes(name)) apart += seconds;
    else counted += seconds;
  }
  return { cpuMs: per(counted), apartCpuMs: per(apart), cpuByProcessMs };
}

export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  /** A fresh body per request (e.g. unique identifiers); fixed when absent. */
  body?: () => string;
  /** A fresh path per request (e.g. rotating ids); `url`'s path when absent. */
  path?: () => string;
  /** Statuses counted as success; 200 when absent. */
  okStatus?: number;
  /** The processes serving it, whose CPU per request is measured. */
  cpu?: CpuSources;
}

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  roundSeconds: number;
  rounds: number;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Nearest-rank percentile of ascending values. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];

const medianOf = (values: Array<number | undefined>): number | undefined => {
  const given = values.filter((v): v is number => v !== undefined);
  return given.length ? median(given) : undefined;
};

export const medianFigures = (runs: Figures[]): Figures => {
  const cpuMs = medianOf(runs.map((r) => r.cpuMs));
  const apartCpuMs = medianOf(runs.map((r) => r.apartCpuMs));
  const names = [...new Set(runs.flatMap((r) => Object.keys(r.cpuByProcessMs ?? {})))];
  const byProcess = Object.fromEntries(
    names.map((name) => [name, medianOf(runs.map((r) => r.cpuByProcessMs?.[name])) ?? 0]),
  );
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    timeouts: runs.reduce((sum, r) => sum + r.timeouts, 0),
    ...(cpuMs === undefined ? {} : { cpuMs }),
    ...(apartCpuMs === undefined ? {} : { apartCpuMs }),
    ...(names.length ? { cpuByProcessMs: byProcess } : {}),
  };
};

/** Requests autocannon gives up on (its 10 s default); they count in the percentiles as at least that long. */
const TIMEOUT_SECONDS = 10;

/**
 * One timed run. A wrong status or a connection error throws (figures over failures would flatter);
 * timeouts are kept as a lower bound, so a pathologically slow endpoint still gets figures.
 */
export async function hit(target: LoadTarget, connections: number, seconds: number): Promise<Figures> {
  const request: autocannon.Request = {};
  if (target.body || target.path) {
    const { body, path } = target;
    request.setupRequest = (req) => ({ ...req, ...(body ? { body: body() } : {}), ...(path ? { path: path() } : {}) });
  }
  // Latencies are collected here at full precision: autocannon's own histogram keeps whole milliseconds.
  const latencies: number[] = [];
  const cpuBefore = target.cpu && (await readCpu(target.cpu.pids));
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method ?? 'GET',
        headers: target.headers,
        connections,
        duration: seconds,
        timeout: TIMEOUT_SECONDS,
        requests: [request],
      },
      (err: unknown, res: autocannon.Result) =>
        err ? reject(err instanceof Error ? err : new Error(JSON.stringify(err))) : resolve(res),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => void latencies.push(responseTime));
  });
  const ok = target.okStatus ?? 200;
  const good = result.statusCodeStats?.[`${ok}`]?.count ?? 0;
  const total = result.requests.total;
  if (result.errors > result.timeouts || good !== total) {
    throw new Error(
      `${target.method ?? 'GET'} ${target.url}: ${total} requests, ${good} answered ${ok}, ${result.errors} errors (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  const cpu = target.cpu && cpuBefore && cpuPerRequest(target.cpu, cpuBefore, await readCpu(target.cpu.pids), total);
  for (let i = 0; i < result.timeouts; i += 1) latencies.push(TIMEOUT_SECONDS * 1000);
  // Requests still in flight when the round ended must not spill into the next round (the other side's).
  await drain(target);
  latencies.sort((a, b) => a - b);
  return {
    rps: total / result.duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    timeouts: result.timeouts,
    ...cpu,
  };
}

/** Waits for the server's backlog: one more request queues behind whatever is left, and answers after it. */
async function drain(target: LoadTarget): Promise<void> {
  if ((target.method ?? 'GET') !== 'GET') return;
  const res = await fetch(target.url, { headers: target.headers, signal: AbortSignal.timeout(120_000) });
  await res.arrayBuffer();
}

export interface Comparison {
  service: Figures;
  baseline: Figures;
}

/** Warm-up of both, then `rounds` alternating rounds; medians per side. */
export async function compare(service: LoadTarget, baseline: LoadTarget, s: LoadSettings): Promise<Comparison> {
  await hit(service, s.connections, s.warmupSeconds);
  await hit(baseline, s.connections, s.warmupSeconds);
  const runs = { service: [] as Figures[], baseline: [] as Figures[] };
  for (let round = 0; round < s.rounds; round += 1) {
    const order = round % 2 === 0 ? (['service', 'baseline'] as const) : (['baseline', 'service'] as const);
    for (const side of order)
      runs[side].push(await hit(side === 'service' ? service : baseline, s.connections, s.roundSeconds));
  }
  return { service: medianFigures(runs.service), baseline: medianFigures(runs.baseline) };
}
