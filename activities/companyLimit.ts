import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import { ApplicationFailure, ApplicationFailureCategory } from '@temporalio/common';
import { durationMs } from '../common/config';
import { COMPANY_PLACE_SIGNAL } from '../common/temporal';
import { renewCompanyLease, takeCompanyLease } from '../db/queries/companyActivityLeases';
import {
  handOnExpiredPlaces,
  passReservationOn,
  releaseToNextWaiter,
  takeOrQueue,
  type HandedPlace,
} from '../db/queries/companyPlaceQueue';
import type { ActivityDeps } from './deps';
import { FailureTypes } from './failures';

// What one company may hold at once (issue 41 §3; docs/operations.md, "Fairness"): fairness orders what waits
// in the task queue, but a slot a long activity holds stays held, so a company importing hours of calls could
// fill every worker's slots. Its long activities (download of a stored recording, media step, speech-to-text,
// silencing, analysis) therefore take one of the company's COMPANY_MAX_HEAVY_ACTIVITIES places (a lease row in
// MySQL, shared by the fleet) before the heavy work. With none free the attempt ends at once with
// CompanyAtActivityLimit, so the worker slot is free again.
//
// Issue 50: a run that asks with a `queue` key (patch `company-place-queue`) joins the company's queue of
// waiters in that same attempt, and waits for a signal rather than asking again on a timer. Releasing a place
// hands it, in one transaction, to the next waiter (normal before bulk, then in the order they asked): the
// lease is reserved for it for COMPANY_MEDIA_LEASE_TTL and it is signalled through the worker's client. Places
// a dead worker left to expire are handed on by the next renewal of any of the company's places (every third of
// the TTL), or found by a waiter's fallback timer.

/** The workflow asks for the limit (patch `company-activity-limit`); absent in runs started before it. */
export interface CompanyLimitRequest {
  companyLimit: true;
  /** The waiting step's key within its run (patch `company-place-queue`): with it, the attempt queues. */
  queue?: string;
}

/** What a queued attempt tells its workflow (the failure's details): how to pick its fallback timer. */
export interface QueuedDetails {
  ahead: number;
  limit: number;
  ttlMs: number;
}

export function createCompanyLimit({ db, config, logger }: Pick<ActivityDeps, 'db' | 'config' | 'logger'>) {
  const ttlMs = durationMs(config.COMPANY_MEDIA_LEASE_TTL);
  const limit = config.COMPANY_MAX_HEAVY_ACTIVITIES;

  /** The worker's client, to signal waiters; absent where activities run outside a worker (a test calling them). */
  const currentClient = (): Client | undefined => {
    try {
      return Context.current().client;
    } catch {
      return undefined;
    }
  };

  /** Tells each waiter handed a place; a run that has closed passes its reservation on to the next. */
  async function tell(client: Client | undefined, companyId: string, handed: HandedPlace[]): Promise<void> {
    const queue = [...handed];
    for (let next = queue.shift(), passes = 0; next; next = queue.shift()) {
      if (!client) return; // the reservation expires and a waiter's fallback finds it
      try {
        await client.workflow.getHandle(next.workflowId, next.runId).signal(COMPANY_PLACE_SIGNAL, next.key);
      } catch (err) {
        logger.info({ err, companyId, waiter: next.key }, 'a waiter handed a company place could not be told');
        // Bounded: a company whose queue holds many closed runs leaves the rest to the reservations' expiry.
        if ((passes += 1) > 20) return;
        const on = await passReservationOn(db, companyId, next.slot, next.key, ttlMs);
        if (on) queue.push(on);
      }
    }
  }

  /** Runs `work` holding one of the company's places (with `request`), renewed until it returns. */
  return async function withCompanyPlace<T>(
    companyId: string,
    request: CompanyLimitRequest | undefined,
    work: () => Promise<T>,
    bulk = false,
  ): Promise<T> {
    if (!request?.companyLimit || limit === 0) return work();
    const holder = randomUUID();
    const client = currentClient();
    let slot: number | null;
    let ahead = 0;
    const run = request.queue === undefined ? undefined : Context.current().info.workflowExecution;
    if (!run || request.queue === undefined) slot = await takeCompanyLease(db, companyId, limit, holder, ttlMs);
    else {
      const taken = await takeOrQueue(db, companyId, limit, holder, ttlMs, {
        key: `${run.runId}/${request.queue}`,
        workflowId: run.workflowId,
        runId: run.runId,
        bulk,
      });
      slot = 'slot' in taken ? taken.slot : null;
      ahead = 'queued' in taken ? taken.queued : 0;
    }
    if (slot === null) {
      const details: QueuedDetails = { ahead, limit, ttlMs };
      // Expected, not an error: BENIGN keeps it out of the SDK's warnings and failure metrics.
      throw ApplicationFailure.create({
        type: FailureTypes.CompanyAtActivityLimit,
        message: `The company has ${limit} long activities running (COMPANY_MAX_HEAVY_ACTIVITIES)`,
        nonRetryable: true,
        category: ApplicationFailureCategory.BENIGN,
        details: [details],
      });
    }
    const held = slot;
    const renew = setInterval(() => {
      renewCompanyLease(db, companyId, held, holder, ttlMs)
        .then((kept) => {
          if (!kept) logger.warn({ companyId, slot: held }, 'company activity place expired before it was renewed');
          // A holder renewing is alive: it also hands on the places of holders that are not (a worker that died).
          return handOnExpiredPlaces(db, companyId, limit, ttlMs);
        })
        .then((handed) => tell(client, companyId, handed))
        .catch((err: unknown) =>
          logger.warn({ err, companyId, slot: held }, 'could not renew a company activity place'),
        );
    }, ttlMs / 3);
    try {
      return await work();
    } finally {
      clearInterval(renew);
      // Not given back (the database failed): it expires within COMPANY_MEDIA_LEASE_TTL.
      try {
        const handed = await releaseToNextWaiter(db, companyId, held, holder, ttlMs);
        if (handed) await tell(client, companyId, [handed]);
      } catch (err) {
        logger.warn({ err, companyId, slot: held }, 'could not release a company activity place');
      }
    }
  };
}
