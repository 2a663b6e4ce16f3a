import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Counter, Histogram } from 'prom-client';
import type { Clock } from '../common/clock';
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
  /** The clock webhook signatures are timestamped by (nowOn; the system's unless a test moves it). */
  clock?: Clock;
}

/** The worker's own measures that activities feed (worker/metrics.ts defines them; docs/operations.md lists them). */
export interface ActivityMetrics {
  /** Delivery attempts by outcome (delivered, failed_will_retry, exhausted, failed_permanently, endpoint_disabled, skipped) and trigger (event, test, redeliver). */
  webhookDeliveries: Counter<'outcome' | 'trigger'>;
  /** Recordings that ended, counted once by the activity that moved them to completed or failed. */
  recordingsFinished: Counter<'outcome' | 'failure_type'>;
  recordingDuration: Histogram<'outcome' | 'speech_to_text'>;
  /** Speech-to-text HTTP requests and their latency. */
  sttRequests: Histogram<'provider' | 'model' | 'status'>;
  sttRetryAfter: Histogram<'provider' | 'model'>;
  llmTokens: Counter<'model' | 'kind'>;
  llmCost: Counter<'model'>;
  /** sent and expired here; accepted in the API. */
  invitations: Counter<'event'>;
}
