import { durationMs, type Config } from './config';
import { signMediaLink } from './mediaLinks';
import { recordingStorageFor } from './storage/createStorage';

/**
 * The link a session result gives for a stored file, valid for MEDIA_URL_TTL: the object store's own
 * presigned GET when it has one (S3: the bytes never pass through the API), otherwise this service's
 * signed /media link.
 */
export async function storedMediaLink(config: Config, key: string): Promise<string> {
  const storage = recordingStorageFor(config);
  if (storage.presignedGetUrl) return storage.presignedGetUrl(key, Math.max(1, Math.round(durationMs(config.MEDIA_URL_TTL) / 1000)));
  return signMediaLink(config, key);
}
