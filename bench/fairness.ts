import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigSchema } from '../common/config';
import type { Db } from '../db/connection';
import { createCompany } from '../db/queries/companies';
import { createApiKey } from '../db/queries/credentials';
import { allCompleted, submitMany, timeToComplete, transcriptSubmission } from '../test/support/fairnessScenario';
import { machine, writeResults } from './entry';
import { httpApi } from './httpApi';
import { startApi, startStack, startWorker, teardown, withBuiltServiceAndDatabase } from './stack';
import { f, table } from './textTable';

// Part of `npm run bench` (bench/run.ts): `npm run bench -- fairness [--backlog 200] [--smoke] [--out DIR]`
// (issue 45 §4). What task queue fairness costs and buys, on the real API and worker processes: on a dev
// server with matching.enableFairness and on one without, company A submits a backlog of N transcripts (as
// test/recordings/fairness.test.ts does), then company B submits one. Per server: B's latency (accept →
// completed), how many of A's had completed by then, and A's throughput (recordings/s from its first accept to
// its last completion, both as stored). The worker is the service's (its sizing from the stack's memory limit,
// COMPANY_MAX_HEAVY_ACTIVITIES at its default). Target: throughput with fairness at most 5 % below without.

const log = (line: string): void => console.error(`[bench] ${line}`);

function options() {
  const { values } = parseArgs({
    options: {
      backlog: { type: 'string', default: '200' },
      smoke: { type: 'boolean', default: false },
      'database-url': { type: 'string', default: 'mysql://root@127.0.0.1:3306/sp_bench_fairness' },
      out: { type: 'string', default: path.join(__dirname, 'results') },
    },
  });
  const backlog = values.smoke ? 10 : Number(values.backlog);
  if (!Number.isInteger(backlog) || backlog < 1) throw new Error('--backlog takes a count such as 200');
  return { backlog, smoke: values.smoke, databaseUrl: values['database-url'], out: values.out };
}

type Options = ReturnType<typeof options>;

export interface FairnessRun {
  fairness: boolean;
  backlog: number;
  /** B's submission alone before the backlog (after one warm-up), accept → completed (as stored), ms. */
  aloneMs: number;
  /** B's submission behind A's backlog, accept → completed (as stored), ms. */
  behindMs: number;
  /** A's recordings completed when B's was. */
  backlogDoneBeforeB: number;
  /** A's first accept to its last completion, s; and recordings per second over it. */
  backlogSeconds: number;
  backlogPerSecond: number;
}

/** A company of the run with a key (a fresh pair per server, so no run sees another's recordings). */
async function company(db: Db, name: string): Promise<{ id: string; apiKey: string }> {
  const row = await createCompany(db, name);
  const { key } = await createApiKey(db, row.id, 'bench');
  return { id: row.id, apiKey: key };
}

/** Stored times of recordings (created_at is the accept, completed_at the completion), in ms. */
async function storedTimes(db: Db, ids: string[]): Promise<Array<{ created: number; completed: number }>> {
  const rows = (await db('recordings').whereIn('id', ids).select('created_at', 'completed_at')) as Array<{
    created_at: Date;
    completed_at: Date;
  }>;
  return rows.map((r) => ({ created: r.created_at.getTime(), completed: r.completed_at.getTime() }));
}

async function runOne(opts: Options, db: Db, fairness: boolean): Promise<FairnessRun> {
  const defaultMedia = ConfigSchema.properties.COMPANY_MAX_HEAVY_ACTIVITIES.default as number;
  const stack = await startStack(opts.databaseUrl, undefined, undefined, {
    temporalFairness: fairness,
    env: { COMPANY_MAX_HEAVY_ACTIVITIES: String(defaultMedia) },
  });
  try {
    const api = await startApi(stack, 'api');
    await startWorker(stack, 'worker');
    const http = httpApi(api.url);
    const label = fairness ? 'on' : 'off';
    const a = await company(db, `Bench fairness A (${label})`);
    const b = await company(db, `Bench fairness B (${label})`);
    await timeToComplete(http, b.apiKey, transcriptSubmission(), 120_000); // warm-up
    const alone = await timeToComplete(http, b.apiKey, transcriptSubmission(), 120_000);
    const [aloneTimes] = await storedTimes(db, [alone.id]);
    const aloneMs = aloneTimes.completed - aloneTimes.created;
    log(`fairness ${label}: B alone ${aloneMs} ms; A submits ${opts.backlog}`);
    const backlog = await submitMany(http, a.apiKey, opts.backlog, transcriptSubmission());
    const behind = await timeToComplete(http, b.apiKey, transcriptSubmission(), 600_000);
    await allCompleted(db, backlog, 1_800_000);
    const [bTimes] = await storedTimes(db, [behind.id]);
    const aTimes = await storedTimes(db, backlog);
    const first = Math.min(...aTimes.map((t) => t.created));
    const last = Math.max(...aTimes.map((t) => t.completed));
    const backlogSeconds = (last - first) / 1000;
    return {
      fairness,
      backlog: opts.backlog,
      aloneMs,
      behindMs: bTimes.completed - bTimes.created,
      backlogDoneBeforeB: aTimes.filter((t) => t.completed <= bTimes.completed).length,
      backlogSeconds,
      backlogPerSecond: opts.backlog / backlogSeconds,
    };
  } finally {
    await teardown(stack);
  }
}

export function formatFairness(runs: FairnessRun[], ratio: number): string {
  const rows = runs.map((r) => [
    r.fairness ? 'fairness on' : 'fairness off',
    String(r.backlog),
    String(r.aloneMs),
    String(r.behindMs),
    `${r.backlogDoneBeforeB}/${r.backlog}`,
    f(r.backlogSeconds, 2),
    f(r.backlogPerSecond, 2),
  ]);
  return [
    table(['server', 'A backlog', 'B alone ms', 'B behind ms', 'A done before B', 'A s', 'A recordings/s'], rows),
    `A throughput on/off: ${f(ratio, 3)} (target: at least 0.95)`,
  ].join('\n');
}

export async function main(): Promise<void> {
  const opts = options();
  const loadAverageAtStart = os.loadavg()[0];
  log('building (npm run build)');
  const runs: FairnessRun[] = [];
  await withBuiltServiceAndDatabase(opts.databaseUrl, async (db) => {
    for (const fairness of [true, false]) runs.push(await runOne(opts, db, fairness));
  });
  const [on, off] = runs;
  const ratio = on.backlogPerSecond / off.backlogPerSecond;
  console.log(`${formatFairness(runs, ratio)}\n`);
  const date = new Date().toISOString();
  await writeResults(
    opts.out,
    `${date.slice(0, 10)}-fairness${opts.smoke ? '-smoke' : ''}.json`,
    {
      date,
      machine: machine(loadAverageAtStart),
      runs,
      throughputOnOverOff: ratio,
      targets: { throughputOnOverOffAtLeast: 0.95 },
    },
    log,
  );
}
