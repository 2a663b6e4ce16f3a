import { Pool } from 'undici';
import { percentile, type LoadTarget } from './load';

// Latency at a fixed rate: requests leave at evenly spaced instants whatever the server does (open
// loop), and each latency counts from the instant the request was due, not from when a connection was
// free to send it (so a stall shows in the figures instead of silently lowering the rate: no coordinated
// omission). Not autocannon's `overallRate`/`connectionRate`: those give every connection a per-second
// quota that it sends back to back at the start of each second, a closed-loop burst of `connections`
// requests every second (autocannon/lib/httpClient.js) whose queueing would dominate the p99.

export interface RateFigures {
  /** The rate asked for and the rate answered, per second. */
  rate: number;
  answered: number;
  p50: number;
  p99: number;
  /** Requests still unanswered when the round ended (counted in the percentiles as the round's remaining time at least). */
  late: number;
}

export interface RateSettings {
  warmupSeconds: number;
  roundSeconds: number;
  rounds: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** One open-loop run at `rate` requests per second; returns every latency in ms (unsorted). */
async function openLoop(
  target: LoadTarget,
  rate: number,
  seconds: number,
): Promise<{ latencies: number[]; late: number }> {
  const url = new URL(target.url);
  // Enough sockets that the generator never waits for one: queueing is the server's.
  const pool = new Pool(url.origin, { connections: 256, pipelining: 1 });
  const latencies: number[] = [];
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const start = performance.now();
  const inFlight = new Set<Promise<void>>();
  const fire = (due: number): void => {
    const path = target.path ? target.path() : url.pathname + url.search;
    const p = pool
      .request({ path, method: target.method ?? 'GET', headers: target.headers, body: target.body?.() })
      .then(async (res) => {
        await res.body.arrayBuffer();
        if (res.statusCode !== (target.okStatus ?? 200)) throw new Error(`${target.url}: answered ${res.statusCode}`);
        latencies.push(performance.now() - due);
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  let sent = 0;
  const errors: unknown[] = [];
  while (sent < total) {
    const now = performance.now();
    while (sent < total && start + sent * interval <= now) {
      const due = start + sent * interval;
      fire(due);
      sent += 1;
    }
    await sleep(1);
  }
  // Answers still due get the round's length plus 10 s at most; later ones count as unanswered.
  const deadline = sleep(10_000).then(() => 'late' as const);
  const settled = Promise.allSettled([...inFlight]).then((results) => {
    for (const r of results) if (r.status === 'rejected') errors.push(r.reason);
    return 'done' as const;
  });
  const outcome = await Promise.race([settled, deadline]);
  const late = outcome === 'late' ? inFlight.size : 0;
  for (let i = 0; i < late; i += 1) latencies.push(performance.now() - start);
  await pool.destroy();
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return { latencies, late };
}

export interface RateComparison {
  service: RateFigures;
  baseline: RateFigures;
}

function figures(rate: number, seconds: number, runs: Array<{ latencies: number[]; late: number }>): RateFigures {
  const all = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    rate,
    answered: all.length / seconds,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    late: runs.reduce((n, r) => n + r.late, 0),
  };
}

/** Both sides at the same rate: a warm-up each, then alternating rounds; percentiles over every round's latencies. */
export async function compareAtRate(
  service: LoadTarget,
  baseline: LoadTarget,
  rate: number,
  s: RateSettings,
): Promise<RateComparison> {
  await openLoop(service, rate, s.warmupSeconds);
  await openLoop(baseline, rate, s.warmupSeconds);
  const runs = {
    service: [] as Array<{ latencies: number[]; late: number }>,
    baseline: [] as Array<{ latencies: number[]; late: number }>,
  };
  for (let round = 0; round < s.rounds; round += 1) {
    const order = round % 2 === 0 ? (['service', 'baseline'] as const) : (['baseline', 'service'] as const);
    for (const side of order)
      runs[side].push(await openLoop(side === 'service' ? service : baseline, rate, s.roundSeconds));
  }
  const seconds = s.rounds * s.roundSeconds;
  return { service: figures(rate, seconds, runs.service), baseline: figures(rate, seconds, runs.baseline) };
}
