import { CURRENT_API_VERSION, isApiVersion, type ApiVersion } from '../../common/apiVersions';
import { randomUUID } from 'node:crypto';
import { hashMatches, issueSecret, prefixOf } from '../../common/secrets';
import { statement } from '../statement';
import { countOf, pageWithTotal, type Page, type PageRequest } from './pages';
import { CompanyClosedError, type CompanyRow } from './companies';
import { fromJson, type Db } from '../connection';
import { isScope, SCOPES, type Scope } from '../../common/scopes';

export const API_KEY_KIND = 'spk';
export const BEARER_TOKEN_KIND = 'spt';

/**
 * Inserts a credential row only while its company exists and is not being offboarded, in one statement:
 * INSERT … SELECT locks the company row it reads, so an offboarding that marks the company waits for it,
 * and the offboarding's revocation, which comes after the mark, catches a credential inserted just before.
 */
async function insertForActiveCompany(
  db: Db,
  table: 'api_keys' | 'bearer_tokens',
  companyId: string,
  row: Record<string, string | Date | null>,
): Promise<void> {
  const columns = Object.keys(row);
  const [result] = (await db.raw(
    `INSERT INTO ?? (company_id, ${columns.map(() => '??').join(', ')}) SELECT id, ${columns.map(() => '?').join(', ')} FROM companies WHERE id = ? AND offboarding_at IS NULL`,
    [table, ...columns, ...Object.values(row), companyId],
  )) as [{ affectedRows: number }];
  if (result.affectedRows !== 1) throw new CompanyClosedError(companyId, 'credentials');
}

/** Issues a key with `scopes` (default: every scope). */
export async function createApiKey(
  db: Db,
  companyId: string,
  name: string | null = null,
  scopes: readonly Scope[] = SCOPES,
  apiVersion: ApiVersion = CURRENT_API_VERSION,
): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  const secret = issueSecret(API_KEY_KIND);
  await insertForActiveCompany(db, 'api_keys', companyId, {
    id,
    prefix: secret.prefix,
    key_hash: secret.hash,
    name,
    scopes: JSON.stringify(SCOPES.filter((s) => scopes.includes(s))),
    api_version: apiVersion,
  });
  return { id, key: secret.value };
}

/** Revokes a key (any company's: the admin CLI) and the bearer tokens minted from it; false when unknown or already revoked. */
export async function revokeApiKey(db: Db, id: string): Promise<boolean> {
  return revokeKeyWhere(db, { id });
}

async function revokeKeyWhere(db: Db, where: { id: string; company_id?: string }): Promise<boolean> {
  return db.transaction(async (trx) => {
    const changed = await trx('api_keys')
      .where(where)
      .whereNull('revoked_at')
      .update({ revoked_at: trx.fn.now(3), updated_at: trx.fn.now(3) });
    if (changed === 0) return false;
    await trx('bearer_tokens')
      .where({ api_key_id: where.id })
      .whereNull('revoked_at')
      .update({ revoked_at: trx.fn.now(3), updated_at: trx.fn.now(3) });
    return true;
  });
}

/** A bearer token of the company, minted from `apiKeyId` (null: by the admin CLI, from no key). */
export async function createBearerToken(
  db: Db,
  companyId: string,
  ttlMs: number,
  apiKeyId: string | null = null,
  now: Date = new Date(),
): Promise<{ id: string; accessToken: string; expiresAt: Date }> {
  const id = randomUUID();
  const secret = issueSecret(BEARER_TOKEN_KIND);
  const expiresAt = new Date(now.getTime() + ttlMs);
  await insertForActiveCompany(db, 'bearer_tokens', companyId, {
    id,
    prefix: secret.prefix,
    token_hash: secret.hash,
    expires_at: expiresAt,
    api_key_id: apiKeyId,
  });
  return { id, accessToken: secret.value, expiresAt };
}

const companyColumns = {
  id: 'c.id',
  name: 'c.name',
  parentCompanyId: 'c.parent_company_id',
  createdAt: 'c.created_at',
  fairnessWeight: 'c.fairness_weight',
};

/** The company part of a credential row (the credential cache keeps it: a start reads the weight from it). */
const companyOf = (row: CompanyRow): CompanyRow => ({
  id: row.id,
  name: row.name,
  parentCompanyId: row.parentCompanyId,
  createdAt: row.createdAt,
  fairnessWeight: row.fairnessWeight,
});

type CredentialRow = CompanyRow & { hash: string; revokedAt: Date | null };
type ApiKeyCredentialRow = CredentialRow & {
  keyId: string;
  scopes: unknown;
  lastUsedAt: Date | null;
  apiVersion: string;
};

/** The company of an API key, with the key's id, scopes and pinned API version. */
export interface ApiKeyHolder {
  company: CompanyRow;
  keyId: string;
  scopes: Scope[];
  lastUsedAt: Date | null;
  apiVersion: ApiVersion;
}

// Run by every authenticated request: built once (see db/statement.ts).
const apiKeyByPrefix = statement<{ prefix: string }>(['prefix'], (q, { prefix }) =>
  q('api_keys as k')
    .join('companies as c', 'c.id', 'k.company_id')
    .select({
      ...companyColumns,
      hash: 'k.key_hash',
      revokedAt: 'k.revoked_at',
      keyId: 'k.id',
      scopes: 'k.scopes',
      lastUsedAt: 'k.last_used_at',
      apiVersion: 'k.api_version',
    })
    .where('k.prefix', prefix)
    // A company being offboarded: none of its credentials opens a request any more.
    .whereNull('c.offboarding_at')
    .first(),
);
// A token minted from a key lives only as long as the key: its key's revocation ends it too (also
// one revoked by `admin apikey:revoke` on a database the token rows were not updated in).
const bearerTokenByPrefix = statement<{ prefix: string }>(['prefix'], (q, { prefix }) =>
  q('bearer_tokens as t')
    .join('companies as c', 'c.id', 't.company_id')
    .leftJoin('api_keys as k', 'k.id', 't.api_key_id')
    .select({
      ...companyColumns,
      hash: 't.token_hash',
      revokedAt: 't.revoked_at',
      expiresAt: 't.expires_at',
      tokenId: 't.id',
      apiKeyId: 't.api_key_id',
      keyRevokedAt: 'k.revoked_at',
      keyApiVersion: 'k.api_version',
    })
    .where('t.prefix', prefix)
    .whereNull('c.offboarding_at')
    .first(),
);

/** The company an active API key belongs to (with the key's scopes), or undefined for an unknown, malformed or revoked key. */
export async function holderOfApiKey(db: Db, key: string): Promise<ApiKeyHolder | undefined> {
  const prefix = prefixOf(key, API_KEY_KIND);
  if (!prefix) return undefined;
  const row = await apiKeyByPrefix.first<ApiKeyCredentialRow>(db, { prefix });
  if (!row || row.revokedAt !== null || !hashMatches(key, row.hash)) return undefined;
  return {
    company: companyOf(row),
    keyId: row.keyId,
    scopes: fromJson<string[]>(row.scopes).filter(isScope),
    lastUsedAt: row.lastUsedAt,
    apiVersion: pinnedVersion(row.apiVersion),
  };
}

/** A stored version the code no longer knows (a newer release's, after a rollback) answers as the current one. */
const pinnedVersion = (stored: string | null): ApiVersion =>
  stored !== null && isApiVersion(stored) ? stored : CURRENT_API_VERSION;

/** The company an active API key belongs to, or undefined for an unknown, malformed or revoked key. */
export async function companyForApiKey(db: Db, key: string): Promise<CompanyRow | undefined> {
  return (await holderOfApiKey(db, key))?.company;
}

/** Marks the key used now. */
export async function touchApiKey(db: Db, id: string): Promise<void> {
  await db('api_keys')
    .where({ id })
    .update({ last_used_at: db.fn.now(3) });
}

/** The company of a bearer token, the token's id and the key it was minted from (null: minted by the admin CLI). */
export interface BearerTokenHolder {
  company: CompanyRow;
  tokenId: string;
  apiKeyId: string | null;
  /** The version of the key it was minted from (the current one for a token the admin CLI minted). */
  apiVersion: ApiVersion;
}

type BearerCredentialRow = CredentialRow & {
  expiresAt: Date;
  tokenId: string;
  apiKeyId: string | null;
  keyRevokedAt: Date | null;
  keyApiVersion: string | null;
};

/** The holder of an unexpired (at `now`), unrevoked bearer token whose key (if any) is not revoked either. */
export async function holderOfBearerToken(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<BearerTokenHolder | undefined> {
  const prefix = prefixOf(token, BEARER_TOKEN_KIND);
  if (!prefix) return undefined;
  const row = await bearerTokenByPrefix.first<BearerCredentialRow>(db, { prefix });
  if (!row || row.revokedAt !== null || row.keyRevokedAt !== null || !hashMatches(token, row.hash)) return undefined;
  if (row.expiresAt.getTime() <= now.getTime()) return undefined;
  return {
    company: companyOf(row),
    tokenId: row.tokenId,
    apiKeyId: row.apiKeyId,
    apiVersion: pinnedVersion(row.keyApiVersion),
  };
}

/** The company of an unexpired (at `now`), unrevoked bearer token. */
export async function companyForBearerToken(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<CompanyRow | undefined> {
  return (await holderOfBearerToken(db, token, now))?.company;
}

export async function revokeBearerToken(db: Db, id: string): Promise<boolean> {
  const changed = await db('bearer_tokens')
    .where({ id })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now(3), updated_at: db.fn.now(3) });
  return changed > 0;
}

export interface ApiKeyRow {
  id: string;
  name: string | null;
  prefix: string;
  scopes: Scope[];
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  apiVersion: string;
}

const apiKeyColumns = {
  id: 'id',
  name: 'name',
  prefix: 'prefix',
  scopes: 'scopes',
  apiVersion: 'api_version',
  lastUsedAt: 'last_used_at',
  revokedAt: 'revoked_at',
  createdAt: 'created_at',
};
const toApiKey = (r: Omit<ApiKeyRow, 'scopes'> & { scopes: unknown }): ApiKeyRow => ({
  ...r,
  scopes: fromJson<string[]>(r.scopes).filter(isScope),
});

/** The company's keys (revoked ones too), newest first. */
export async function listApiKeys(db: Db, companyId: string, page: PageRequest): Promise<Page<ApiKeyRow>> {
  const { rows, total } = await pageWithTotal<Omit<ApiKeyRow, 'scopes'> & { scopes: unknown }>(
    db('api_keys')
      .select(apiKeyColumns)
      .where({ company_id: companyId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    countOf(db('api_keys').where({ company_id: companyId })),
    page,
  );
  return { rows: rows.map(toApiKey), total };
}

export async function getApiKey(db: Db, companyId: string, id: string): Promise<ApiKeyRow | undefined> {
  const row = (await db('api_keys').select(apiKeyColumns).where({ company_id: companyId, id }).first()) as
    (Omit<ApiKeyRow, 'scopes'> & { scopes: unknown }) | undefined;
  return row && toApiKey(row);
}

/** Pins the company's key to another API version; false when the key is not the company's. */
export async function setApiKeyVersion(
  db: Db,
  companyId: string,
  id: string,
  apiVersion: ApiVersion,
): Promise<boolean> {
  const changed = await db('api_keys').where({ company_id: companyId, id }).update({ api_version: apiVersion });
  return changed > 0;
}

/** Revokes the company's key and the bearer tokens minted from it; false when unknown or already revoked. */
export async function revokeCompanyApiKey(db: Db, companyId: string, id: string): Promise<boolean> {
  return revokeKeyWhere(db, { id, company_id: companyId });
}
