import { pipeline } from 'node:stream/promises';
import { Context } from '@temporalio/activity';
import { createOutboundAgent } from '../common/outbound';
import { StorageLimitError } from '../common/storage/recordingStorage';
import { setRecordingStatus, setRecordingStored, type RecordingRow } from '../db/queries/recordings';
import { createCompanyLimit, type CompanyLimitRequest } from './companyLimit';
import type { ActivityDeps } from './deps';
import { FailureTypes, permanent } from './failures';
import { meter } from './progress';
import { discard, openRecordingSource } from './recordingSource';
import { requireRecording, requireSourceUrl } from './requireRecording';

export interface StoredRecording {
  storageKey: string;
  contentType: string;
  sizeBytes: number;
}

/** Step 2 (storeRecording=true): streams the file from the caller's URL into storage, never into memory. */
export function createStoreRecordingActivities({ db, config, storage, logger }: ActivityDeps) {
  const withCompanyPlace = createCompanyLimit({ db, config, logger });
  const dispatcher = createOutboundAgent({ allowPrivate: config.OUTBOUND_ALLOW_PRIVATE });
  const maxBytes = config.RECORDING_MAX_BYTES;

  return {
    async storeRecording(recordingId: string, limit?: CompanyLimitRequest): Promise<StoredRecording> {
      const recording = await requireRecording(db, recordingId);
      // The status is this step's first write (no separate status activity: patch `folded-steps`); written
      // when it changes, not on every attempt of a run waiting for a place (issue 50).
      if (recording.status !== 'fetching') await setRecordingStatus(db, recordingId, 'fetching');
      // A retry after the file was written (and the row updated) has nothing left to do.
      if (recording.storageKey && recording.contentType && (await storage.exists(recording.storageKey))) {
        return {
          storageKey: recording.storageKey,
          contentType: recording.contentType,
          sizeBytes: recording.sizeBytes ?? 0,
        };
      }
      // A download holds a worker for as long as the caller's host takes: it takes one of the company's places.
      return withCompanyPlace(recording.companyId, limit, () => download(recording), recording.priority === 'bulk');
    },
  };

  /** The download itself, holding the place. */
  async function download(recording: RecordingRow): Promise<StoredRecording> {
    const signal = Context.current().cancellationSignal;
    const source = await openRecordingSource(requireSourceUrl(recording), dispatcher, { maxBytes, signal });
    const storageKey = `${recording.companyId}/${recording.id}.${source.extension}`;
    const counter = meter(maxBytes);
    let sizeBytes: number;
    try {
      // The counter fails the pipeline as soon as the limit is crossed; put() removes its partial file.
      const [stored] = await Promise.all([
        storage.put(storageKey, counter, { maxBytes }),
        pipeline(source.stream, counter),
      ]);
      sizeBytes = stored.sizeBytes;
    } catch (err) {
      discard(source.stream);
      if (err instanceof StorageLimitError)
        throw permanent(FailureTypes.TooLarge, `The recording is larger than the ${maxBytes}-byte limit`);
      throw err;
    }
    if (sizeBytes === 0) {
      await storage.delete(storageKey);
      throw permanent(FailureTypes.NotMedia, 'The recording URL served an empty file');
    }
    await setRecordingStored(db, recording.id, { storageKey, contentType: source.contentType, sizeBytes });
    return { storageKey, contentType: source.contentType, sizeBytes };
  }
}
