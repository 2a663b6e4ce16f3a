import { randomUUID } from 'node:crypto';
import type { Db } from '../connection';

export interface CompanyRow {
  id: string;
  name: string;
  parentCompanyId: string | null;
  createdAt: Date;
  /** Temporal's fairnessWeight for its workflows (common/workflowStarts/priority.ts): 0.001–1000, default 1. */
  fairnessWeight: number;
  /**
   * Its recordings' default for `redactPii` (a submission's own value wins). Read where the company row is
   * read here (getCompany, …); absent on the company a credential carries, which does not need it.
   */
  redactPii?: boolean;
  /** The region its national phone numbers are read in when redacting (ISO 3166 alpha-2); null: the setting's. */
  phoneRegion?: string | null;
}

const columns = {
  id: 'id',
  name: 'name',
  parentCompanyId: 'parent_company_id',
  createdAt: 'created_at',
  fairnessWeight: 'fairness_weight',
  redactPii: 'redact_pii',
  phoneRegion: 'phone_region',
};

/** MySQL's BOOLEAN is TINYINT(1): read back as 0/1. */
const toCompany = (row: CompanyRow | undefined): CompanyRow | undefined =>
  row ? { ...row, redactPii: Boolean(row.redactPii) } : undefined;

/** Something new asked for a company that is being offboarded (or does not exist): a credential, a child company. */
export class CompanyClosedError extends Error {
  readonly code = 'company_closed';
  constructor(companyId: string, what: 'credentials' | 'child companies') {
    super(`Company ${companyId} does not exist or is being offboarded: it gets no new ${what}.`);
    this.name = 'CompanyClosedError';
  }
}

/**
 * A company; under a parent only while the parent exists and is not being offboarded, in one statement
 * (INSERT … SELECT reads the parent's mark and the insert together), so no child appears under a company
 * once its offboarding has marked it. (`admin company:delete` refuses a company that has children.)
 */
export async function createCompany(db: Db, name: string, parentCompanyId: string | null = null): Promise<CompanyRow> {
  const id = randomUUID();
  if (parentCompanyId === null) await db('companies').insert({ id, name, parent_company_id: null });
  else {
    const [result] = (await db.raw(
      'INSERT INTO companies (id, name, parent_company_id) SELECT ?, ?, id FROM companies WHERE id = ? AND offboarding_at IS NULL',
      [id, name, parentCompanyId],
    )) as [{ affectedRows: number }];
    if (result.affectedRows !== 1) throw new CompanyClosedError(parentCompanyId, 'child companies');
  }
  const row = await getCompany(db, id);
  if (!row) throw new Error('company vanished after insert');
  return row;
}

export async function getCompany(db: Db, id: string): Promise<CompanyRow | undefined> {
  return toCompany(await db('companies').select(columns).where({ id }).first());
}

/** The company `childId` when it is a direct child of `parentId`, else undefined. */
/** The caller's direct child, with when its offboarding marked it (null: not being offboarded). */
export async function getDirectChild(
  db: Db,
  parentId: string,
  childId: string,
): Promise<(CompanyRow & { offboardingAt: Date | null }) | undefined> {
  const row = (await db('companies')
    .select({ ...columns, offboardingAt: 'offboarding_at' })
    .where({ id: childId, parent_company_id: parentId })
    .first()) as (CompanyRow & { offboardingAt: Date | null }) | undefined;
  return row && { ...row, redactPii: Boolean(row.redactPii) };
}

export async function listDirectChildren(db: Db, parentId: string): Promise<CompanyRow[]> {
  const rows = (await db('companies')
    .select(columns)
    .where({ parent_company_id: parentId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])) as CompanyRow[];
  return rows.map((r) => ({ ...r, redactPii: Boolean(r.redactPii) }));
}

/** Settings of a company the admin CLI changes (`company:set`), by column; empty: nothing to change. */
export type CompanySettingsUpdate = Partial<
  Record<'fairness_weight' | 'redact_pii' | 'phone_region', number | string | boolean>
>;

/** Changes the company's settings; false when there is no such company. */
export async function updateCompanySettings(db: Db, id: string, settings: CompanySettingsUpdate): Promise<boolean> {
  const changed = await db('companies')
    .where({ id })
    .update({ ...settings, updated_at: db.fn.now(3) });
  return changed === 1;
}
