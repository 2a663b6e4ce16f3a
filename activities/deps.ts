import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../common/config';
import type { RecordingStorage } from '../common/storage/recordingStorage';

/** What activities need from outside; the worker builds it once, tests build their own. */
export interface ActivityDeps {
  db: Knex;
  config: Config;
  logger: Logger;
  /** Where stored recordings go (createLocalStorage(config.STORAGE_DIR) unless an S3-compatible one is wired). */
  storage: RecordingStorage;
}
