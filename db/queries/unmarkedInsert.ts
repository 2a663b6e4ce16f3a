import type { Knex } from 'knex';
import type { Db } from '../connection';
import { CompanyMarkedError } from './companyOffboardings';

/** Values of one row; `company_id` names the company the row belongs to. */
export type CompanyOwnedRow = { company_id: string } & Record<string, Knex.Value | undefined>;

/**
 * Inserts a row that belongs to a company only while the company is not marked for offboarding, read in the
 * same statement (INSERT … SELECT … FROM companies WHERE id = ? AND offboarding_at IS NULL): a request let in
 * before the mark, or by a key an API process still had cached, adds nothing once the offboarding has begun.
 * Throws CompanyMarkedError when the mark (or the company's absence) refused it; the API answers 409
 * (api/middleware/errorBoundary.ts). A duplicate key still fails as the plain INSERT would.
 */
export async function insertForUnmarkedCompany(db: Db, table: string, row: CompanyOwnedRow): Promise<void> {
  // An undefined value is left to the column's default, as knex's insert() leaves it.
  const given = Object.entries(row).filter(([, value]) => value !== undefined);
  const names = given.map(([name]) => name);
  const [result] = (await db.raw(
    `INSERT INTO ?? (${names.map(() => '??').join(', ')}) SELECT ${names.map(() => '?').join(', ')} FROM companies WHERE id = ? AND offboarding_at IS NULL`,
    [table, ...names, ...given.map(([, value]) => value as Knex.Value), row.company_id],
  )) as [{ affectedRows: number }];
  if (result.affectedRows === 0) throw new CompanyMarkedError(row.company_id);
}
