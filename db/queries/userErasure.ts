import type { Knex } from 'knex';
import { IN_PROGRESS_STATUSES } from '../../common/recordingStatus';
import type { Db } from '../connection';
import { forgetResultWords, forgetSessionQuotes } from './recordingRetention';

// Erasure of a person (api/commands/userErasure.ts, workflows/userErasure.ts). Every write here is
// idempotent: the workflow's activities may run any of them again after a crash.

/** What a tombstoned user is called and reached at (docs/security.md, "Erasure of a person"). */
export const ERASED_NAME = 'Erased user';
export const erasedEmail = (userId: string): string => `erased-${userId.toLowerCase()}@erased.invalid`;
/** What recordings of an erased user name as the caller's identifier (the column cannot be empty). */
export const erasedIdentifier = (userId: string): string => `erased-${userId.toLowerCase()}`;

export interface ErasureState {
  userId: string;
  companyId: string;
  externalId: string | null;
  erasureRequestedAt: Date | null;
  erasedAt: Date | null;
}

const stateColumns = {
  userId: 'id',
  companyId: 'company_id',
  externalId: 'external_id',
  erasureRequestedAt: 'erasure_requested_at',
  erasedAt: 'erased_at',
};

export async function getErasureState(db: Db, companyId: string, userId: string): Promise<ErasureState | undefined> {
  return db('users').select(stateColumns).where({ company_id: companyId, id: userId }).first();
}

/** Locks the user row (an erasure request and a PATCH serialise on it). */
export async function getErasureStateForUpdate(
  trx: Knex.Transaction,
  companyId: string,
  userId: string,
): Promise<ErasureState | undefined> {
  return trx('users').select(stateColumns).where({ company_id: companyId, id: userId }).forUpdate().first();
}

/** Sets erasure_requested_at unless already set or the company is marked for offboarding; answers the time it holds. */
export async function markErasureRequested(
  db: Db,
  companyId: string,
  userId: string,
  at: Date,
): Promise<Date | undefined> {
  // Not once the company is marked for offboarding (checked in the same statement): that deletes it all anyway.
  await db('users')
    .where({ company_id: companyId, id: userId })
    .whereNull('erasure_requested_at')
    .whereNotExists(db('companies').select(db.raw('1')).where({ id: companyId }).whereNotNull('offboarding_at'))
    .update({ erasure_requested_at: at, updated_at: db.fn.now(3) });
  return (await getErasureState(db, companyId, userId))?.erasureRequestedAt ?? undefined;
}

/** Undoes a request whose workflow could not be started (only when nothing has been erased yet). */
export async function withdrawErasureRequest(db: Db, companyId: string, userId: string, at: Date): Promise<void> {
  await db('users')
    .where({ company_id: companyId, id: userId, erasure_requested_at: at })
    .whereNull('erased_at')
    .update({ erasure_requested_at: null });
}

/**
 * Recordings accepted for the user's identifier whose workflow has not resolved the user yet are the
 * user's too: they are linked first, so every later step finds them by user_id alone (the identifier is
 * tombstoned at the end).
 */
export async function linkUnresolvedRecordings(
  db: Db,
  companyId: string,
  userId: string,
  externalId: string,
): Promise<void> {
  await db('recordings')
    .where({ company_id: companyId, user_unique_identifier: externalId })
    .whereNull('user_id')
    .update({ user_id: userId });
}

export interface RecordingInProgress {
  id: string;
  updatedAt: Date;
}

export async function listRecordingsInProgress(
  db: Db,
  companyId: string,
  userId: string,
): Promise<RecordingInProgress[]> {
  return db('recordings')
    .select({ id: 'id', updatedAt: 'updated_at' })
    .where({ company_id: companyId, user_id: userId })
    .whereIn('status', IN_PROGRESS_STATUSES)
    .orderBy('id');
}

export interface RecordingMedia {
  id: string;
  storageKey: string | null;
  sessionId: string | null;
}

/** A page of the user's recordings after `afterId` (id order), with what they keep in storage. */
export async function userRecordingsPage(
  db: Db,
  companyId: string,
  userId: string,
  afterId: string | null,
  limit: number,
): Promise<RecordingMedia[]> {
  const query = db('recordings')
    .select({ id: 'id', storageKey: 'storage_key', sessionId: 'session_id' })
    .where({ company_id: companyId, user_id: userId });
  if (afterId !== null) query.andWhere('id', '>', afterId);
  return query.orderBy('id').limit(limit);
}

/**
 * Forgets what the person said and who they are on these recordings: the transcripts (whole and per
 * piece), the submitted transcript, the caller's URL and the stored file's key; the analysis keeps its
 * scores and measures but loses its snippets and evidence quotes (the person's words).
 */
export async function eraseRecordingContent(db: Db, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db('recording_chunks').whereIn('recording_id', ids).delete();
  await db('recordings')
    .whereIn('id', ids)
    .update({
      user_unique_identifier: erasedIdentifier(userId),
      user_name: ERASED_NAME,
      source_url: null,
      rep_speaker: null,
      // The caller's key-value pairs may name the person too; the externalId stays (the caller's reference).
      metadata: null,
      transcript: null,
      pending_analysis: null,
      storage_key: null,
      // Shown as mediaDeletedAt, as after retention (which may have come first).
      media_deleted_at: db.raw('COALESCE(media_deleted_at, ?)', [new Date()]),
    });
  await forgetResultWords(db, ids);
}

export interface SessionMedia {
  id: string;
  audioStorageKey: string | null;
  videoStorageKey: string | null;
}

export async function userSessionsPage(
  db: Db,
  companyId: string,
  userId: string,
  afterId: string | null,
  limit: number,
): Promise<SessionMedia[]> {
  const query = db('roleplay_sessions')
    .select({ id: 'id', audioStorageKey: 'audio_storage_key', videoStorageKey: 'video_storage_key' })
    .where({ company_id: companyId, user_id: userId });
  if (afterId !== null) query.andWhere('id', '>', afterId);
  return query.orderBy('id').limit(limit);
}

/** Sessions keep their scores, measures and scorecard answers; their snippets, quotes and media links go. */
export async function eraseSessionContent(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db('session_snippets').whereIn('session_id', ids).delete();
  await forgetSessionQuotes(db, ids);
  await db('roleplay_sessions')
    .whereIn('id', ids)
    .update({
      audio_storage_key: null,
      video_storage_key: null,
      audio_external_url: null,
      media_deleted_at: db.raw('COALESCE(media_deleted_at, ?)', [new Date()]),
    });
}

/**
 * Events kept for redelivery that name the user or one of the user's recordings (they carry names,
 * identifiers and snippets); a redelivery of one answers 410 event_unavailable from then on.
 */
export async function forgetUserWebhookEvents(db: Db, companyId: string, userId: string): Promise<number> {
  return (
    db('webhook_events')
      .where({ company_id: companyId })
      .andWhere((q) => {
        q.whereRaw("JSON_VALUE(payload, '$.data.user.id') = ?", [userId]).orWhereRaw(
          "JSON_VALUE(payload, '$.data.recordingId') IN (SELECT id FROM recordings WHERE company_id = ? AND user_id = ?)",
          [companyId, userId],
        );
      })
      .andWhereNot({ type: 'user.erased' })
      // Events written for the person after the request already name only the tombstone (activities/recordingEvents.ts).
      .andWhereRaw(
        "NOT (COALESCE(JSON_VALUE(payload, '$.data.user.name'), '') = ? AND COALESCE(JSON_VALUE(payload, '$.data.user.userUniqueIdentifier'), '') = ?)",
        [ERASED_NAME, erasedIdentifier(userId)],
      )
      .delete()
  );
}

/** What an erased answer's request_hash becomes: no request hashes to it (hashes are hex). */
export const ERASED_REQUEST_HASH = 'erased'.padEnd(64, '-');

/**
 * Kept Idempotency-Key answers about the person (their invitations, their recordings, the user), found
 * by what they describe (subject_id): the answer is dropped, and the record stays until its TTL under a
 * request hash nothing matches, so a retry of the request answers 409 idempotency_key_reused rather
 * than the person's address or name, and does not run again (it would invite the address anew).
 */
export async function forgetUserIdempotentAnswers(
  db: Db,
  companyId: string,
  userId: string,
  email: string,
): Promise<number> {
  return db('idempotency_keys')
    .where({ company_id: companyId })
    .andWhere((q) => {
      q.where({ subject_id: userId })
        .orWhereIn('subject_id', (sub) => {
          sub
            .select('id')
            .from('invitations')
            .where({ company_id: companyId })
            .andWhere((i) => i.where({ accepted_user_id: userId }).orWhere({ email }));
        })
        .orWhereIn('subject_id', (sub) => {
          sub.select('id').from('recordings').where({ company_id: companyId, user_id: userId });
        });
    })
    .update({
      request_hash: ERASED_REQUEST_HASH,
      response_status: null,
      response_body: null,
      locked_until: null,
      subject_id: null,
    });
}

/**
 * The tombstone: name, email and external identifier replaced, the account disabled, erased_at set
 * (once). Outstanding or accepted invitations of the person lose their names and address too.
 */
export async function tombstoneUser(
  trx: Knex.Transaction,
  companyId: string,
  userId: string,
  at: Date,
): Promise<Date | undefined> {
  const user = (await trx('users')
    .select({ email: 'email' })
    .where({ company_id: companyId, id: userId })
    .forUpdate()
    .first()) as { email: string } | undefined;
  if (!user) return undefined;
  // Before the invitations lose the address by which they are found.
  await forgetUserIdempotentAnswers(trx, companyId, userId, user.email);
  await trx('invitations')
    .where({ company_id: companyId })
    .andWhere((q) => {
      q.where({ accepted_user_id: userId }).orWhere({ email: user.email });
    })
    .update({
      email: trx.raw("CONCAT('erased-', id, '@erased.invalid')"),
      first_name: null,
      last_name: null,
      external_id: null,
      status: trx.raw("CASE WHEN status = 'pending' THEN 'revoked' ELSE status END"),
      revoked_at: trx.raw(
        "CASE WHEN status = 'revoked' AND revoked_at IS NULL THEN CURRENT_TIMESTAMP(3) ELSE revoked_at END",
      ),
    });
  await trx('users')
    .where({ company_id: companyId, id: userId })
    .update({
      first_name: ERASED_NAME,
      last_name: null,
      email: erasedEmail(userId),
      external_id: null,
      status: 'disabled',
      erased_at: trx.raw('COALESCE(erased_at, ?)', [at]),
      updated_at: trx.fn.now(3),
    });
  return (await getErasureState(trx, companyId, userId))?.erasedAt ?? undefined;
}
