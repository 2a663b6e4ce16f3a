import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import stringify from 'safe-stable-stringify';
import { nowOn } from '../common/clock';
import { durationMs } from '../common/config';
import type { Db } from '../db/connection';
import {
  answerSubject,
  claimIdempotencyKey,
  completeIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  dropExpiredIdempotencyKey,
  findIdempotencyRecord,
  releaseIdempotencyKey,
  takeOverIdempotencyKey,
  type IdempotencyRecord,
} from '../db/queries/idempotencyKeys';
import type { AppDeps } from './deps';
import { ApiError, conflict } from './errors';

// Idempotency-Key on the creating and acting POSTs. The first request with a key runs; its success is
// kept with the key for IDEMPOTENCY_KEY_TTL and a retry with the same key and the same request gets
// that answer again (201 and body as first sent). Another request under the same key is 409
// `idempotency_key_reused`; so is the same request from another credential: a kept answer belongs to
// the API key that earned it (a bearer token acts as the key it was minted from), because answers can
// hold what only that key was allowed to get. A failed request keeps nothing, so its retry runs again.
//
// Two ways to hold the key while the first request runs:
// - 'transaction': the key's row and everything the operation writes commit together (the handler runs
//   on the transaction), so a crash can never leave one without the other; a concurrent retry waits on
//   the row lock and then reads the answer.
// - 'lease': for operations that talk to Temporal, which must not run inside an open transaction (a
//   workflow could look for rows not yet committed). The key is held for LEASE_MS; a concurrent retry
//   gets 409 `idempotency_key_in_use`; a claim left by a crashed process can be taken over once its
//   lease ran out. These operations are safe to run twice (signal-with-start, cancel, a new run only
//   of a failed recording, a test event), which is what a crash between their action and the record risks;
//   recording intake names the recording after the attempt (IdempotentAttempt), so a takeover finds it.

export type IdempotencyMode = 'transaction' | 'lease';

export const IDEMPOTENCY_LEASE_MS = 60_000;
const CLAIM_ATTEMPTS = 3;

export interface IdempotentRequest {
  companyId: string;
  /** The credential sending it (api/middleware/authenticate.ts): a kept answer is given to it alone. */
  credentialId: string;
  key: string;
  operationId: string;
  params: unknown;
  body: unknown;
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * One request under its key, the same for every run of it: a run that takes over after its holder
 * crashed gets the crashed run's id. An operation whose effect outlives a crash (a lease-mode one)
 * names what it creates after it, so the takeover finds that instead of creating it again.
 */
export interface IdempotentAttempt {
  /** A UUID derived from the company, the key and when the key was first claimed. */
  id: string;
}

export function attemptOf(companyId: string, keyHash: string, claimedAt: Date): IdempotentAttempt {
  const bytes = createHash('sha256')
    .update(`${companyId}\n${keyHash}\n${claimedAt.toISOString()}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80; // version 8 (RFC 9562: custom)
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC variant
  const hex = bytes.toString('hex');
  return { id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` };
}

export interface IdempotentAnswer extends Answer {
  /** True when this is the kept answer of an earlier request. */
  replayed: boolean;
}

/** What identifies "the same request": the operation, its path parameters and its body, key order aside (keyed by the Idempotency-Key). */
export function requestHash(request: IdempotentRequest): string {
  const canonical =
    stringify({ operationId: request.operationId, params: request.params ?? null, body: request.body ?? null }) ?? '';
  return createHmac('sha256', request.key).update(canonical).digest('hex');
}

const keyHashOf = (key: string): string => createHash('sha256').update(key).digest('hex');

// Kept answers are sealed with a key derived from the Idempotency-Key, which only the client holds:
// an answer can carry a secret shown once (an API key, a token, a signing secret).
const sealingKey = (request: IdempotentRequest): Buffer =>
  Buffer.from(hkdfSync('sha256', request.key, request.companyId, 'idempotency-answer', 32));

function seal(request: IdempotentRequest, body: unknown): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(request), nonce);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(body ?? null), 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), sealed]);
}

function unseal(request: IdempotentRequest, sealed: Buffer): unknown {
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(request), sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return JSON.parse(
    Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8'),
  ) as unknown;
}

const reused = (): ApiError =>
  conflict(
    'idempotency_key_reused',
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  );

const reusedByAnother = (): ApiError =>
  conflict(
    'idempotency_key_reused',
    'This Idempotency-Key was already used by another credential (another API key) of the company. A kept answer is given only to the credential that sent the first request; use a new key.',
  );

const inUse = (): ApiError =>
  new ApiError(
    409,
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still being processed. Retry in a moment.',
    [],
    { 'retry-after': '1' },
  );

type Verdict = { kind: 'expired' } | { kind: 'replay'; answer: Answer } | { kind: 'pending' };

function judge(record: IdempotencyRecord, hash: string, request: IdempotentRequest, now: Date, ttlMs: number): Verdict {
  if (record.createdAt.getTime() <= now.getTime() - ttlMs) return { kind: 'expired' };
  // Records from before credentials were recorded (null) belong to no one who can prove it.
  if (record.credentialId !== request.credentialId) throw reusedByAnother();
  if (record.operationId !== request.operationId || record.requestHash !== hash) throw reused();
  if (record.response)
    return {
      kind: 'replay',
      answer: { status: record.response.status, body: unseal(request, record.response.sealedBody) },
    };
  return { kind: 'pending' };
}

/** Runs `run` at most once per company and key (as described above) and answers what the first run answered. */
export async function answerIdempotently(
  deps: AppDeps,
  mode: IdempotencyMode,
  request: IdempotentRequest,
  run: (db: Db, attempt: IdempotentAttempt) => Promise<Answer>,
): Promise<IdempotentAnswer> {
  const hash = requestHash(request);
  const ttlMs = durationMs(deps.config.IDEMPOTENCY_KEY_TTL);
  const { companyId, credentialId, operationId } = request;
  const key = keyHashOf(request.key);
  if (mode === 'transaction') {
    return deps.db.transaction(async (trx) => {
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
        const now = nowOn(deps);
        if (
          await claimIdempotencyKey(trx, {
            companyId,
            credentialId,
            keyHash: key,
            operationId,
            requestHash: hash,
            now,
            lockedUntil: null,
          })
        ) {
          const answer = await run(trx, attemptOf(companyId, key, now));
          await completeIdempotencyKey(
            trx,
            companyId,
            key,
            answer.status,
            seal(request, answer.body),
            answerSubject(answer.body),
          );
          return { ...answer, replayed: false };
        }
        const record = await findIdempotencyRecord(trx, companyId, key);
        if (!record) continue;
        const verdict = judge(record, hash, request, now, ttlMs);
        if (verdict.kind === 'replay') return { ...verdict.answer, replayed: true };
        if (verdict.kind === 'expired') await dropExpiredIdempotencyKey(trx, companyId, key, record.createdAt);
        // A pending record here belongs to a lease-mode request of the same operation id, which cannot
        // be: an operation always uses one mode. Answer as for any request still running.
        else throw inUse();
      }
      throw inUse();
    });
  }

  const { db } = deps;
  const runHeld = async (claimedAt: Date): Promise<IdempotentAnswer> => {
    let answer: Answer;
    try {
      answer = await run(db, attemptOf(companyId, key, claimedAt));
    } catch (err) {
      await releaseIdempotencyKey(db, companyId, key).catch((releaseErr: unknown) =>
        deps.logger.error(
          { err: releaseErr, companyId },
          'could not release an Idempotency-Key; it frees itself when its lease runs out',
        ),
      );
      throw err;
    }
    await completeIdempotencyKey(
      db,
      companyId,
      key,
      answer.status,
      seal(request, answer.body),
      answerSubject(answer.body),
    );
    return { ...answer, replayed: false };
  };
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const now = nowOn(deps);
    const lockedUntil = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS);
    if (
      await claimIdempotencyKey(db, {
        companyId,
        credentialId,
        keyHash: key,
        operationId,
        requestHash: hash,
        now,
        lockedUntil,
      })
    )
      return runHeld(now);
    const record = await findIdempotencyRecord(db, companyId, key);
    if (!record) continue;
    const verdict = judge(record, hash, request, now, ttlMs);
    if (verdict.kind === 'replay') return { ...verdict.answer, replayed: true };
    if (verdict.kind === 'expired') {
      await dropExpiredIdempotencyKey(db, companyId, key, record.createdAt);
      continue;
    }
    if (record.lockedUntil === null || record.lockedUntil.getTime() > now.getTime()) throw inUse();
    // The holder's lease ran out without an answer: it crashed (or failed to release); take over once.
    if (await takeOverIdempotencyKey(db, companyId, key, record.lockedUntil, lockedUntil))
      return runHeld(record.createdAt);
    throw inUse();
  }
  throw inUse();
}

const SWEEP_BATCH = 1000;
const SWEEP_EVERY_MS = 5 * 60_000;

/** Deletes the records past IDEMPOTENCY_KEY_TTL, a batch at a time (short locks); returns how many. */
export async function sweepExpiredIdempotencyKeys(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  now = nowOn(deps),
): Promise<number> {
  const before = new Date(now.getTime() - durationMs(deps.config.IDEMPOTENCY_KEY_TTL));
  let removed = 0;
  for (;;) {
    const batch = await deleteExpiredIdempotencyKeys(deps.db, before, SWEEP_BATCH);
    removed += batch;
    if (batch < SWEEP_BATCH) return removed;
  }
}

/**
 * The API process sweeps every few minutes (every replica does; the deletes are harmless to repeat).
 * Expiry does not depend on it: an expired record is ignored when its key comes again.
 */
export function startIdempotencyKeySweep(deps: AppDeps): () => void {
  const timer = setInterval(() => {
    void sweepExpiredIdempotencyKeys(deps).then(
      (removed) => removed > 0 && deps.logger.info({ removed }, 'removed expired Idempotency-Key records'),
      (err: unknown) => deps.logger.warn({ err }, 'could not remove expired Idempotency-Key records; will try again'),
    );
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
