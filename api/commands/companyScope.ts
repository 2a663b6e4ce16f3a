import type { Db } from '../../db/connection';
import { getDirectChild } from '../../db/queries/companies';
import { forbidden } from '../errors';
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
  return { id: child.id, name: child.name, fairnessWeight: child.fairnessWeight, isChild: true };
}
