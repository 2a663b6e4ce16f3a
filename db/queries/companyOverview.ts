import { FINISHED_STATUSES } from '../../common/recordingStatus';
import type { Db } from '../connection';

// What `admin company:show` counts for a company: one query per table, each by the company_id index.

export interface CompanyCounts {
  childCompanies: number;
  teams: number;
  users: number;
  pendingInvitations: number;
  activeApiKeys: number;
  webhookEndpoints: number;
  recordings: number;
  /** Recordings not finished yet (accepted or being processed): the company's backlog. */
  recordingsInProgress: number;
  /** Of all its recordings, those submitted with `"priority": "bulk"`. */
  bulkRecordings: number;
}

async function countWhere(db: Db, table: string, where: (q: ReturnType<Db>) => ReturnType<Db>): Promise<number> {
  const [row] = (await where(db(table)).count({ n: '*' })) as Array<{ n: number | string }>;
  return Number(row.n);
}

/** The company's counts (see CompanyCounts). */
export async function companyCounts(db: Db, companyId: string): Promise<CompanyCounts> {
  const own = (q: ReturnType<Db>) => q.where({ company_id: companyId });
  const [
    childCompanies,
    teams,
    users,
    pendingInvitations,
    activeApiKeys,
    webhookEndpoints,
    recordings,
    recordingsInProgress,
    bulkRecordings,
  ] = await Promise.all([
    countWhere(db, 'companies', (q) => q.where({ parent_company_id: companyId })),
    countWhere(db, 'teams', own),
    countWhere(db, 'users', own),
    countWhere(db, 'invitations', (q) => own(q).where({ status: 'pending' })),
    countWhere(db, 'api_keys', (q) => own(q).whereNull('revoked_at')),
    countWhere(db, 'webhook_endpoints', own),
    countWhere(db, 'recordings', own),
    countWhere(db, 'recordings', (q) => own(q).whereNotIn('status', FINISHED_STATUSES)),
    countWhere(db, 'recordings', (q) => own(q).where({ priority: 'bulk' })),
  ]);
  return {
    childCompanies,
    teams,
    users,
    pendingInvitations,
    activeApiKeys,
    webhookEndpoints,
    recordings,
    recordingsInProgress,
    bulkRecordings,
  };
}
