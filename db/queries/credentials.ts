import { randomUUID } from 'node:crypto';
import { hashMatches, issueSecret, prefixOf } from '../../common/secrets';
import { statement } from '../statement';
import type { CompanyRow } from './companies';
import type { Db } from '../connection';

export const API_KEY_KIND = 'spk';
export const BEARER_TOKEN_KIND = 'spt';

export async function createApiKey(db: Db, companyId: string, name: string | null = null): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  const secret = issueSecret(API_KEY_KIND);
  await db('api_keys').insert({ id, company_id: companyId, prefix: secret.prefix, key_hash: secret.hash, name });
  return { id, key: secret.value };
}

export async function revokeApiKey(db: Db, id: string): Promise<boolean> {
  const changed = await db('api_keys').where({ id }).whereNull('revoked_at').update({ revoked_at: db.fn.now(3), updated_at: db.fn.now(3) });
  return changed > 0;
}

export async function createBearerToken(
  db: Db,
  companyId: string,
  ttlMs: number,
): Promise<{ id: string; accessToken: string; expiresAt: Date }> {
  const id = randomUUID();
  const secret = issueSecret(BEARER_TOKEN_KIND);
  const expiresAt = new Date(Date.now() + ttlMs);
  await db('bearer_tokens').insert({ id, company_id: companyId, prefix: secret.prefix, token_hash: secret.hash, expires_at: expiresAt });
  return { id, accessToken: secret.value, expiresAt };
}

const companyColumns = { id: 'c.id', name: 'c.name', parentCompanyId: 'c.parent_company_id', createdAt: 'c.created_at' };

type CredentialRow = CompanyRow & { hash: string; revokedAt: Date | null };

// Run by every authenticated request: built once (see db/statement.ts).
const apiKeyByPrefix = statement<{ prefix: string }>(['prefix'], (q, { prefix }) =>
  q('api_keys as k').join('companies as c', 'c.id', 'k.company_id').select({ ...companyColumns, hash: 'k.key_hash', revokedAt: 'k.revoked_at' }).where('k.prefix', prefix).first(),
);
const bearerTokenByPrefix = statement<{ prefix: string }>(['prefix'], (q, { prefix }) =>
  q('bearer_tokens as t')
    .join('companies as c', 'c.id', 't.company_id')
    .select({ ...companyColumns, hash: 't.token_hash', revokedAt: 't.revoked_at', expiresAt: 't.expires_at' })
    .where('t.prefix', prefix)
    .first(),
);

/** The company an active API key belongs to, or undefined for an unknown, malformed or revoked key. */
export async function companyForApiKey(db: Db, key: string): Promise<CompanyRow | undefined> {
  const prefix = prefixOf(key, API_KEY_KIND);
  if (!prefix) return undefined;
  const row = await apiKeyByPrefix.first<CredentialRow>(db, { prefix });
  if (!row || row.revokedAt !== null || !hashMatches(key, row.hash)) return undefined;
  return { id: row.id, name: row.name, parentCompanyId: row.parentCompanyId, createdAt: row.createdAt };
}

/** The company of an unexpired, unrevoked bearer token. */
export async function companyForBearerToken(db: Db, token: string): Promise<CompanyRow | undefined> {
  const prefix = prefixOf(token, BEARER_TOKEN_KIND);
  if (!prefix) return undefined;
  const row = await bearerTokenByPrefix.first<CredentialRow & { expiresAt: Date }>(db, { prefix });
  if (!row || row.revokedAt !== null || !hashMatches(token, row.hash)) return undefined;
  if (row.expiresAt.getTime() <= Date.now()) return undefined;
  return { id: row.id, name: row.name, parentCompanyId: row.parentCompanyId, createdAt: row.createdAt };
}

export async function revokeBearerToken(db: Db, id: string): Promise<boolean> {
  const changed = await db('bearer_tokens').where({ id }).whereNull('revoked_at').update({ revoked_at: db.fn.now(3), updated_at: db.fn.now(3) });
  return changed > 0;
}
