import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Context } from '@temporalio/activity';
import type { Transcript } from '../../common/transcript';
import { setRecordingStored, type RecordingRow } from '../../db/queries/recordings';
import { createCompanyLimit, type CompanyLimitRequest } from '../companyLimit';
import type { ActivityDeps } from '../deps';
import { keepAlive } from '../progress';
import { requireRecording } from '../requireRecording';
import { withAttemptScratch } from './scratch';
import { silenceSpans } from './silence';

// A stored recording with `redactPii`: once its transcript is known, the file in the recording store is
// replaced by one silent wherever something was redacted (workflow patch `redacted-audio`). Until then
// the store holds the caller's file, as it always did. Running it again silences the same spans again.

export function createSilenceActivities({ db, config, storage, logger }: ActivityDeps) {
  const withCompanyPlace = createCompanyLimit({ db, config, logger });
  return {
    async silenceRedactedAudio(recordingId: string, limit?: CompanyLimitRequest): Promise<{ spans: number }> {
      const recording = await requireRecording(db, recordingId);
      const spans = (recording.transcript as Transcript | null)?.redactions ?? [];
      const key = recording.storageKey;
      if (!recording.redactPii || !key || spans.length === 0) return { spans: 0 };
      // A re-encode of the whole call: it takes one of the company's places.
      return withCompanyPlace(
        recording.companyId,
        limit,
        () => silence(recording, spans, key),
        recording.priority === 'bulk',
      );
    },
  };

  async function silence(
    recording: RecordingRow,
    spans: NonNullable<Transcript['redactions']>,
    key: string,
  ): Promise<{ spans: number }> {
    const recordingId = recording.id;
    const signal = Context.current().cancellationSignal;
    const stop = keepAlive(5_000);
    try {
      await withAttemptScratch(config.SCRATCH_DIR, recordingId, async (dir) => {
        const stored = await storage.get(key);
        if (!stored) return;
        const original = path.join(dir, `original${path.extname(key)}`);
        await pipeline(stored.stream, createWriteStream(original), { signal });
        const silenced = await silenceSpans(original, spans, dir, signal);
        // The store writes atomically: a reader sees the caller's file or the silenced one, never half of it.
        const { sizeBytes } = await storage.put(key, createReadStream(silenced), {
          maxBytes: Math.max(config.RECORDING_MAX_BYTES, (await stat(silenced)).size),
        });
        await setRecordingStored(db, recordingId, {
          storageKey: key,
          contentType: recording.contentType ?? 'application/octet-stream',
          sizeBytes,
        });
      });
    } finally {
      stop();
    }
    return { spans: spans.length };
  }
}
