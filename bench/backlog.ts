import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { temporal } from '@temporalio/proto';
import { COMPANY_PLACE_SIGNAL, workflowIds } from '../common/temporal';
import { createTemporalClient } from '../common/temporalClient';
import type { Db } from '../db/connection';
import { createCompany } from '../db/queries/companies';
import { createApiKey } from '../db/queries/credentials';
import { startDelayProxy } from '../test/support/delayProxy';
import { allCompleted, submitMany } from '../test/support/fairnessScenario';
import { handOffGaps, heldIntervals, PLACE_HOLDING, quantile } from '../test/support/placeHandOff';
import { SAMPLE_AUDIO } from '../test/support/recordingFixtures';
import { idleCores, sampleCpu } from './backlogCpu';
import { machine, writeResults } from './entry';
import { httpApi } from './httpApi';
import { findTemporalDevServer } from './processCpu';
import { startApi, startStack, startWorker, teardown, withBuiltServiceAndDatabase } from './stack';
import { f, table } from './textTable';

// Part of `npm run bench` (bench/run.ts): `npm run bench -- backlog [--recordings 5000] [--places 8]
// [--stt-delay-ms 2000] [--smoke] [--out DIR]` (issue 50 §5). One company submits N short audio calls at once
// behind COMPANY_MAX_HEAVY_ACTIVITIES places, against a speech-to-text stand-in that answers after a fixed delay.
// All must complete. Reported: the largest history of any run; workflow tasks and Temporal actions (activities
// scheduled, timers, signals, the start: what Temporal Cloud bills) per recording; runs woken by a hand-off; the
// backlog's throughput against the limit's ideal (places ÷ the mean time a place is held, read from the runs'
// own activity events), target at least 0.9; and the Temporal server's CPU while the backlog waits (bench/backlogCpu.ts),
// against its idle floor just before.

const log = (line: string): void => console.error(`[bench] ${line}`);

function options() {
  const { values } = parseArgs({
    options: {
      recordings: { type: 'string', default: '5000' },
      places: { type: 'string', default: '8' },
      'stt-delay-ms': { type: 'string', default: '2000' },
      smoke: { type: 'boolean', default: false },
      'database-url': { type: 'string', default: 'mysql://root@127.0.0.1:3306/sp_bench_backlog' },
      out: { type: 'string', default: path.join(__dirname, 'results') },
    },
  });
  const recordings = values.smoke ? 12 : Number(values.recordings);
  const places = values.smoke ? 2 : Number(values.places);
  const sttDelayMs = values.smoke ? 300 : Number(values['stt-delay-ms']);
  if (![recordings, places, sttDelayMs].every((n) => Number.isInteger(n) && n >= 1))
    throw new Error('--recordings, --places and --stt-delay-ms take whole numbers of at least 1');
  return { recordings, places, sttDelayMs, smoke: values.smoke, databaseUrl: values['database-url'], out: values.out };
}

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

const millis = (event: HistoryEvent): number =>
  Number(event.eventTime?.seconds ?? 0) * 1000 + Math.floor((event.eventTime?.nanos ?? 0) / 1e6);

/** One run's counts: events, workflow tasks, billable actions, whether a hand-off woke it, time holding a place. */
function measure(events: HistoryEvent[]) {
  const scheduled = new Map<string, string>();
  const started = new Map<string, number>();
  let tasks = 0;
  let actions = 1; // the start
  let handedOff = false;
  let heldMs = 0;
  let refused = 0;
  let timersFired = 0;
  for (const event of events) {
    if (event.timerFiredEventAttributes) timersFired += 1;
    if (event.activityTaskFailedEventAttributes?.failure?.applicationFailureInfo?.type === 'CompanyAtActivityLimit')
      refused += 1;
    const id = String(event.eventId);
    if (event.workflowTaskCompletedEventAttributes) tasks += 1;
    if (event.timerStartedEventAttributes || event.markerRecordedEventAttributes) actions += 1;
    if (event.workflowExecutionSignaledEventAttributes) {
      actions += 1;
      if (event.workflowExecutionSignaledEventAttributes.signalName === COMPANY_PLACE_SIGNAL) handedOff = true;
    }
    const type = event.activityTaskScheduledEventAttributes?.activityType?.name;
    if (type) {
      actions += 1;
      scheduled.set(id, type);
    }
    const start = event.activityTaskStartedEventAttributes;
    if (start) started.set(String(start.scheduledEventId), millis(event));
    const done = event.activityTaskCompletedEventAttributes;
    if (done && PLACE_HOLDING.has(scheduled.get(String(done.scheduledEventId)) ?? ''))
      heldMs += millis(event) - (started.get(String(done.scheduledEventId)) ?? millis(event));
  }
  return {
    events: events.length,
    tasks,
    actions,
    handedOff,
    heldMs,
    refused,
    timersFired,
    held: heldIntervals(events),
  };
}

async function company(db: Db): Promise<{ id: string; apiKey: string }> {
  const row = await createCompany(db, 'Bench backlog');
  const { key } = await createApiKey(db, row.id, 'bench');
  return { id: row.id, apiKey: key };
}

export async function main(): Promise<void> {
  const opts = options();
  const loadAverageAtStart = os.loadavg()[0];
  log('building (npm run build)');
  const result = await withBuiltServiceAndDatabase(opts.databaseUrl, async (db) => {
    const stack = await startStack(opts.databaseUrl, undefined, undefined, {
      temporalFairness: true,
      env: { COMPANY_MAX_HEAVY_ACTIVITIES: String(opts.places), STT_CONCURRENCY: '1' },
    });
    const slow = await startDelayProxy(stack.stt!.url, opts.sttDelayMs);
    stack.env.STT_BASE_URL = slow.url;
    try {
      const api = await startApi(stack, 'api');
      await startWorker(stack, 'worker');
      const http = httpApi(api.url);
      const a = await company(db);
      const url = stack.files!.serve('/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
      const body = {
        userUniqueIdentifier: 'bench-backlog',
        userName: 'Bench',
        recordingPresignedUrl: url,
        storeRecording: false,
      };
      const serverPid = await findTemporalDevServer(stack.config.TEMPORAL_ADDRESS);
      if (serverPid === undefined) throw new Error(`no Temporal dev server found at ${stack.config.TEMPORAL_ADDRESS}`);
      const serverIdleCores = await idleCores(serverPid, 10_000);
      log(`submitting ${opts.recordings} calls at ${opts.places} places, speech to text ${opts.sttDelayMs} ms`);
      const started = Date.now();
      const cpu = await sampleCpu(serverPid);
      const ids = await submitMany(http, a.apiKey, opts.recordings, body);
      log(`submitted in ${((Date.now() - started) / 1000).toFixed(0)} s; waiting for all to complete`);
      await allCompleted(db, ids, Math.max(600_000, opts.recordings * opts.sttDelayMs * 4));
      const seconds = (Date.now() - started) / 1000;
      const server = await cpu.stop();
      log(`all ${ids.length} completed in ${seconds.toFixed(0)} s; reading ${ids.length} histories`);
      const client = createTemporalClient(stack.config);
      const runs = [];
      for (const id of ids)
        runs.push(measure((await client.workflow.getHandle(workflowIds.recording(id)).fetchHistory()).events ?? []));
      await client.connection.close();
      const gaps = handOffGaps(
        runs.flatMap((r) => r.held),
        opts.places,
      );
      const meanHeldS = runs.reduce((s, r) => s + r.heldMs, 0) / runs.length / 1000;
      const ideal = opts.places / meanHeldS;
      const throughput = opts.recordings / seconds;
      return {
        recordings: opts.recordings,
        places: opts.places,
        sttDelayMs: opts.sttDelayMs,
        seconds,
        largestHistory: Math.max(...runs.map((r) => r.events)),
        workflowTasksPerRecording: runs.reduce((s, r) => s + r.tasks, 0) / runs.length,
        actionsPerRecording: runs.reduce((s, r) => s + r.actions, 0) / runs.length,
        handedOff: runs.filter((r) => r.handedOff).length,
        refusedAttemptsPerRecording: runs.reduce((s, r) => s + r.refused, 0) / runs.length,
        fallbackTimersFired: runs.reduce((s, r) => s + r.timersFired, 0),
        handOffGapMs: { p50: quantile(gaps, 0.5), p90: quantile(gaps, 0.9), p99: quantile(gaps, 0.99) },
        meanPlaceHeldSeconds: meanHeldS,
        throughputPerSecond: throughput,
        idealPerSecond: ideal,
        throughputOverIdeal: throughput / ideal,
        serverIdleCores,
        serverMeanCores: server.meanCores,
        serverPeakCores: server.peakCores,
        serverCpuSecondsPerRecording: server.cpuSeconds / opts.recordings,
      };
    } finally {
      await slow.close();
      await teardown(stack);
    }
  });
  console.log(
    `${table(
      [
        'recordings',
        'places',
        'largest history',
        'tasks/rec',
        'actions/rec',
        'handed off',
        'rec/s',
        'ideal rec/s',
        'ratio',
        'server cores idle / mean / peak',
        'server CPU ms/rec',
        'hand-off gap p50 / p90 / p99 ms',
      ],
      [
        [
          String(result.recordings),
          String(result.places),
          String(result.largestHistory),
          f(result.workflowTasksPerRecording, 1),
          f(result.actionsPerRecording, 1),
          String(result.handedOff),
          f(result.throughputPerSecond, 2),
          f(result.idealPerSecond, 2),
          f(result.throughputOverIdeal, 3),
          `${f(result.serverIdleCores, 3)} / ${f(result.serverMeanCores, 3)} / ${f(result.serverPeakCores, 3)}`,
          f(result.serverCpuSecondsPerRecording * 1000, 1),
          `${result.handOffGapMs.p50} / ${result.handOffGapMs.p90} / ${result.handOffGapMs.p99}`,
        ],
      ],
    )}\n(target: ratio at least 0.9)\n`,
  );
  const date = new Date().toISOString();
  await writeResults(
    opts.out,
    `${date.slice(0, 10)}-backlog-${opts.smoke ? 'smoke' : opts.recordings}.json`,
    { date, machine: machine(loadAverageAtStart), ...result, targets: { throughputOverIdealAtLeast: 0.9 } },
    log,
  );
}
