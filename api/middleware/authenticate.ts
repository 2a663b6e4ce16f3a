import { nowOn } from '../../common/clock';
import { CURRENT_API_VERSION, type ApiVersion } from '../../common/apiVersions';
import type { Context } from 'koa';
import { SCOPES, type Scope } from '../../common/scopes';
import { holderOfApiKey, holderOfBearerToken, touchApiKey } from '../../db/queries/credentials';
import type { AppDeps } from '../deps';
import { unauthorized } from '../errors';
import type { AuthScheme, CallerCompany } from '../operation';

export interface Caller {
  company: CallerCompany | null;
  /**
   * The credential that acts, null when none does: `key:<api key id>`, also for a bearer token minted
   * from that key (`token:<id>` for one the admin CLI minted). It owns the request's stored idempotent
   * answers and spends its rate-limit budget (besides the company's).
   */
  credentialId: string | null;
  /** What the credential may do: an API key's scopes; every scope for a bearer token (it opens only analytics). */
  scopes: readonly Scope[];
  /** The API key used, when one was. */
  apiKeyId: string | null;
  /** The API version the credential is pinned to (its key's; the current one without a credential). */
  apiVersion: ApiVersion;
}

const ANONYMOUS: Caller = {
  company: null,
  credentialId: null,
  scopes: [],
  apiKeyId: null,
  apiVersion: CURRENT_API_VERSION,
};

/** lastUsedAt is kept to the minute: one write a minute per busy key rather than one per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Resolves the caller's company from the credential the operation requires (spec section 5). */
export async function authenticate(ctx: Context, scheme: AuthScheme, deps: AppDeps): Promise<Caller> {
  if (scheme === 'none') return ANONYMOUS;
  if (scheme === 'apiKey') {
    const key = ctx.get('x-api-key');
    if (!key) throw unauthorized('missing_credentials', 'This endpoint needs an API key in the x-api-key header.');
    const load = () => holderOfApiKey(deps.db, key);
    const holder = deps.credentialCache ? await deps.credentialCache.apiKeyHolder(key, load) : await load();
    if (!holder) throw unauthorized('invalid_credentials', 'The API key is not valid or has been revoked.');
    const { company } = holder;
    if (holder.lastUsedAt === null || Date.now() - holder.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      await touchApiKey(deps.db, holder.keyId);
      // A kept holder is the next request's: it must not touch the row again within the minute.
      holder.lastUsedAt = new Date();
    }
    return {
      company: {
        id: company.id,
        name: company.name,
        parentCompanyId: company.parentCompanyId,
        fairnessWeight: company.fairnessWeight,
      },
      credentialId: `key:${holder.keyId}`,
      scopes: holder.scopes,
      apiKeyId: holder.keyId,
      apiVersion: holder.apiVersion,
    };
  }
  const header = ctx.get('authorization');
  if (!header)
    throw unauthorized('missing_credentials', 'This endpoint needs an Authorization: Bearer <token> header.');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const token = match ? await holderOfBearerToken(deps.db, match[1], nowOn(deps)) : undefined;
  if (!token)
    throw unauthorized('invalid_credentials', 'The bearer token is not valid, has expired or has been revoked.');
  const { company } = token;
  return {
    company: {
      id: company.id,
      name: company.name,
      parentCompanyId: company.parentCompanyId,
      fairnessWeight: company.fairnessWeight,
    },
    // Tokens are cheap to mint: a token acts as the key it came from, so minting more adds no budget.
    credentialId: token.apiKeyId ? `key:${token.apiKeyId}` : `token:${token.tokenId}`,
    scopes: SCOPES,
    apiKeyId: null,
    apiVersion: token.apiVersion,
  };
}
