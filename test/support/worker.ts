import { temporalConnection } from '../../common/temporalConnection';
import { NativeConnection, Worker, bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createActivities } from '../../activities';
import type { ActivityMetrics } from '../../activities/deps';
import type { Clock } from '../../common/clock';
import type { Config } from '../../common/config';
import { failureConverterPath } from '../../common/failureConverter';
import { dataConverterFor } from '../../common/payloadCodec';
import { recordingStorageFor } from '../../common/storage/configuredStorage';
import { WORKFLOW_INTERCEPTOR_MODULES, workflowTracingSinks } from '../../worker/tracing';
import { workerTuning } from '../../worker/tuning';
import { testLogger, testConfig, testEnv } from './env';

let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;

/** Bundling workflow code takes seconds; the run shares one bundle. */
export function workflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  bundle ??= bundleWorkflowCode({
    workflowsPath: require.resolve('../../workflows'),
    failureConverterPath,
    workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES,
    logger: undefined,
  });
  return bundle;
}

export interface RunningWorker {
  config: Config;
  stop(): Promise<void>;
}

/**
 * The real worker (same activities, same workflows) running in the test process until stop(); with
 * `metrics` its activities count into them as the worker process's do; `clock` as in AppDeps; `tuned` sizes
 * it from the WORKER_* settings as the worker process is.
 */
/** The worker's activities as the tests run them: the test database, the configured store, no logs. */
export function testActivities(
  config: Config,
  extra: { metrics?: ActivityMetrics; clock?: Clock } = {},
): ReturnType<typeof createActivities> {
  return createActivities({
    db: testEnv().db,
    config,
    logger: testLogger,
    storage: recordingStorageFor(config),
    ...extra,
  });
}

export async function startWorker(
  overrides: Partial<Config> = {},
  options: { metrics?: ActivityMetrics; clock?: Clock; tuned?: boolean } = {},
): Promise<RunningWorker> {
  const config = testConfig(overrides);
  const temporal = temporalConnection(config);
  const connection = await NativeConnection.connect(temporal.options);
  const worker = await Worker.create({
    connection,
    namespace: temporal.namespace,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    workflowBundle: await workflowBundle(),
    dataConverter: dataConverterFor(config),
    activities: testActivities(config, { metrics: options.metrics, clock: options.clock }),
    sinks: workflowTracingSinks(),
    shutdownGraceTime: '5 seconds',
    // `tuned`: the slots and pollers the WORKER_* settings give the worker process (worker/tuning.ts).
    ...(options.tuned ? workerTuning(config) : {}),
  });
  const running = worker.run();
  return {
    config,
    async stop() {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}
