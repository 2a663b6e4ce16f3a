// The worker's workflow cache over a run, from the Temporal core's counters on its Prometheus endpoint
// (worker/metrics.ts appends them): read before and after, the differences are the run's. A forced
// eviction drops a cached workflow to make room (a workflow that completes leaves without one); its next
// task is a miss, fetches the whole history and replays it. (Core's replay-latency histogram is no count
// of these: it takes a sample on nearly every task.)

export interface CacheFigures {
  /** Workflow tasks that found their workflow cached. */
  hits: number;
  /** Sticky tasks whose workflow was no longer cached. */
  misses: number;
  /** Workflows dropped from the cache before they completed (a full cache, or a failed task). */
  forcedEvictions: number;
}

const COUNTERS: Record<keyof CacheFigures, string> = {
  hits: 'temporal_sticky_cache_hit',
  misses: 'temporal_sticky_cache_miss',
  forcedEvictions: 'temporal_sticky_cache_total_forced_eviction',
};

/** The sum over all label sets of a counter (with or without the exporter's `_total` suffix). */
export function counterSum(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (m && (m[1] === name || m[1] === `${name}_total`)) sum += Number(m[3]);
  }
  return sum;
}

export async function readCache(metricsUrl: string): Promise<CacheFigures> {
  const text = await (await fetch(metricsUrl)).text();
  const figures = {} as CacheFigures;
  for (const [key, name] of Object.entries(COUNTERS) as Array<[keyof CacheFigures, string]>)
    figures[key] = counterSum(text, name);
  return figures;
}

export function cacheDelta(before: CacheFigures, after: CacheFigures): CacheFigures {
  return {
    hits: after.hits - before.hits,
    misses: after.misses - before.misses,
    forcedEvictions: after.forcedEvictions - before.forcedEvictions,
  };
}
