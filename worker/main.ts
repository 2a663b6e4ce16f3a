import { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../activities';
import { sweepPartialUploads, sweepScratch } from '../activities/media/scratch';
import { ConfigError, durationMs, loadConfig, renamedSettingWarnings } from '../common/config';
import { createLogger } from '../common/logger';
import { startTracing, traceLogFields } from '../common/tracing';
import { dataConverterFor } from '../common/payloadCodec';
import { webhookSecretBoxIfConfigured } from '../common/webhookSecretBox';
import { untilAvailable } from '../common/startupRetry';
import { explainConnectionFailure, temporalConnection, TemporalSettingsError } from '../common/temporalConnection';
import { recordingStorageFor } from '../common/storage/configuredStorage';
import { createDb, DatabaseUrlError, parseDatabaseUrl, probeDatabase } from '../db/connection';
import { describeDatabaseTarget } from '../db/databaseUrl';
import { activityInterceptors } from './activityInterceptors';
import { createWorkerMetrics } from './metrics';
import { WorkerReadiness } from './readiness';
import { keepSweepSchedule } from './sweepSchedule';
import { workflowTracingSinks } from './tracing';
import { installWorkerRuntime } from './runtime';
import { activityLogContext } from './temporalLogger';
import { describeTuning, workerTuning } from './tuning';
import { describeBundle, workflowBundle } from './workflowBundle';

// The worker process: waits (with backoff and a log line per try) for MySQL and Temporal, then runs
// workflows and activities for the task queue. On SIGTERM/SIGINT the SDK stops polling, running
// activities get SHUTDOWN_TIMEOUT to finish (then they are cancelled and their retries go to another
// worker), and the process closes its connections and exits 0.
async function main(): Promise<void> {
  const config = loadConfig();
  // Payloads are encrypted before they reach Temporal; a production worker without keys stops here.
  const dataConverter = dataConverterFor(config);
  // Malformed webhook keys stop the start here (one line), not the first delivery.
  webhookSecretBoxIfConfigured(config);
  // Before any request or query is made, so that they are traced; nothing is loaded when off.
  const tracing = await startTracing('sales-practice-worker');
  const logger = createLogger(
    config.LOG_LEVEL,
    'worker',
    undefined,
    tracing ? () => ({ ...activityLogContext(), ...traceLogFields() }) : activityLogContext,
  );
  for (const warning of renamedSettingWarnings()) logger.warn(warning);
  const metrics = createWorkerMetrics();
  // GET /readyz on the metrics port turns ready once MySQL and Temporal answer and the Worker polls.
  const readiness = new WorkerReadiness();
  const metricsServer = await installWorkerRuntime(config, logger, metrics, readiness);

  // Until the Worker runs, a signal only has to stop the waiting.
  const startup = new AbortController();
  const abortStartup = (): void => startup.abort(new Error('stopped before the worker started'));
  process.once('SIGTERM', abortStartup);
  process.once('SIGINT', abortStartup);

  // Where Temporal is and with which TLS settings (a bad setting stops the worker here, in one line).
  const temporal = temporalConnection(config);
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_MAX, logger);
  tracing?.traceSql(db, parseDatabaseUrl(config.DATABASE_URL).database);
  let connection: NativeConnection | undefined;
  try {
    const target = parseDatabaseUrl(config.DATABASE_URL);
    const databaseAnswers = (): Promise<void> => probeDatabase(db, target);
    await untilAvailable('database', describeDatabaseTarget(target), databaseAnswers, logger, {
      signal: startup.signal,
    });
    readiness.databaseProbe(databaseAnswers);
    connection = await untilAvailable(
      'temporal',
      temporal.description,
      () =>
        NativeConnection.connect(temporal.options).catch(async (err: unknown) => {
          throw new Error(await explainConnectionFailure(temporal, err));
        }),
      logger,
      { signal: startup.signal },
    );
    const connected = connection;
    readiness.temporalProbe(() => connected.workflowService.getSystemInfo({}));
    // What killed workers left behind: their scratch folders and unfinished uploads.
    const swept = {
      scratch: await sweepScratch(config.SCRATCH_DIR),
      partialUploads: await sweepPartialUploads(config.STORAGE_DIR, 10 * 60_000),
    };
    if (swept.scratch + swept.partialUploads > 0) logger.info(swept, 'removed files left by stopped workers');
    // The retention settings are the worker's: the sweep schedule follows them (docs/operations.md, "Retention sweep").
    await keepSweepSchedule(new Client({ connection, namespace: temporal.namespace, dataConverter }), config, logger);
    const bundle = await workflowBundle();
    const worker = await Worker.create({
      connection,
      namespace: temporal.namespace,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowBundle: bundle,
      dataConverter,
      ...workerTuning(config),
      activities: createActivities({ db, config, logger, storage: recordingStorageFor(config), metrics }),
      // Tracing's activity interceptor first: the metrics and log interceptor then runs inside its span.
      interceptors: {
        activity: [...(tracing ? [tracing.activityInterceptors] : []), activityInterceptors(metrics)],
      },
      sinks: workflowTracingSinks(tracing),
      shutdownGraceTime: durationMs(config.SHUTDOWN_TIMEOUT),
    });
    // From here the SDK handles SIGTERM/SIGINT itself: stop polling, drain, resolve run().
    process.removeListener('SIGTERM', abortStartup);
    process.removeListener('SIGINT', abortStartup);
    const running = worker.run();
    readiness.pollingState(() => worker.getState() === 'RUNNING');
    if (startup.signal.aborted)
      worker.shutdown(); // the signal came while the workflow code was bundled
    else
      logger.info(
        {
          taskQueue: config.TEMPORAL_TASK_QUEUE,
          temporal: temporal.description,
          namespace: temporal.namespace,
          workflowCode: describeBundle(bundle),
          ...describeTuning(config),
        },
        'worker started',
      );
    await running;
    logger.info('worker stopped');
  } catch (err) {
    if (!startup.signal.aborted) throw err;
    logger.info('stopped while waiting for dependencies');
  } finally {
    await connection?.close();
    await db.destroy();
    metricsServer?.close();
    await tracing?.shutdown();
  }
  process.exit(0);
}

main().catch((err: unknown) => {
  // A setting the operator has to fix (DATABASE_URL, the Temporal settings) is one line; anything else keeps its stack.
  const plain = err instanceof DatabaseUrlError || err instanceof ConfigError || err instanceof TemporalSettingsError;
  console.error(err instanceof Error ? (plain ? err.message : (err.stack ?? err.message)) : err);
  process.exit(1);
});
