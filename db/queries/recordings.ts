import type { Knex } from 'knex';
import { FINISHED_STATUSES, type RecordingStatus } from '../../common/recordingStatus';
import { fromJson, type Db } from '../connection';

export type { RecordingStatus } from '../../common/recordingStatus';
const TERMINAL: readonly RecordingStatus[] = FINISHED_STATUSES;

export type NewRecording = Pick<
  RecordingRow,
  | 'id'
  | 'companyId'
  | 'userUniqueIdentifier'
  | 'userName'
  | 'sourceUrl'
  | 'storeRecording'
  | 'roleplayId'
  | 'workflowId'
> &
  Partial<Pick<RecordingRow, 'repChannel' | 'repSpeaker' | 'transcript' | 'externalId' | 'metadata' | 'redactPii'>>;

export type RepChannel = 'left' | 'right';

export interface RecordingRow {
  id: string;
  companyId: string;
  userId: string | null;
  userUniqueIdentifier: string;
  userName: string;
  /** Null for a submitted transcript (no audio). */
  sourceUrl: string | null;
  storeRecording: boolean;
  roleplayId: string | null;
  status: RecordingStatus;
  failureReason: string | null;
  storageKey: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  /** Parsed JSON; the caller knows its shape (the transcript and the analysis). */
  transcript: unknown;
  result: unknown;
  sessionId: string | null;
  workflowId: string;
  /** The caller's side of the rep in a stereo recording; null: the side that speaks first. */
  repChannel: RepChannel | null;
  /** The caller's name of the rep in a submitted transcript; null: the first speaker. */
  repSpeaker: string | null;
  /** The asynchronous speech-to-text job (AssemblyAI transcript id) once one was created. */
  sttJobId: string | null;
  /** What ffprobe found (the media step); null until then and for submitted transcripts. */
  mediaDurationMs: number | null;
  mediaChannels: number | null;
  mediaHasVideo: boolean | null;
  mediaContainer: string | null;
  /** When retention deleted the stored media and the transcripts (null: not deleted). */
  mediaDeletedAt: Date | null;
  /** The caller's reference, unique in the company (null: none given). */
  externalId: string | null;
  /** The caller's key-value pairs (null: none given; erasure removes them). */
  metadata: Record<string, string> | null;
  /** Personal data is redacted from its transcript, analysis, events and stored audio (common/redaction/). */
  redactPii: boolean;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DbRecording {
  id: string;
  company_id: string;
  user_id: string | null;
  user_unique_identifier: string;
  user_name: string;
  source_url: string | null;
  store_recording: number | boolean;
  roleplay_id: string | null;
  status: RecordingStatus;
  failure_reason: string | null;
  storage_key: string | null;
  content_type: string | null;
  size_bytes: number | string | null;
  transcript: unknown;
  result: unknown;
  session_id: string | null;
  workflow_id: string;
  rep_channel: RepChannel | null;
  rep_speaker: string | null;
  submitted_transcript: unknown;
  stt_job_id: string | null;
  media_duration_ms: number | null;
  media_channels: number | null;
  media_has_video: number | boolean | null;
  media_container: string | null;
  media_deleted_at?: Date | null;
  external_id?: string | null;
  metadata?: unknown;
  redact_pii?: number | boolean;
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function toRow(r: DbRecording): RecordingRow {
  return {
    id: r.id,
    companyId: r.company_id,
    userId: r.user_id,
    userUniqueIdentifier: r.user_unique_identifier,
    userName: r.user_name,
    sourceUrl: r.source_url,
    storeRecording: Boolean(r.store_recording),
    roleplayId: r.roleplay_id,
    status: r.status,
    failureReason: r.failure_reason,
    storageKey: r.storage_key,
    contentType: r.content_type,
    sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
    transcript: r.transcript === null ? null : fromJson<unknown>(r.transcript),
    result: r.result === null ? null : fromJson<unknown>(r.result),
    sessionId: r.session_id,
    workflowId: r.workflow_id,
    repChannel: r.rep_channel,
    repSpeaker: r.rep_speaker,
    sttJobId: r.stt_job_id,
    mediaDurationMs: r.media_duration_ms ?? null,
    mediaChannels: r.media_channels ?? null,
    mediaHasVideo: r.media_has_video === null || r.media_has_video === undefined ? null : Boolean(r.media_has_video),
    mediaContainer: r.media_container ?? null,
    mediaDeletedAt: r.media_deleted_at ?? null,
    externalId: r.external_id ?? null,
    metadata: r.metadata === null || r.metadata === undefined ? null : fromJson<Record<string, string>>(r.metadata),
    redactPii: Boolean(r.redact_pii),
    completedAt: r.completed_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The stored columns of a new recording. */
function recordingColumns(input: NewRecording, now: Date): Record<string, string | number | boolean | Date | null> {
  return {
    id: input.id,
    company_id: input.companyId,
    user_unique_identifier: input.userUniqueIdentifier,
    user_name: input.userName,
    source_url: input.sourceUrl,
    store_recording: input.storeRecording,
    roleplay_id: input.roleplayId,
    status: 'accepted',
    workflow_id: input.workflowId,
    rep_channel: input.repChannel ?? null,
    rep_speaker: input.repSpeaker ?? null,
    transcript: input.transcript === undefined || input.transcript === null ? null : JSON.stringify(input.transcript),
    external_id: input.externalId ?? null,
    metadata: input.metadata ? JSON.stringify(input.metadata) : null,
    redact_pii: input.redactPii ?? false,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Inserts an accepted recording; a recording id that exists already fails with ER_DUP_ENTRY.
 * Returns the row from the input and the known defaults rather than reading it back: the timestamps
 * are set here (millisecond precision, as stored) so the returned row equals the stored one.
 */
export async function insertRecording(db: Db, input: NewRecording): Promise<RecordingRow> {
  const now = new Date();
  await db('recordings').insert(recordingColumns(input, now));
  return acceptedRow(input, now);
}

/**
 * insertRecording, unless the person the recording names is being erased (undefined then), in one
 * statement. INSERT … SELECT share-locks the rows it reads (the user's row, or the gap where it would
 * be) until it commits, so an erasure marked at the same time either came first (nothing is inserted)
 * or waits and then finds this recording; one round trip instead of a transaction of four.
 */
export async function insertRecordingUnlessErasing(db: Db, input: NewRecording): Promise<RecordingRow | undefined> {
  const now = new Date();
  const columns = recordingColumns(input, now);
  const names = Object.keys(columns);
  const erasing = db('users')
    .select(db.raw('1'))
    .where({ company_id: input.companyId, external_id: input.userUniqueIdentifier })
    .whereNotNull('erasure_requested_at')
    .toSQL();
  const sql = `insert into ?? (${names.map(() => '??').join(', ')}) select ${names.map(() => '?').join(', ')} from dual where not exists (${erasing.sql})`;
  const [result] = (await db.raw(sql, ['recordings', ...names, ...Object.values(columns), ...erasing.bindings])) as [
    { affectedRows: number },
  ];
  return result.affectedRows === 1 ? acceptedRow(input, now) : undefined;
}

function acceptedRow(input: NewRecording, now: Date): RecordingRow {
  return {
    ...input,
    userId: null,
    status: 'accepted',
    failureReason: null,
    storageKey: null,
    contentType: null,
    sizeBytes: null,
    transcript: input.transcript ?? null,
    repChannel: input.repChannel ?? null,
    repSpeaker: input.repSpeaker ?? null,
    sttJobId: null,
    mediaDurationMs: null,
    mediaChannels: null,
    mediaHasVideo: null,
    mediaContainer: null,
    mediaDeletedAt: null,
    externalId: input.externalId ?? null,
    metadata: input.metadata ?? null,
    redactPii: input.redactPii ?? false,
    result: null,
    sessionId: null,
    completedAt: null,
    createdAt: now,
    updatedAt: new Date(now),
  };
}

/** The recording when it belongs to the company; another company's id is as unknown as a made-up one. */
export async function getRecording(db: Db, companyId: string, id: string): Promise<RecordingRow | undefined> {
  const row = (await db('recordings').where({ company_id: companyId, id }).first()) as DbRecording | undefined;
  return row && toRow(row);
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
  const row = (await db('recordings').where({ id }).first()) as DbRecording | undefined;
  return row && toRow(row);
}

/** Locks the row until the surrounding transaction ends, so concurrent finishers serialise. */
export async function getRecordingForUpdate(trx: Knex.Transaction, id: string): Promise<RecordingRow | undefined> {
  const row = (await trx('recordings').where({ id }).forUpdate().first()) as DbRecording | undefined;
  return row && toRow(row);
}

/** Removes a recording whose workflow could not be started (nothing else refers to it yet). */
export async function deleteRecording(db: Db, companyId: string, id: string): Promise<void> {
  await db('recordings').where({ company_id: companyId, id }).delete();
}

/** Moves a recording to a processing status; a finished recording (completed/failed) never moves back. */
export async function setRecordingStatus(db: Db, id: string, status: RecordingStatus): Promise<boolean> {
  const changed = await db('recordings')
    .where({ id })
    .whereNotIn('status', TERMINAL)
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
