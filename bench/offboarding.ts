import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { OffboardingRemoved } from '../activities/companyOffboarding';
import { searchAttributes, workflowIds } from '../common/temporal';
import { createTemporalClient } from '../common/temporalClient';
import { startCompanyOffboarding } from '../common/workflowStarts/companyOffboarding';
import type { Db } from '../db/connection';
import { createCompany } from '../db/queries/companies';
import { companyOffboardingStatusQuery, type OffboardingPhase } from '../workflows/companyOffboarding';
import { machine, writeResults } from './entry';
import { startStack, startWorker, stop, teardown, withBuiltServiceAndDatabase, type Stack } from './stack';
import { f, table } from './textTable';

// Part of `npm run bench` (bench/run.ts): `npm run bench -- offboarding [--runs 10000,100000] [--smoke]`
// (issue 52 §3, issue 54 §2). A company's offboarding (workflows/companyOffboarding.ts, run by a worker
// process of its own) when the namespace holds N closed runs of the company: the time it takes, the time of
// its last step (deleting the runs) and runs deleted per second, and the worker's peak RSS (VmHWM) against
// its idle peak, per size (target: flat in N). The closed runs are the cheapest there are: `connectivityCheck`
// started with the company's CompanyId on a queue no worker polls and a 1-second execution timeout, so one
// start each and the server closes them itself (test/companies/offboardingRuns.test.ts starts and terminates
// them: two calls each). Each size gets a dev server of its own, so one size's leftovers never weigh on the next.

const log = (line: string): void => console.error(`[bench] ${line}`);

/** Starts in flight at once while making the closed runs. */
const START_CONCURRENCY = 32;

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '10000,100000' },
      smoke: { type: 'boolean', default: false },
      'database-url': { type: 'string', default: 'mysql://root@127.0.0.1:3306/sp_bench_offboarding' },
      out: { type: 'string', default: path.join(__dirname, 'results') },
    },
  });
  const sizes = values.smoke ? [200, 1000] : values.runs.split(',').map(Number);
  if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error('--runs takes counts such as 10000,100000');
  return { sizes, smoke: values.smoke, databaseUrl: values['database-url'], out: values.out };
}

export interface OffboardingSize {
  runs: number;
  /** Making the closed runs: starts and the wait for visibility to count them all closed. */
  makeSeconds: number;
  startsPerSecond: number;
  /** From the offboarding's start to its result. */
  offboardingSeconds: number;
  /** Its last step alone (deleting the runs), from the status query polled each second. */
  runsStepSeconds: number;
  runsDeletedPerSecond: number;
  workflowRunsReported: number;
  /** The worker's VmHWM once started (before the offboarding), and after it. */
  idlePeakRssMiB: number;
  peakRssMiB: number;
}

const closedQuery = (companyId: string): string => `CompanyId = '${companyId}' AND ExecutionStatus != 'Running'`;

async function closedRuns(client: Client, companyId: string, n: number): Promise<void> {
  const queue = `bench-offboarding-unpolled-${randomUUID().slice(0, 8)}`;
  let next = 0;
  const one = async (): Promise<void> => {
    for (let i = next++; i < n; i = next++) {
      // A dev server past ~20,000 runs answers some starts after their deadline (its SQLite has one
      // connection for every service): such a start is asked again, and one that did land is found by its id.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await client.workflow.start('connectivityCheck', {
            taskQueue: queue,
            workflowId: `bench-offboarding-${companyId}-${i}`,
            typedSearchAttributes: [{ key: searchAttributes.CompanyId, value: companyId }],
            // The server closes it (timed out): one call per run, none to close it.
            workflowExecutionTimeout: '1s',
          });
          break;
        } catch (err) {
          if (err instanceof WorkflowExecutionAlreadyStartedError) break;
          if (attempt >= 5) throw err;
          log(`  start ${i} failed (${err instanceof Error ? err.message : String(err)}): again`);
        }
      }
      if (i > 0 && i % 5_000 === 0) log(`  ${i} started`);
    }
  };
  await Promise.all(Array.from({ length: START_CONCURRENCY }, one));
  for (let last = -1; ;) {
    const { count } = await client.workflow.count(closedQuery(companyId));
    if (count >= n) return;
    if (count !== last) log(`  ${count} of ${n} closed`);
    last = count;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function offboardSize(db: Db, databaseUrl: string, n: number): Promise<OffboardingSize> {
  const stack: Stack = await startStack(databaseUrl, undefined, undefined, {
    // No API process runs here: nothing holds a key, so the drain need not wait.
    env: { CREDENTIAL_CACHE_TTL: '0s' },
  });
  const client = createTemporalClient(stack.config);
  try {
    const company = await createCompany(db, `Bench offboarding [n=${n}] ${randomUUID().slice(0, 8)}`);
    log(`making ${n} closed runs, ${START_CONCURRENCY} starts at once`);
    const made = performance.now();
    await closedRuns(client, company.id, n);
    const makeSeconds = (performance.now() - made) / 1000;
    // A fresh worker per size: its VmHWM is this offboarding's peak.
    const worker = await startWorker(stack, `worker-${n}`);
    try {
      const idlePeakRssMiB = await worker.peakRssMiB();
      log(`offboarding the company (${n} closed runs)`);
      const started = performance.now();
      if (!(await startCompanyOffboarding(client, stack.config, { id: company.id, fairnessWeight: 1 })))
        throw new Error('the offboarding did not start');
      const handle = client.workflow.getHandle(workflowIds.companyOffboarding(company.id));
      let runsStepAt: number | undefined;
      let phase: OffboardingPhase | undefined;
      const watch = setInterval(() => {
        handle.query(companyOffboardingStatusQuery).then(
          (status) => {
            if (status.phase !== phase) log(`  ${status.step}`);
            phase = status.phase;
            if (status.phase === 'runs' && runsStepAt === undefined) runsStepAt = performance.now();
          },
          () => undefined, // between runs of a continue-as-new, or already closed: the next poll answers
        );
      }, 1000);
      let removed: OffboardingRemoved;
      try {
        removed = await handle.result();
      } finally {
        clearInterval(watch);
      }
      const ended = performance.now();
      const left = (await client.workflow.count(`CompanyId = '${company.id}'`)).count;
      if (left !== 0) throw new Error(`${left} runs of the company left after its offboarding`);
      const runsStepSeconds = (ended - (runsStepAt ?? started)) / 1000;
      return {
        runs: n,
        makeSeconds,
        startsPerSecond: n / makeSeconds,
        offboardingSeconds: (ended - started) / 1000,
        runsStepSeconds,
        runsDeletedPerSecond: n / runsStepSeconds,
        workflowRunsReported: removed.workflowRuns,
        idlePeakRssMiB,
        peakRssMiB: await worker.peakRssMiB(),
      };
    } finally {
      await stop(stack, worker);
    }
  } finally {
    await client.connection.close();
    await teardown(stack);
  }
}

export function formatOffboarding(sizes: OffboardingSize[], ratios: { perSecond: number; peakRss: number }): string {
  const rows = sizes.map((s) => [
    String(s.runs),
    f(s.makeSeconds),
    f(s.offboardingSeconds),
    f(s.runsStepSeconds),
    f(s.runsDeletedPerSecond),
    f(s.idlePeakRssMiB),
    f(s.peakRssMiB),
  ]);
  const [first, last] = [sizes[0], sizes[sizes.length - 1]];
  return [
    table(['closed runs', 'make s', 'offboarding s', 'runs step s', 'runs/s', 'idle RSS MiB', 'peak RSS MiB'], rows),
    `${last.runs}/${first.runs}: runs deleted/s ${f(ratios.perSecond, 2)}, peak RSS ${f(ratios.peakRss, 2)} (target: flat, 1.0)`,
  ].join('\n');
}

export async function main(): Promise<void> {
  const opts = options();
  const loadAverageAtStart = os.loadavg()[0];
  const sizes: OffboardingSize[] = [];
  const date = new Date().toISOString();
  const file = `${date.slice(0, 10)}-offboarding${opts.smoke ? '-smoke' : ''}.json`;
  const results = () => ({ date, machine: machine(loadAverageAtStart), sizes, targets: { flat: 1 } });
  log('building (npm run build)');
  await withBuiltServiceAndDatabase(opts.databaseUrl, async (db) => {
    for (const n of opts.sizes) {
      sizes.push(await offboardSize(db, opts.databaseUrl, n));
      log(`${n} runs: ${JSON.stringify(sizes[sizes.length - 1])}`);
      // Written after each size: a larger size that cannot finish leaves the smaller ones' figures.
      await writeResults(opts.out, file, results(), log);
    }
  });
  const [first, last] = [sizes[0], sizes[sizes.length - 1]];
  const ratios = {
    perSecond: last.runsDeletedPerSecond / first.runsDeletedPerSecond,
    peakRss: last.peakRssMiB / first.peakRssMiB,
  };
  console.log(`${formatOffboarding(sizes, ratios)}\n`);
  await writeResults(opts.out, file, { ...results(), lastOverFirst: ratios }, log);
}
