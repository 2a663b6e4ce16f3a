import { CURRENT_API_VERSION, type ApiVersion } from '../../common/apiVersions';
import type { Scope } from '../../common/scopes';
import { withinCompanyCeiling } from '../../db/queries/companyCeilings';
import { createApiKey, getApiKey, revokeCompanyApiKey, type ApiKeyRow } from '../../db/queries/credentials';
import type { AppDeps } from '../deps';
import { conflict, insufficientScope, notFound } from '../errors';

// Issuing and revoking a company's API keys: the scope rules (a key grants or revokes only scopes it holds
// itself), the company's ceiling of active keys, and each write with its reads in one transaction.

export interface Caller {
  scopes: readonly Scope[];
}

/** A new key with `scopes` (default: the caller's); the row as stored and the key, shown only now. */
export async function issueApiKey(
  deps: Pick<AppDeps, 'db' | 'config'>,
  companyId: string,
  caller: Caller,
  request: { name?: string | null; scopes?: Scope[]; apiVersion?: ApiVersion } | undefined,
): Promise<{ row: ApiKeyRow; key: string }> {
  const scopes = request?.scopes ?? [...caller.scopes];
  const ungrantable = scopes.find((s) => !caller.scopes.includes(s));
  if (ungrantable) throw insufficientScope(ungrantable);
  const limit = deps.config.API_KEYS_PER_COMPANY;
  return withinCompanyCeiling(
    deps.db,
    companyId,
    'apiKeys',
    (active) => {
      if (active >= limit)
        throw conflict(
          'limit_reached',
          `The company already has ${limit} active API keys, the most it may hold (API_KEYS_PER_COMPANY). Revoke one it no longer uses first.`,
        );
    },
    async (trx) => {
      const { id, key } = await createApiKey(
        trx,
        companyId,
        request?.name ?? null,
        scopes,
        request?.apiVersion ?? CURRENT_API_VERSION,
      );
      const row = await getApiKey(trx, companyId, id);
      if (!row) throw notFound('API key');
      return { row, key };
    },
  );
}

/**
 * Revokes the company's key `id` and the bearer tokens minted from it, unless it holds a scope the caller
 * does not; an unknown or already revoked key is a 404. Every API process's credential cache is told after
 * the commit (this one's at once; the others' entries expire within CREDENTIAL_CACHE_TTL).
 */
export async function revokeApiKey(
  deps: Pick<AppDeps, 'db' | 'credentialCache'>,
  companyId: string,
  caller: Caller,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const target = await getApiKey(trx, companyId, id);
    if (!target || target.revokedAt !== null) throw notFound('API key');
    const beyond = target.scopes.find((s) => !caller.scopes.includes(s));
    if (beyond) throw insufficientScope(beyond);
    if (!(await revokeCompanyApiKey(trx, companyId, id))) throw notFound('API key');
  });
  deps.credentialCache?.forgetAll();
}
