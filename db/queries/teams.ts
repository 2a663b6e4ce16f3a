import { randomUUID } from 'node:crypto';
import { isDuplicateEntry, type Db } from '../connection';
import { countOf, pageWithTotal, type Page, type PageRequest } from './pages';
import { insertForUnmarkedCompany } from './unmarkedInsert';

export type TeamType = 'standard' | 'integration';

export interface TeamRow {
  id: string;
  companyId: string;
  name: string;
  type: TeamType;
  createdAt: Date;
}

export const INTEGRATION_TEAM_NAME = 'Integration';

const columns = { id: 'id', companyId: 'company_id', name: 'name', type: 'type', createdAt: 'created_at' };

export async function createTeam(
  db: Db,
  companyId: string,
  name: string,
  type: TeamType = 'standard',
): Promise<TeamRow> {
  const id = randomUUID();
  // The marker makes the (company_id, integration_marker) unique key allow one Integration team per company.
  // Not for a company its offboarding has marked (the statement reads the mark).
  await insertForUnmarkedCompany(db, 'teams', {
    id,
    company_id: companyId,
    name,
    type,
    integration_marker: type === 'integration' ? 1 : null,
  });
  const row = await getTeam(db, companyId, id);
  if (!row) throw new Error('team vanished after insert');
  return row;
}

/** The team when it belongs to the company; another company's team is treated as unknown. */
export async function getTeam(db: Db, companyId: string, id: string): Promise<TeamRow | undefined> {
  return db('teams').select(columns).where({ id, company_id: companyId }).first();
}

/** Newest first, ties broken by id, so pages never skip or repeat a team. */
export async function listTeams(db: Db, companyId: string, page: PageRequest): Promise<Page<TeamRow>> {
  return pageWithTotal(
    db('teams')
      .select(columns)
      .where({ company_id: companyId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    countOf(db('teams').where({ company_id: companyId })),
    page,
  );
}

async function findIntegrationTeam(db: Db, companyId: string, latest = false): Promise<TeamRow | undefined> {
  const query = db('teams').select(columns).where({ company_id: companyId, integration_marker: 1 });
  // A locking read sees rows committed after a surrounding transaction's snapshot (the racing creator's row).
  return (latest ? query.forShare() : query).first();
}

/** The company's Integration team, created on first use. Concurrent callers converge on one row via the unique key. */
export async function ensureIntegrationTeam(db: Db, companyId: string): Promise<TeamRow> {
  const existing = await findIntegrationTeam(db, companyId);
  if (existing) return existing;
  try {
    return await createTeam(db, companyId, INTEGRATION_TEAM_NAME, 'integration');
  } catch (err) {
    if (!isDuplicateEntry(err)) throw err;
    const winner = await findIntegrationTeam(db, companyId, true);
    if (!winner) throw err;
    return winner;
  }
}
