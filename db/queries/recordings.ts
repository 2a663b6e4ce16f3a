import type { Knex } from 'knex';
import { FINISHED_STATUSES, type RecordingStatus } from '../../common/recordingStatus';
import type { Db } from '../connection';
import {
  acceptedRecording,
  recordingColumnNames,
  recordingToColumns,
  toRecording,
  type NewRecording,
  type RecordingRow,
} from './recordingColumns';

export type { RecordingStatus } from '../../common/recordingStatus';
export type { NewRecording, RecordingRow, RepChannel } from './recordingColumns';

/**
 * Inserts an accepted recording; a recording id that exists already fails with ER_DUP_ENTRY.
 * Returns the row from the input and the accepted values rather than reading it back: the timestamps
 * are set here (millisecond precision, as stored) so the returned row equals the stored one.
 */
export async function insertRecording(db: Db, input: NewRecording): Promise<RecordingRow> {
  const row = acceptedRecording(input, new Date());
  await db('recordings').insert(recordingToColumns(row));
  return row;
}

/**
 * insertRecording, unless the person the recording names is being erased or the company is marked for its
 * offboarding (undefined then), in one
 * statement. INSERT … SELECT share-locks the rows it reads (the user's row, or the gap where it would
 * be) until it commits, so an erasure marked at the same time either came first (nothing is inserted)
 * or waits and then finds this recording; one round trip instead of a transaction of four.
 */
export async function insertRecordingUnlessErasing(db: Db, input: NewRecording): Promise<RecordingRow | undefined> {
  const row = acceptedRecording(input, new Date());
  const columns = recordingToColumns(row);
  const names = Object.keys(columns);
  const erasing = db('users')
    .select(db.raw('1'))
    .where({ company_id: input.companyId, external_id: input.userUniqueIdentifier })
    .whereNotNull('erasure_requested_at')
    .toSQL();
  // Nor once the company is marked for offboarding: the mark is read (and share-locked) by the same statement.
  const offboarding = db('companies')
    .select(db.raw('1'))
    .where({ id: input.companyId })
    .whereNotNull('offboarding_at')
    .toSQL();
  const sql = `insert into ?? (${names.map(() => '??').join(', ')}) select ${names.map(() => '?').join(', ')} from dual where not exists (${erasing.sql}) and not exists (${offboarding.sql})`;
  const [result] = (await db.raw(sql, [
    'recordings',
    ...names,
    ...Object.values(columns),
    ...erasing.bindings,
    ...offboarding.bindings,
  ])) as [{ affectedRows: number }];
  return result.affectedRows === 1 ? row : undefined;
}

async function readRecording(
  query: Knex.QueryBuilder,
  columns = recordingColumnNames(),
): Promise<RecordingRow | undefined> {
  const stored = (await query.first(columns)) as Record<string, unknown> | undefined;
  return stored && toRecording(stored);
}

/** A recording's columns but its transcript, which can be megabytes: getRecordingTranscript reads that. */
const WITHOUT_TRANSCRIPT = recordingColumnNames(['transcript']);

/**
 * The recording when it belongs to the company; another company's id is as unknown as a made-up one. Its
 * `transcript` reads null: a status read (polled) does not fetch and parse a transcript of megabytes.
 */
export async function getRecording(db: Db, companyId: string, id: string): Promise<RecordingRow | undefined> {
  return readRecording(db('recordings').where({ company_id: companyId, id }), WITHOUT_TRANSCRIPT);
}

/** The company's recording with this external id, if any (the id alone: for the 409 that names it). */
export async function findRecordingIdByExternalId(
  db: Db,
  companyId: string,
  externalId: string,
): Promise<string | undefined> {
  const row = (await db('recordings').where({ company_id: companyId, external_id: externalId }).first('id')) as
    { id: string } | undefined;
  return row?.id;
}

/** By id alone: for the workflow's activities, which act on the recording they were started for. */
export async function getRecordingById(db: Db, id: string): Promise<RecordingRow | undefined> {
  return readRecording(db('recordings').where({ id }));
}

/** Locks the row until the surrounding transaction ends, so concurrent finishers serialise. */
export async function getRecordingForUpdate(trx: Knex.Transaction, id: string): Promise<RecordingRow | undefined> {
  return readRecording(trx('recordings').where({ id }).forUpdate());
}

/** Removes a recording whose workflow could not be started (nothing else refers to it yet). */
export async function deleteRecording(db: Db, companyId: string, id: string): Promise<void> {
  await db('recordings').where({ company_id: companyId, id }).delete();
}

/** Moves a recording to a processing status; a finished recording (completed/failed) never moves back. */
export async function setRecordingStatus(db: Db, id: string, status: RecordingStatus): Promise<boolean> {
  const changed = await db('recordings')
    .where({ id })
    .whereNotIn('status', FINISHED_STATUSES)
    .update({ status, updated_at: db.fn.now(3) });
  return changed > 0;
}

export async function setRecordingUser(db: Db, id: string, userId: string): Promise<void> {
  await db('recordings')
    .where({ id })
    .update({ user_id: userId, updated_at: db.fn.now(3) });
}

export async function setRecordingStored(
  db: Db,
  id: string,
  stored: { storageKey: string; contentType: string; sizeBytes: number },
): Promise<void> {
  await db('recordings')
    .where({ id })
    .update({
      storage_key: stored.storageKey,
      content_type: stored.contentType,
      size_bytes: stored.sizeBytes,
      updated_at: db.fn.now(3),
    });
}

export async function setRecordingTranscript(
  db: Db,
  id: string,
  transcript: unknown,
  contentType: string | null,
): Promise<void> {
  await db('recordings')
    .where({ id })
    .update({
      transcript: JSON.stringify(transcript),
      ...(contentType ? { content_type: contentType } : {}),
      updated_at: db.fn.now(3),
    });
}

export interface MediaFacts {
  durationMs: number;
  channels: number;
  hasVideo: boolean;
  container: string;
}

export async function setRecordingMediaFacts(db: Db, id: string, facts: MediaFacts): Promise<void> {
  await db('recordings')
    .where({ id })
    .update({
      media_duration_ms: facts.durationMs,
      media_channels: facts.channels,
      media_has_video: facts.hasVideo,
      media_container: facts.container.slice(0, 64),
      updated_at: db.fn.now(3),
    });
}

/** Keeps the id of the provider's transcription job, before it is polled (see ProviderJob). */
export async function completeRecording(
  db: Db,
  id: string,
  outcome: { result: unknown; sessionId: string | null },
): Promise<void> {
  await db('recordings')
    .where({ id })
    .update({
      status: 'completed',
      result: JSON.stringify(outcome.result),
      // The claim check is cashed: the analysis lives in `result` from now on.
      pending_analysis: null,
      session_id: outcome.sessionId,
      failure_reason: null,
      completed_at: db.fn.now(3),
      updated_at: db.fn.now(3),
    });
}

/** Marks a recording failed with the reason; a completed recording stays completed. */
export async function failRecording(db: Db, id: string, reason: string): Promise<boolean> {
  const changed = await db('recordings')
    .where({ id })
    .whereNot({ status: 'completed' })
    .update({ status: 'failed', failure_reason: reason.slice(0, 2000), updated_at: db.fn.now(3) });
  return changed > 0;
}

/** The session created for a recording, if any (roleplay_sessions.recording_id is unique). */
export async function findSessionIdForRecording(db: Db, recordingId: string): Promise<string | undefined> {
  const row = (await db('roleplay_sessions').where({ recording_id: recordingId }).first('id')) as
    { id: string } | undefined;
  return row?.id;
}
