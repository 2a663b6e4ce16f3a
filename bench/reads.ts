import { isDeepStrictEqual } from 'node:util';
import type { BenchData } from './seed';
import { compareAtRate, type RateComparison, type RateSettings } from './fixedRate';
import { compare, type Comparison, type CpuSources, type LoadSettings, type LoadTarget } from './load';

// Part 1 and 2 of the suite: the read endpoints against the bare baseline, and the deep pages.

export type ReadKey =
  | 'users'
  | 'sessions'
  | 'sessionsDeep'
  | 'sessionsMiddle'
  | 'byUser'
  | 'byUserDeep'
  | 'session'
  | 'roleplays'
  | 'user'
  | 'roleplay';

/** The single-row reads: their p99 at a fixed rate has a target of its own (< 50 ms). */
export const SINGLE_ROW_READS: ReadKey[] = ['session', 'roleplay', 'user'];

export interface ReadCase {
  key: ReadKey;
  name: string;
  /** Path and query; the session result rotates over the sampled ids. */
  path: string | (() => string);
}

export function readCases(data: BenchData, deepOffset: number, middleOffset: number): ReadCase[] {
  // Each rotates over its sampled ids, so the single-row reads touch many rows, not one cached one.
  const rotate = (prefix: string, ids: string[]): (() => string) => {
    let next = 0;
    return () => `${prefix}${ids[next++ % ids.length]}`;
  };
  const byUser = `userId=${data.heavyUserId}`;
  return [
    { key: 'users', name: 'GET /api/user?limit=100', path: '/api/user?limit=100' },
    { key: 'sessions', name: 'GET /api/roleplay/session?limit=100', path: '/api/roleplay/session?limit=100' },
    {
      key: 'sessionsDeep',
      name: `GET /api/roleplay/session?offset=${deepOffset}&limit=100`,
      path: `/api/roleplay/session?offset=${deepOffset}&limit=100`,
    },
    {
      key: 'sessionsMiddle',
      name: `GET /api/roleplay/session?offset=${middleOffset}&limit=100`,
      path: `/api/roleplay/session?offset=${middleOffset}&limit=100`,
    },
    {
      key: 'byUser',
      name: 'GET /api/roleplay/session?userId&limit=100',
      path: `/api/roleplay/session?${byUser}&limit=100`,
    },
    {
      key: 'byUserDeep',
      name: `GET /api/roleplay/session?userId&offset=${deepOffset}&limit=100`,
      path: `/api/roleplay/session?${byUser}&offset=${deepOffset}&limit=100`,
    },
    { key: 'session', name: 'GET /api/roleplay/session/{id}', path: rotate('/api/roleplay/session/', data.sessionIds) },
    { key: 'roleplays', name: 'GET /api/roleplay', path: '/api/roleplay' },
    { key: 'roleplay', name: 'GET /api/roleplay/{id}', path: rotate('/api/roleplay/', data.roleplayIds) },
    { key: 'user', name: 'GET /api/user/{id}', path: rotate('/api/user/', data.userIds) },
  ];
}

export const target = (base: string, apiKey: string, c: ReadCase, cpu?: CpuSources): LoadTarget => {
  const first = typeof c.path === 'string' ? c.path : c.path();
  return {
    url: base + first,
    headers: { 'x-api-key': apiKey },
    ...(typeof c.path === 'string' ? {} : { path: c.path }),
    ...(cpu ? { cpu } : {}),
  };
};

/** The processes behind each side, when the run measures CPU per request. */
export interface SidesCpu {
  service: CpuSources;
  baseline: CpuSources;
}

/** Signed media links carry their own expiry instant; everything else must match byte for byte (after parsing). */
const normalise = (text: string): unknown =>
  JSON.parse(text.replace(/expires=\d+&signature=[0-9a-f]+/g, 'expires=X&signature=X'));

/** Both servers answer every case with the same status and the same JSON, or the comparison is meaningless. */
export async function checkSameAnswers(
  serviceUrl: string,
  baselineUrl: string,
  apiKey: string,
  cases: ReadCase[],
): Promise<void> {
  for (const c of cases) {
    const path = typeof c.path === 'string' ? c.path : c.path();
    const [a, b] = await Promise.all(
      [serviceUrl, baselineUrl].map(async (base) => {
        const res = await fetch(base + path, { headers: { 'x-api-key': apiKey } });
        return { status: res.status, body: normalise(await res.text()) };
      }),
    );
    if (a.status !== 200 || !isDeepStrictEqual(a, b)) {
      throw new Error(
        `service and baseline answer ${path} differently:\n service ${JSON.stringify(a).slice(0, 600)}\n baseline ${JSON.stringify(b).slice(0, 600)}`,
      );
    }
  }
}

export async function runReads(
  serviceUrl: string,
  baselineUrl: string,
  apiKey: string,
  cases: ReadCase[],
  settings: LoadSettings,
  log: (line: string) => void,
  cpu?: SidesCpu,
): Promise<Map<ReadKey, Comparison>> {
  const out = new Map<ReadKey, Comparison>();
  for (const c of cases) {
    log(`load: ${c.name}`);
    out.set(
      c.key,
      await compare(
        target(serviceUrl, apiKey, c, cpu?.service),
        target(baselineUrl, apiKey, c, cpu?.baseline),
        settings,
      ),
    );
  }
  return out;
}

/**
 * Each case open-loop at `rateOf(key)` requests per second (half the baseline's closed-loop maximum
 * measured in this run), service and baseline at the same rate.
 */
export async function runFixedRate(
  serviceUrl: string,
  baselineUrl: string,
  apiKey: string,
  cases: ReadCase[],
  rateOf: (key: ReadKey) => number,
  settings: RateSettings,
  log: (line: string) => void,
): Promise<Map<ReadKey, RateComparison>> {
  const out = new Map<ReadKey, RateComparison>();
  for (const c of cases) {
    const rate = Math.max(1, Math.round(rateOf(c.key)));
    log(`fixed rate ${rate}/s: ${c.name}`);
    out.set(c.key, await compareAtRate(target(serviceUrl, apiKey, c), target(baselineUrl, apiKey, c), rate, settings));
  }
  return out;
}
