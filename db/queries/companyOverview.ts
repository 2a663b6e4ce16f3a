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
  /** Copies a speech-to-text provider still keeps, whose deletion failed or is not yet done (stt_provider_copies). */
  sttCopiesOwed: number;
  recordings: number;
  /** Recordings not finished yet (accepted or being processed): the company's backlog. */
  recordingsInProgress: number;
  /** Its bulk backlog: recordings submitted with `"priority": "bulk"` and not finished yet. */
  bulkRecordings: number;
}

async function countWhere(db: Db, table: string, where: (q: ReturnType<Db>) => ReturnType<Db>): Promise<number> {
  const [row] = (await where(db(table)).count({ n: '*' })) as Array<{ n: number | string }>;
  return Number(row.n);
}

/** The company's counts (see CompanyCounts). */
export async function companyCounts(db: Db, companyId: string): Promise<CompanyCounts> {
  const own = (q: ReturnType<Db>) => q.where({ company_id: companyId });
  const queries: Record<keyof CompanyCounts, [string, (q: ReturnType<Db>) => ReturnType<Db>]> = {
    childCompanies: ['companies', (q) => q.where({ parent_company_id: companyId })],
    teams: ['teams', own],
    users: ['users', own],
    pendingInvitations: ['invitations', (q) => own(q).where({ status: 'pending' })],
    activeApiKeys: ['api_keys', (q) => own(q).whereNull('revoked_at')],
    webhookEndpoints: ['webhook_endpoints', own],
    sttCopiesOwed: ['stt_provider_copies', own],
    recordings: ['recordings', own],
    recordingsInProgress: ['recordings', (q) => own(q).whereNotIn('status', FINISHED_STATUSES)],
    bulkRecordings: ['recordings', (q) => own(q).where({ priority: 'bulk' }).whereNotIn('status', FINISHED_STATUSES)],
  };
  const counts = await Promise.all(
    Object.entries(queries).map(async ([name, [table, where]]) => [name, await countWhere(db, table, where)] as const),
  );
  return Object.fromEntries(counts) as unknown as CompanyCounts;
}
