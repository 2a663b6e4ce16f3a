import type { Config } from '../config';
import { createLocalStorage } from './localStorage';
import type { RecordingStorage } from './recordingStorage';

const byConfig = new WeakMap<Config, RecordingStorage>();

/** The storage backend STORAGE_BACKEND names, one per loaded configuration (an S3 client keeps its connections). */
export function recordingStorageFor(config: Config): RecordingStorage {
  let storage = byConfig.get(config);
  if (!storage) {
    storage =
      config.STORAGE_BACKEND === 's3'
        ? // Loaded only for s3: the local backend (the default) does not pay the AWS SDK's load time.
          // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load; `import()` would make this path async
          (require('./s3Storage') as typeof import('./s3Storage')).createS3Storage({
            bucket: config.S3_BUCKET,
            region: config.S3_REGION,
            endpoint: config.S3_ENDPOINT,
            publicEndpoint: config.S3_PUBLIC_ENDPOINT || undefined,
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            forcePathStyle: config.S3_FORCE_PATH_STYLE,
            partSize: config.S3_PART_SIZE,
          })
        : createLocalStorage(config.STORAGE_DIR);
    byConfig.set(config, storage);
  }
  return storage;
}
