import type { Config } from '../config';
import { createLocalStorage } from './localStorage';
import type { RecordingStorage } from './recordingStorage';
import { createS3Storage } from './s3Storage';

type StorageSettings = Pick<Config, 'STORAGE_BACKEND' | 'STORAGE_DIR' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;

/** The recording storage STORAGE_BACKEND names, for the worker (writes) and the API (links, /media). */
export function createRecordingStorage(config: StorageSettings): RecordingStorage {
  return config.STORAGE_BACKEND === 's3' ? createS3Storage(config) : createLocalStorage(config.STORAGE_DIR);
}

const perConfig = new WeakMap<StorageSettings, RecordingStorage>();

/** One storage (one S3 client and its connection pool) per loaded configuration, for per-request use. */
export function recordingStorageFor(config: StorageSettings): RecordingStorage {
  let storage = perConfig.get(config);
  if (!storage) {
    storage = createRecordingStorage(config);
    perConfig.set(config, storage);
  }
  return storage;
}
