import type { Db } from '../connection';

// How a recording ended, for the worker's measures (recordings finished, time from acceptance to the
// end): read in the same transaction that ends it, so each end is counted once however often the
// activity that ends it is retried.

export interface RecordingEnd {
  /** When the API accepted the recording. */
  acceptedAt: Date;
  /** The caller sent a transcript: no speech-to-text ran. */
  transcriptSubmitted: boolean;
}

/**
 * Marks a recording failed with the reason (a completed recording stays completed, as failRecording).
 * Returns how it ended when this call ended it; null when it had ended already or does not exist.
 */
export async function failRecordingOnce(db: Db, id: string, reason: string): Promise<RecordingEnd | null> {
  return db.transaction(async (trx) => {
    const row = (await trx('recordings')
      .where({ id })
      .forUpdate()
      .first('status', 'created_at', trx.raw('source_url IS NULL AS transcript_submitted'))) as
      { status: string; created_at: Date; transcript_submitted: number } | undefined;
    if (!row || row.status === 'completed') return null;
    await trx('recordings')
      .where({ id })
      .update({ status: 'failed', failure_reason: reason.slice(0, 2000), updated_at: trx.fn.now(3) });
    if (row.status === 'failed') return null;
    return { acceptedAt: row.created_at, transcriptSubmitted: Boolean(row.transcript_submitted) };
  });
}
