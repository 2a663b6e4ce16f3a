import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../activities';
import { loadConfig } from '../common/config';
import { createLogger } from '../common/logger';
import { createLocalStorage } from '../common/storage/localStorage';
import { createDb } from '../db/connection';

// The worker process: runs workflows and activities for the task queue until SIGTERM/SIGINT, then
// lets running activities finish, and closes its connections.
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'worker');
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_MAX);
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  try {
    const worker = await Worker.create({
      connection,
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowsPath: require.resolve('../workflows'),
      activities: createActivities({ db, config, logger, storage: createLocalStorage(config.STORAGE_DIR) }),
      shutdownGraceTime: '30 seconds',
    });
    logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE, address: config.TEMPORAL_ADDRESS }, 'worker started');
    await worker.run();
    logger.info('worker stopped');
  } finally {
    await connection.close();
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack ?? err.message : err);
  process.exit(1);
});
