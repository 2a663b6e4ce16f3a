import { temporalConnection } from '../../common/temporalConnection';
import { NativeConnection, Worker } from '@temporalio/worker';
import { durationMs, loadConfig } from '../../common/config';
import { createLogger } from '../../common/logger';
import { activityInterceptors } from '../../worker/activityInterceptors';
import { createWorkerMetrics } from '../../worker/metrics';
import { installWorkerRuntime } from '../../worker/runtime';
import { activityLogContext } from '../../worker/temporalLogger';
import { workflowTracingSinks } from '../../worker/tracing';
import { describeTuning, workerTuning } from '../../worker/tuning';
import { workflowBundle } from '../../worker/workflowBundle';
import { createShapeActivities, type ShapePlan } from './activities';

// The bench-only worker of the bare shape: worker/main.ts's worker options (the WORKER_* tuning, the
// activity interceptors with their metrics, the SDK logger, the Prometheus endpoint with the Temporal
// core's metrics appended, the shutdown grace time), started with the same node flags, polling its own
// task queue; the workflows are the worker's own bundle (the real recordingIntake, not a copy) and the
// activities empty. SHAPE_PLAN (JSON of ShapePlan) is what the empty prepareMedia answers: the pieces the real media
// step cut the benchmark's call into. Prints "worker started" like the real one.
async function main(): Promise<void> {
  const config = loadConfig();
  const plan = JSON.parse(
    process.env.SHAPE_PLAN ?? '{"pieces":[{"channel":"mixed","index":0}],"concurrency":3}',
  ) as ShapePlan;
  const logger = createLogger(config.LOG_LEVEL, 'worker', undefined, activityLogContext);
  const metrics = createWorkerMetrics();
  const metricsServer = await installWorkerRuntime(config, logger, metrics);
  const temporal = temporalConnection(config);
  const connection = await NativeConnection.connect(temporal.options);
  const worker = await Worker.create({
    connection,
    namespace: temporal.namespace,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    workflowBundle: await workflowBundle(),
    ...workerTuning(config),
    activities: createShapeActivities(plan),
    interceptors: { activity: [activityInterceptors(metrics)] },
    sinks: workflowTracingSinks(),
    shutdownGraceTime: durationMs(config.SHUTDOWN_TIMEOUT),
  });
  const running = worker.run();
  logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE, ...describeTuning(config) }, 'worker started');
  await running;
  await connection.close();
  metricsServer?.close();
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
