import type { Knex } from 'knex';
import { QUOTES_DELETED, withoutWords, type RecordingAnalysis } from '../../common/recordingAnalysis';
import { FINISHED_STATUSES } from '../../common/recordingStatus';
import { fromJson, type Db } from '../connection';

// Retention (RECORDING_RETENTION): recordings whose stored media and transcripts are due for deletion,
// and the row changes that delete the transcripts and record when the media went. Scores, measures and
// scorecard responses (recordings.result apart from its snippets and quotes, roleplay_sessions, session_responses
// apart from their quotes) stay.

/**
 * Ids of finished recordings created before `cutoff` whose media are not deleted yet, oldest first
 * (the (media_deleted_at, created_at, id) index). A cleaned row leaves this set, so asking again
 * after a batch gives the next one, and a batch asked for again after a crash is what is left of it.
 */
export async function findExpiredRecordingIds(db: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = (await db('recordings')
    .whereNull('media_deleted_at')
    .andWhere('created_at', '<', cutoff)
    .whereIn('status', FINISHED_STATUSES)
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(limit)
    .select('id')) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

export interface ExpiringRecording {
  id: string;
  storageKey: string | null;
}

/**
 * Locks the recording for the rest of the transaction when it is still due (finished, media not deleted),
 * so a concurrent retry (which reopens a failed row) waits for the cleanup and then finds it deleted.
 */
export async function lockExpiringRecording(trx: Knex.Transaction, id: string): Promise<ExpiringRecording | undefined> {
  const row = (await trx('recordings')
    .where({ id })
    .whereNull('media_deleted_at')
    .whereIn('status', FINISHED_STATUSES)
    .forUpdate()
    .first('id', 'storage_key')) as { id: string; storage_key: string | null } | undefined;
  return row && { id: row.id, storageKey: row.storage_key };
}

export interface TranscriptRemoval {
  /** The recording held a transcript (speech-to-text's, or the one the caller submitted). */
  transcript: boolean;
  /** Pieces of audio with their speech-to-text answers (recording_chunks rows). */
  pieces: number;
  /** Snippets of the session made from the recording (session_snippets rows). */
  snippets: number;
}

/** Sessions' scorecard responses lose their quotes, keeping the verdicts and why the quotes are gone. */
export async function forgetSessionQuotes(db: Db, sessionIds: Knex.QueryBuilder | string[]): Promise<void> {
  await db('session_responses')
    .whereIn('session_id', sessionIds)
    .whereNotNull('evidence')
    .whereNot('evidence', '[]')
    .update({ evidence: '[]', no_evidence_reason: QUOTES_DELETED });
}

/** Recordings' results lose their snippets and evidence quotes (a JSON rewrite: the quotes are nested). */
export async function forgetResultWords(db: Db, ids: string[]): Promise<void> {
  const rows = (await db('recordings').whereIn('id', ids).whereNotNull('result').select('id', 'result')) as Array<{
    id: string;
    result: unknown;
  }>;
  for (const row of rows)
    await db('recordings')
      .where({ id: row.id })
      .update({ result: JSON.stringify(withoutWords(fromJson<RecordingAnalysis>(row.result))) });
}

/**
 * Deletes what the recording kept of the words said (its transcript, the pieces' answers, the result's snippets
 * and the session's snippets, the quotes scorecard responses rest on), forgets where the media were (the caller's
 * URL, the session's storage keys) and stamps `media_deleted_at` on the recording and its session. The storage
 * key of the recording stays as the record of which object was deleted.
 */
export async function markRecordingMediaDeleted(trx: Knex.Transaction, id: string): Promise<TranscriptRemoval> {
  const held = (await trx('recordings').where({ id }).first(trx.raw('transcript IS NOT NULL AS held'))) as
    { held: number | string } | undefined;
  const pieces = await trx('recording_chunks').where({ recording_id: id }).delete();
  const sessionIds = trx('roleplay_sessions').where({ recording_id: id }).select('id');
  const snippets = await trx('session_snippets').whereIn('session_id', sessionIds).delete();
  await trx('roleplay_sessions')
    .where({ recording_id: id })
    .update({
      audio_storage_key: null,
      video_storage_key: null,
      audio_external_url: null,
      media_deleted_at: trx.fn.now(3),
    });
  await forgetSessionQuotes(trx, sessionIds);
  await trx('recordings')
    .where({ id })
    .update({
      transcript: null,
      // An analysis kept for a save that never came (the run failed after it) holds the words too.
      pending_analysis: null,
      source_url: null,
      media_deleted_at: trx.fn.now(3),
      updated_at: trx.fn.now(3),
    });
  // The analysis stays; only its copies of the conversation (snippets, evidence quotes) go.
  await forgetResultWords(trx, [id]);
  return { transcript: Number(held?.held ?? 0) === 1, pieces, snippets };
}
