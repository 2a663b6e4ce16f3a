import { createHash, createHmac } from 'node:crypto';
import stringify from 'safe-stable-stringify';
import { nowOn } from '../common/clock';
import { durationMs } from '../common/config';
import type { Db } from '../db/connection';
import {
  answerSubject,
  claimIdempotencyKey,
  completeIdempotencyKey,
  dropExpiredIdempotencyKey,
  findIdempotencyRecord,
  releaseIdempotencyKey,
  takeOverIdempotencyKey,
  type IdempotencyRecord,
} from '../db/queries/idempotencyKeys';
import { sealAnswer, unsealAnswer } from './answerSealing';
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
      answer: { status: record.response.status, body: unsealAnswer(request, record.response.sealedBody) },
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

  const complete = async (db: Db, answer: Answer): Promise<IdempotentAnswer> => {
    await completeIdempotencyKey(
      db,
      companyId,
      key,
      answer.status,
      sealAnswer(request, answer.body),
      answerSubject(answer.body),
    );
    return { ...answer, replayed: false };
  };

  /**
   * Claims the key on `db` and runs `held` once it is ours, or answers from the record that holds it. A
   * record still pending is a request still running, unless its lease ran out (its holder crashed): then a
   * lease-mode claim takes it over, once. A transaction-mode claim holds no lease (leaseMs null): its record
   * is pending only inside its own transaction, which the claim waited for, so it never takes one over.
   */
  const claim = async (
    db: Db,
    leaseMs: number | null,
    held: (claimedAt: Date) => Promise<IdempotentAnswer>,
  ): Promise<IdempotentAnswer> => {
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const now = nowOn(deps);
      const lockedUntil = leaseMs === null ? null : new Date(now.getTime() + leaseMs);
      const claimant = { companyId, credentialId, keyHash: key, operationId, requestHash: hash, now, lockedUntil };
      if (await claimIdempotencyKey(db, claimant)) return held(now);
      const record = await findIdempotencyRecord(db, companyId, key);
      if (!record) continue;
      const verdict = judge(record, hash, request, now, ttlMs);
      if (verdict.kind === 'replay') return { ...verdict.answer, replayed: true };
      if (verdict.kind === 'expired') {
        await dropExpiredIdempotencyKey(db, companyId, key, record.createdAt);
        continue;
      }
      const heldUntil = record.lockedUntil;
      const leaseRanOut = heldUntil !== null && heldUntil.getTime() <= now.getTime();
      if (lockedUntil && leaseRanOut && (await takeOverIdempotencyKey(db, companyId, key, heldUntil, lockedUntil)))
        return held(record.createdAt);
      throw inUse();
    }
    throw inUse();
  };

  if (mode === 'transaction')
    return deps.db.transaction((trx) =>
      claim(trx, null, async (claimedAt) => complete(trx, await run(trx, attemptOf(companyId, key, claimedAt)))),
    );

  const { db } = deps;
  return claim(db, IDEMPOTENCY_LEASE_MS, async (claimedAt) => {
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
    return complete(db, answer);
  });
}
