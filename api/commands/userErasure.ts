import { workflowIds } from '../../common/temporal';
import type { CompanyFairness } from '../../common/workflowStarts/priority';
import { startUserErasure } from '../../common/workflowStarts/userErasure';
import {
  getErasureState,
  getErasureStateForUpdate,
  markErasureRequested,
  withdrawErasureRequest,
  type ErasureState,
} from '../../db/queries/userErasure';
import type { Db } from '../../db/connection';
import type { AppDeps } from '../deps';
import { conflict, notFound, workflowStartError } from '../errors';
import type { UserErasure } from '../schemas/userErasure';
import { CompanyMarkedError } from '../../db/queries/companyOffboardings';

// Erasure of a person: the request is recorded on the user row (from then on the user cannot be
// updated, invited again or given recordings), then the erasure workflow is started. Both are
// idempotent: a repeated request finds the row already marked and the workflow already started (or
// finished), answers the same, and starts nothing new.

const UNAVAILABLE = 'The erasure could not be started and was not recorded. Retry the request.';

export function erasureView(state: ErasureState): UserErasure {
  const status = state.erasedAt ? 'erased' : state.erasureRequestedAt ? 'erasing' : 'none';
  return {
    userId: state.userId,
    status,
    requestedAt: state.erasureRequestedAt ? state.erasureRequestedAt.toISOString() : null,
    completedAt: state.erasedAt ? state.erasedAt.toISOString() : null,
    workflowId: state.erasureRequestedAt ? workflowIds.userErasure(state.companyId, state.userId) : null,
  };
}

/** POST /api/user/{userId}/erase */
export async function requestErasure(deps: AppDeps, company: CompanyFairness, userId: string): Promise<UserErasure> {
  const companyId = company.id;
  const { state, fresh } = await deps.db.transaction(async (trx) => {
    const found = await getErasureStateForUpdate(trx, companyId, userId);
    if (!found) throw notFound('User');
    if (found.erasureRequestedAt) return { state: found, fresh: false };
    const requestedAt = await markErasureRequested(trx, companyId, userId, new Date());
    if (!requestedAt) throw new CompanyMarkedError(companyId);
    return { state: { ...found, erasureRequestedAt: requestedAt ?? null }, fresh: true };
  });
  if (state.erasedAt) return erasureView(state);
  try {
    // Already started (or finished) counts as started: the request is idempotent.
    if (await startUserErasure(deps.temporal, deps.config, company, userId))
      deps.metrics?.workflowStarts.inc({ workflow: 'userErasure' });
  } catch (err) {
    // If the start did reach Temporal, its first step records the request again.
    if (fresh && state.erasureRequestedAt)
      await withdrawErasureRequest(deps.db, companyId, userId, state.erasureRequestedAt);
    throw workflowStartError(err, UNAVAILABLE);
  }
  return erasureView(state);
}

/** GET /api/user/{userId}/erase */
export async function erasureStatus(db: Db, companyId: string, userId: string): Promise<UserErasure> {
  const state = await getErasureState(db, companyId, userId);
  if (!state) throw notFound('User');
  return erasureView(state);
}

export const userErased = () =>
  conflict(
    'user_erased',
    'This user is being erased or has been erased (POST /api/user/{userId}/erase); it cannot be changed, invited or given recordings.',
  );

/** The 409 for a user whose erasure was requested; nothing for anyone else. */
export function refuseErased(state: Pick<ErasureState, 'erasureRequestedAt'> | undefined): void {
  if (state?.erasureRequestedAt) throw userErased();
}
