import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Counter } from 'prom-client';
import type { Config } from '../common/config';
import type { RecordingStorage } from '../common/storage/recordingStorage';

/** What activities need from outside; the worker builds it once, tests build their own. */
export interface ActivityDeps {
  db: Knex;
  config: Config;
  logger: Logger;
  /** Where stored recordings go (createLocalStorage(config.STORAGE_DIR) unless an S3-compatible one is wired). */
  storage: RecordingStorage;
  /** The worker's Prometheus counters that activities feed themselves; absent in tests that do not look. */
  metrics?: ActivityMetrics;
}

export interface ActivityMetrics {
  /** Delivery attempts by outcome: delivered, failed_will_retry, failed_permanently, endpoint_disabled, skipped. */
  webhookDeliveries: Counter<'outcome'>;
}
