import { fromJson, type Db } from '../connection';

// The offboarding of a company (workflows/companyOffboarding.ts): its record in company_offboardings,
// the mark on the company row that closes its credentials, and their revocation.

/** What an offboarding removed, by kind (counts only: the record outlives everything it counts). */
export interface OffboardingRemoved {
  credentialsRevoked: number;
  workflowsCancelled: number;
  workflowsTerminated: number;
  files: number;
  /** Rows deleted, per table. */
  rows: Record<string, number>;
  workflowRuns: number;
}

export interface CompanyOffboarding {
  companyId: string;
  workflowId: string;
  requestedAt: Date;
  step: string;
  removed: OffboardingRemoved;
  completedAt: Date | null;
}

export const NOTHING_REMOVED: OffboardingRemoved = {
  credentialsRevoked: 0,
  workflowsCancelled: 0,
  workflowsTerminated: 0,
  files: 0,
  rows: {},
  workflowRuns: 0,
};

interface OffboardingDbRow {
  company_id: string;
  workflow_id: string;
  requested_at: Date;
  step: string;
  removed: unknown;
  completed_at: Date | null;
}

const toOffboarding = (r: OffboardingDbRow): CompanyOffboarding => ({
  companyId: r.company_id,
  workflowId: r.workflow_id,
  requestedAt: r.requested_at,
  step: r.step,
  removed: { ...NOTHING_REMOVED, ...fromJson<Partial<OffboardingRemoved>>(r.removed) },
  completedAt: r.completed_at,
});

export async function getCompanyOffboarding(db: Db, companyId: string): Promise<CompanyOffboarding | undefined> {
  const row = (await db('company_offboardings').where({ company_id: companyId }).first()) as
    OffboardingDbRow | undefined;
  return row ? toOffboarding(row) : undefined;
}

/** Records the request (once: a second call keeps the first record); answers the record. */
export async function recordOffboardingRequest(
  db: Db,
  companyId: string,
  workflowId: string,
  now: Date,
): Promise<CompanyOffboarding> {
  await db('company_offboardings')
    .insert({
      company_id: companyId,
      workflow_id: workflowId,
      requested_at: now,
      step: 'Requested',
      removed: JSON.stringify(NOTHING_REMOVED),
    })
    .onConflict('company_id')
    .ignore();
  const record = await getCompanyOffboarding(db, companyId);
  if (!record) throw new Error(`offboarding record of ${companyId} vanished`);
  return record;
}

/** The step the offboarding is at, and what it has removed so far. */
export async function saveOffboardingProgress(
  db: Db,
  companyId: string,
  step: string,
  removed: OffboardingRemoved,
  completedAt: Date | null = null,
): Promise<void> {
  await db('company_offboardings')
    .where({ company_id: companyId })
    .update({ step, removed: JSON.stringify(removed), ...(completedAt ? { completed_at: completedAt } : {}) });
}

/**
 * Marks the company as being offboarded (its credentials stop opening requests; none is issued any
 * more) and revokes every key and token it has; answers how many were revoked by this call. The mark
 * is written first and in its own statement: it waits for a credential being inserted (db/queries/credentials.ts).
 */
export async function closeCompanyCredentials(db: Db, companyId: string, now: Date): Promise<number> {
  await db('companies').where({ id: companyId }).whereNull('offboarding_at').update({ offboarding_at: now });
  const keys = await db('api_keys')
    .where({ company_id: companyId })
    .whereNull('revoked_at')
    .update({ revoked_at: now, updated_at: now });
  const tokens = await db('bearer_tokens')
    .where({ company_id: companyId })
    .whereNull('revoked_at')
    .update({ revoked_at: now, updated_at: now });
  return keys + tokens;
}

export interface ChildCompany {
  id: string;
  name: string;
}

/** The company's direct children, by id and name (an offboarding refuses a parent). */
export async function companyChildren(db: Db, companyId: string): Promise<ChildCompany[]> {
  return db('companies')
    .select('id', 'name')
    .where({ parent_company_id: companyId })
    .orderBy([{ column: 'name' }, { column: 'id' }]);
}

export type OffboardingMark =
  { kind: 'parent'; children: ChildCompany[] } | { kind: 'marked'; at: Date; fresh: boolean } | { kind: 'gone' };

/**
 * The operator's request (`admin company:delete`): unless the company has children, marks it as being
 * offboarded, as closeCompanyCredentials would. One transaction with the company row locked first: a child
 * being created (createCompany's INSERT … SELECT share-locks the parent row) either committed before and is
 * found here, or waits and then finds the mark and is refused. `fresh`: this call set the mark.
 */
export async function markOffboardingUnlessParent(db: Db, companyId: string, now: Date): Promise<OffboardingMark> {
  return db.transaction(async (trx): Promise<OffboardingMark> => {
    const row = (await trx('companies').where({ id: companyId }).forUpdate().first('offboarding_at')) as
      { offboarding_at: Date | null } | undefined;
    if (!row) return { kind: 'gone' };
    const children = await companyChildren(trx, companyId);
    if (children.length > 0) return { kind: 'parent', children };
    if (row.offboarding_at) return { kind: 'marked', at: row.offboarding_at, fresh: false };
    await trx('companies').where({ id: companyId }).update({ offboarding_at: now });
    const marked = (await trx('companies').where({ id: companyId }).first('offboarding_at')) as {
      offboarding_at: Date;
    };
    return { kind: 'marked', at: marked.offboarding_at, fresh: true };
  });
}

/**
 * Takes back a mark whose workflow could not be started, unless the workflow did start after all (its first
 * step records the request; it then marks the company again itself).
 */
export async function withdrawOffboardingMark(db: Db, companyId: string, at: Date): Promise<void> {
  await db('companies')
    .where({ id: companyId, offboarding_at: at })
    .whereNotExists((q) => q.select(db.raw('1')).from('company_offboardings').where({ company_id: companyId }))
    .update({ offboarding_at: null });
}

/** Whether the company is marked for offboarding: why a conditional insert of its inserted nothing. */
export async function isCompanyMarked(db: Db, companyId: string): Promise<boolean> {
  const row = (await db('companies').where({ id: companyId }).first('offboarding_at')) as
    { offboarding_at: Date | null } | undefined;
  return row?.offboarding_at != null;
}

/** A write of a company that its offboarding mark refused (the statement inserted nothing). */
export class CompanyMarkedError extends Error {
  readonly code = 'company_offboarding';
  constructor(public readonly companyId: string) {
    super(`company ${companyId} is marked for offboarding`);
    this.name = 'CompanyMarkedError';
  }
}
