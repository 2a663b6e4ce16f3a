import { leaveCompanyQueue } from '../db/queries/companyPlaceQueue';
import type { ActivityDeps } from './deps';

// The company's queue of waiting steps (db/queries/companyPlaceQueue.ts), as the recording workflow's
// bookkeeping sees it: a step cancelled while it waited leaves the queue.

export function createCompanyPlaceActivities({ db }: Pick<ActivityDeps, 'db'>) {
  return {
    async leaveCompanyQueue(waiterKey: string): Promise<void> {
      await leaveCompanyQueue(db, waiterKey);
    },
  };
}
