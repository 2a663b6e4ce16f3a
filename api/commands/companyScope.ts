import type { Db } from '../../db/connection';
import { getDirectChild } from '../../db/queries/companies';
import { conflict, forbidden, type ApiError } from '../errors';
import type { CallerCompany } from '../operation';

export interface ScopedCompany {
  id: string;
  name: string;
  /** Its fairness weight (companies.fairness_weight): what the workflows started for it carry. */
  fairnessWeight: number;
  /** True when the request operates on a child company rather than the caller's own. */
  isChild: boolean;
}

/**
 * The company a request operates on (spec 5, rule 2): the caller's own, or — when a child company id is
 * supplied — that company if it is a DIRECT child of the caller. A grandchild, sibling, unrelated or
 * nonexistent company, and the caller's own id, are all 403 alike, so the answer never reveals
 * whether some other company exists. Malformed ids never get here: the request schemas reject them (400).
 */
export async function resolveCompanyScope(
  db: Db,
  caller: CallerCompany,
  childCompanyId: string | undefined,
): Promise<ScopedCompany> {
  if (childCompanyId === undefined)
    return { id: caller.id, name: caller.name, fairnessWeight: caller.fairnessWeight, isChild: false };
  const child = await getDirectChild(db, caller.id, childCompanyId);
  if (!child) {
    throw forbidden('child_company_forbidden', 'The child company id is not a direct child of the calling company.');
  }
  // Its offboarding deletes everything it has: nothing new may be started for it (docs/security.md).
  if (child.offboardingAt !== null) throw childCompanyOffboarding(child.id, child.offboardingAt);
  return { id: child.id, name: child.name, fairnessWeight: child.fairnessWeight, isChild: true };
}

/** The 409 of a parent's request (`childCompanyId`) for a child its offboarding has marked. */
export const childCompanyOffboarding = (childId: string, since?: Date): ApiError =>
  conflict(
    'child_company_offboarding',
    `The child company ${childId} is being offboarded${since ? ` (since ${since.toISOString()})` : ''}: nothing can be read, created or changed for it.`,
  );

/**
 * The 409 of a write whose statement found the company marked for offboarding (every insert that belongs to
 * a company checks the mark in the same statement and throws CompanyMarkedError): the request was let in
 * before the mark, or by a key an API process still had cached. A parent acting on its child gets the child's
 * answer (api/middleware/errorBoundary.ts tells them apart by the caller's company).
 */
export const companyOffboarding = (companyId: string, callerId: string | undefined): ApiError =>
  callerId !== undefined && callerId !== companyId
    ? childCompanyOffboarding(companyId)
    : conflict(
        'company_offboarding',
        `The company ${companyId} is being offboarded: nothing new can be created for it.`,
      );
