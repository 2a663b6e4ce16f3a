import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import { createTemporalClient } from '../common/temporalClient';
import { startTlsMariaDb, type TlsMariaDb } from '../test/support/tlsMariaDb';
import { formatCost } from './costTables';
import { COST_CALL, measureScenario, questions, runRecordings, SCENARIOS, type CostContext } from './costScenarios';
import type { ScenarioFigures } from './costDollars';
import { PRICES } from './costPrices';
import { machine, writeResults } from './entry';
import { modes } from './modes';
import { databaseUrl as ownDatabaseUrl } from './productionSettings';
import { forgetEarlierRecordings, seedBench } from './seed';
import { stackPids, startApi, startStack, startWorker, teardown, withBuiltServiceAndDatabase } from './stack';

// `npm run bench -- cost [--recordings N] [--only 2,25] [--smoke] [--database-url URL] [--out DIR]` (issue 54 §3):
// what a recording costs. Each scenario of costScenarios.ts runs N recordings (default 2) through the real API
// and worker; per recording it reports workflow tasks, history events, payload bytes, Temporal actions from the
// histories by Cloud's rules and from the dev server's `action` counter, MySQL statements, CPU seconds by
// process; then dollars per recording and for 10,000 calls a month at the prices of costPrices.ts.
//
// MySQL is a MariaDB of the bench's own (its Questions count is then the service's alone; the machine's
// server is shared with whatever else runs) unless --database-url names one. Temporal is a dev server of its
// own, for its metrics. The speech-to-text stand-in answers every piece with COST_CALL (a card number in one line).

const log = (line: string): void => console.error(`[bench] ${line}`);

function options() {
  const { values } = parseArgs({
    options: {
      recordings: { type: 'string', default: '2' },
      only: { type: 'string' },
      smoke: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      out: { type: 'string', default: path.join(__dirname, 'results') },
    },
  });
  const recordings = values.smoke ? 1 : Number(values.recordings);
  if (!Number.isInteger(recordings) || recordings < 1) throw new Error('--recordings N: at least 1');
  // --only takes minutes (0: the transcript); --smoke is the transcript and the 2-minute call, once each.
  const only = values.smoke ? [0, 2] : values.only?.split(',').map(Number);
  const scenarios = SCENARIOS.filter(
    (s) => !only || (only.includes(s.minutes) && !(values.smoke && (s.redactPii || s.webhook))),
  );
  return { recordings, scenarios, smoke: values.smoke, databaseUrl: values['database-url'], out: values.out };
}

export interface CostResults {
  date: string;
  machine: ReturnType<typeof machine>;
  loadAverageAtEnd: number;
  /** Whether MySQL's statement count is the service's alone (a server of the bench's own). */
  ownDatabase: boolean;
  recordings: number;
  scenarios: ScenarioFigures[];
  prices: typeof PRICES;
}

export async function main(): Promise<void> {
  const opts = options();
  const loadAverageAtStart = os.loadavg()[0];
  let server: TlsMariaDb | undefined;
  if (!opts.databaseUrl) {
    log("starting a MariaDB of the bench's own");
    server = await startTlsMariaDb({ requireSecureTransport: false, bufferPoolMiB: 128 });
  }
  const databaseUrl = opts.databaseUrl ?? ownDatabaseUrl(server!, 'sp_bench_cost', false);
  const results: CostResults = {
    date: new Date().toISOString(),
    machine: machine(loadAverageAtStart),
    loadAverageAtEnd: 0,
    ownDatabase: server !== undefined,
    recordings: opts.recordings,
    scenarios: [],
    prices: PRICES,
  };
  try {
    log('building (npm run build)');
    await withBuiltServiceAndDatabase(databaseUrl, async () => {
      const stack = await startStack(databaseUrl, undefined, undefined, {
        segments: COST_CALL,
        env: { STT_MODEL: 'whisper-1', STT_MAX_CHUNK_DURATION: '10m' },
        databasePid: server?.pid,
      });
      // Only the server's counter is read: no TLS options needed (mysql2 would warn of the service's ssl-mode).
      const plain = new URL(databaseUrl);
      plain.search = '';
      const connection = await mysql.createConnection(plain.toString());
      const client = createTemporalClient({ ...stack.config, TEMPORAL_START_TIMEOUT: '60s' });
      try {
        const data = await seedBench(databaseUrl, modes.smoke.counts, log);
        await forgetEarlierRecordings(databaseUrl, data.companyId);
        const api = await startApi(stack, 'api');
        const worker = await startWorker(stack, 'worker');
        const { counted } = await stackPids(stack);
        const ctx: CostContext = {
          stack,
          client,
          apiUrl: api.url,
          apiKey: data.apiKey,
          pids: { api: api.process.pid, worker: worker.pid, ...counted },
          mysql: connection,
          ownStatements: 0,
          metricsUrl: stack.temporal?.metricsUrl,
          namespace: stack.config.TEMPORAL_NAMESPACE,
          log,
        };
        // Warm: JIT, pools and caches as a running service has them; then what one reading of the count adds.
        for (const s of SCENARIOS.slice(0, 2)) await runRecordings(ctx, s, 1);
        const own: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const first = await questions(connection);
          own.push((await questions(connection)) - first);
        }
        ctx.ownStatements = Math.min(...own);
        for (const s of opts.scenarios) results.scenarios.push(await measureScenario(ctx, s, opts.recordings));
      } finally {
        await client.connection.close();
        await connection.end();
        await teardown(stack);
      }
    });
  } finally {
    await server?.stop();
  }
  results.loadAverageAtEnd = os.loadavg()[0];
  console.log(formatCost(results).join('\n\n'));
  await writeResults(opts.out, `${results.date.slice(0, 10)}-cost${opts.smoke ? '-smoke' : ''}.json`, results, log);
}
