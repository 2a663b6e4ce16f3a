import { randomUUID } from 'node:crypto';
import { ApplicationFailure, ApplicationFailureCategory } from '@temporalio/common';
import { durationMs } from '../common/config';
import { releaseCompanyLease, renewCompanyLease, takeCompanyLease } from '../db/queries/companyActivityLeases';
import type { ActivityDeps } from './deps';
import { FailureTypes } from './failures';

// What one company may hold at once (issue 41 §3; docs/operations.md, "Fairness"): fairness orders what waits
// in the task queue, but a slot a long activity holds stays held, so a company importing hours of calls could
// fill every worker's slots. Its media and speech-to-text activities therefore take one of the company's
// COMPANY_MAX_HEAVY_ACTIVITIES places (a lease row in MySQL, shared by the fleet) before the heavy work. With
// none free the attempt ends at once with CompanyAtActivityLimit: the worker slot is free again and the
// workflow asks again after a short wait, through the fair queue (workflows/companyLimit.ts). It is not
// Temporal's own retry, which would count against the activity's maximumAttempts.

/** The workflow asks for the limit (patch `company-activity-limit`); absent in runs started before it. */
export interface CompanyLimitRequest {
  companyLimit: true;
}

export function createCompanyLimit({ db, config, logger }: Pick<ActivityDeps, 'db' | 'config' | 'logger'>) {
  const ttlMs = durationMs(config.COMPANY_MEDIA_LEASE_TTL);
  const limit = config.COMPANY_MAX_HEAVY_ACTIVITIES;

  /** Runs `work` holding one of the company's places (with `request`), renewed until it returns. */
  return async function withCompanyPlace<T>(
    companyId: string,
    request: CompanyLimitRequest | undefined,
    work: () => Promise<T>,
  ): Promise<T> {
    if (!request?.companyLimit || limit === 0) return work();
    const holder = randomUUID();
    const slot = await takeCompanyLease(db, companyId, limit, holder, ttlMs);
    if (slot === null)
      // Expected, not an error: BENIGN keeps it out of the SDK's warnings and failure metrics.
      throw ApplicationFailure.create({
        type: FailureTypes.CompanyAtActivityLimit,
        message: `The company has ${limit} media and speech-to-text activities running (COMPANY_MAX_HEAVY_ACTIVITIES)`,
        nonRetryable: true,
        category: ApplicationFailureCategory.BENIGN,
      });
    const renew = setInterval(() => {
      renewCompanyLease(db, companyId, slot, holder, ttlMs).then(
        (kept) => {
          if (!kept) logger.warn({ companyId, slot }, 'company activity place expired before it was renewed');
        },
        (err: unknown) => logger.warn({ err, companyId, slot }, 'could not renew a company activity place'),
      );
    }, ttlMs / 3);
    try {
      return await work();
    } finally {
      clearInterval(renew);
      // Not given back (the database failed): it expires within COMPANY_MEDIA_LEASE_TTL.
      await releaseCompanyLease(db, companyId, slot, holder).catch((err: unknown) =>
        logger.warn({ err, companyId, slot }, 'could not release a company activity place'),
      );
    }
  };
}
