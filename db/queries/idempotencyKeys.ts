import { isDuplicateEntry, type Db } from '../connection';

// Idempotency-Key records (idempotency_keys), by the key's hash: claimed when a request with a key
// starts, completed with the answer it got (sealed), released when it failed. api/idempotency.ts owns the rules.

export interface IdempotencyRecord {
  /** The credential that sent the first request; null for records older than that column. */
  credentialId: string | null;
  operationId: string;
  requestHash: string;
  /** The first answer, once the first request succeeded. */
  response: { status: number; sealedBody: Buffer } | null;
  createdAt: Date;
  lockedUntil: Date | null;
}

interface DbIdempotencyKey {
  credential_id: string | null;
  operation_id: string;
  request_hash: string;
  response_status: number | null;
  response_body: Buffer | null;
  created_at: Date;
  locked_until: Date | null;
}

export interface KeyClaim {
  companyId: string;
  credentialId: string;
  keyHash: string;
  operationId: string;
  requestHash: string;
  now: Date;
  /** Null when the claim is held by the caller's transaction instead of by time. */
  lockedUntil: Date | null;
}

/** Takes the key for a new request: true, or false when a record of it exists (read it with findIdempotencyRecord). */
export async function claimIdempotencyKey(db: Db, claim: KeyClaim): Promise<boolean> {
  try {
    await db('idempotency_keys').insert({
      company_id: claim.companyId,
      key_hash: claim.keyHash,
      credential_id: claim.credentialId,
      operation_id: claim.operationId,
      request_hash: claim.requestHash,
      created_at: claim.now,
      locked_until: claim.lockedUntil,
    });
    return true;
  } catch (err) {
    if (isDuplicateEntry(err)) return false;
    throw err;
  }
}

/** The record as last committed (a locking read, so a transaction sees a record committed after its snapshot). */
export async function findIdempotencyRecord(
  db: Db,
  companyId: string,
  keyHash: string,
): Promise<IdempotencyRecord | undefined> {
  const row = (await db('idempotency_keys').where({ company_id: companyId, key_hash: keyHash }).forShare().first()) as
    DbIdempotencyKey | undefined;
  if (!row) return undefined;
  return {
    credentialId: row.credential_id,
    operationId: row.operation_id,
    requestHash: row.request_hash,
    response:
      row.response_status === null || row.response_body === null
        ? null
        : { status: row.response_status, sealedBody: row.response_body },
    createdAt: row.created_at,
    lockedUntil: row.locked_until,
  };
}

/** Takes over a claim whose holder is gone (its lock ran out): true for the one caller that got it. */
export async function takeOverIdempotencyKey(
  db: Db,
  companyId: string,
  keyHash: string,
  seen: Date,
  lockedUntil: Date,
): Promise<boolean> {
  const changed = await db('idempotency_keys')
    .where({ company_id: companyId, key_hash: keyHash, locked_until: seen })
    .whereNull('response_status')
    .update({ locked_until: lockedUntil });
  return changed === 1;
}

/**
 * Records the answer of the request that holds the key, with the id of what it describes (`subjectId`,
 * see answerSubject): a person's erasure deletes the answers about them (forgetUserIdempotentAnswers).
 */
export async function completeIdempotencyKey(
  db: Db,
  companyId: string,
  keyHash: string,
  status: number,
  sealedBody: Buffer,
  subjectId: string | null = null,
): Promise<void> {
  await db('idempotency_keys')
    .where({ company_id: companyId, key_hash: keyHash })
    .update({ response_status: status, response_body: sealedBody, locked_until: null, subject_id: subjectId });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id an answer body carries at its top, or null: `{"id": …}` (the invitation, recording or user it is
 * about) or `{"recordingId": …}` (a recording submission's answer).
 */
export function answerSubject(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const { id, recordingId } = body as { id?: unknown; recordingId?: unknown };
  const subject = id ?? recordingId;
  return typeof subject === 'string' && UUID.test(subject) ? subject : null;
}

/** Gives the key back after the request failed, so a retry runs it again. */
export async function releaseIdempotencyKey(db: Db, companyId: string, keyHash: string): Promise<void> {
  await db('idempotency_keys')
    .where({ company_id: companyId, key_hash: keyHash })
    .whereNull('response_status')
    .delete();
}

/** Removes one expired record (created at `createdAt`), so the key can start a new request. */
export async function dropExpiredIdempotencyKey(
  db: Db,
  companyId: string,
  keyHash: string,
  createdAt: Date,
): Promise<void> {
  await db('idempotency_keys').where({ company_id: companyId, key_hash: keyHash, created_at: createdAt }).delete();
}
