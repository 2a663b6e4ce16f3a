import { IN_PROGRESS_STATUSES } from '../../common/recordingStatus';
import type { Db } from '../connection';

// A speech-to-text provider's copies of a recording still to delete there (the stt_provider_copies migration).

const TABLE = 'stt_provider_copies';

export interface SttProviderCopy {
  provider: string;
  jobId: string;
  companyId: string;
  recordingId: string;
  attempts: number;
}

interface DbCopy {
  provider: string;
  job_id: string;
  company_id: string;
  recording_id: string;
  attempts: number;
}

/** Written when the provider creates the job: from then on the copy is owed a deletion. */
export async function recordSttProviderCopy(
  db: Db,
  copy: Pick<SttProviderCopy, 'provider' | 'jobId' | 'companyId' | 'recordingId'>,
): Promise<void> {
  await db(TABLE)
    .insert({ provider: copy.provider, job_id: copy.jobId, company_id: copy.companyId, recording_id: copy.recordingId })
    .onConflict()
    .ignore();
}

/** The provider confirmed the deletion (or had nothing left under that id). */
export async function forgetSttProviderCopy(db: Db, provider: string, jobId: string): Promise<void> {
  await db(TABLE).where({ provider, job_id: jobId }).delete();
}

/** A deletion that failed: counted, with its reason, for the next sweep and for operators. */
export async function noteSttCopyDeletionFailed(db: Db, provider: string, jobId: string, error: string): Promise<void> {
  await db(TABLE)
    .where({ provider, job_id: jobId })
    .update({ attempts: db.raw('attempts + 1'), last_attempt_at: db.raw('NOW(3)'), last_error: error.slice(0, 1024) });
}

/**
 * Copies created before `before` and still owed a deletion, oldest first: the sweep's batch. Left out: a copy
 * whose piece is still waiting for its answer in a recording that has not ended (the provider may still be
 * transcribing it; its worker deletes it as soon as the answer is kept), and one tried since `before`.
 */
export async function sttProviderCopiesOwed(
  db: Db,
  provider: string,
  before: Date,
  limit: number,
): Promise<SttProviderCopy[]> {
  const rows = (await db(TABLE)
    .where({ provider })
    .andWhere('created_at', '<', before)
    .andWhere((q) => q.whereNull('last_attempt_at').orWhere('last_attempt_at', '<', before))
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('recording_chunks as c')
        .join('recordings as r', 'r.id', 'c.recording_id')
        .whereRaw(`c.recording_id = ${TABLE}.recording_id`)
        .whereRaw(`c.stt_job_id = ${TABLE}.job_id`)
        .whereNull('c.transcript')
        .whereIn('r.status', IN_PROGRESS_STATUSES),
    )
    .orderBy('created_at')
    .limit(limit)) as DbCopy[];
  return rows.map((r) => ({
    provider: r.provider,
    jobId: r.job_id,
    companyId: r.company_id,
    recordingId: r.recording_id,
    attempts: r.attempts,
  }));
}
