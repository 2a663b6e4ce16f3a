import type { Db } from '../connection';

// The API processes' credential cache lifetimes, for the offboarding's drain (docs/security.md).

/** An API process records the CREDENTIAL_CACHE_TTL it runs with (again and again: `recorded_at` says it still does). */
export async function recordCredentialCacheTtl(db: Db, ttlMs: number, now: Date): Promise<void> {
  await db('api_credential_cache_ttls')
    .insert({ ttl_ms: ttlMs, recorded_at: now })
    .onConflict('ttl_ms')
    .merge({ recorded_at: now });
}

/** The longest cache an API process recorded since `since` (0 when none did). */
export async function longestCredentialCacheTtl(db: Db, since: Date): Promise<number> {
  const [row] = (await db('api_credential_cache_ttls')
    .where('recorded_at', '>=', since)
    .max({ ms: 'ttl_ms' })) as Array<{ ms: number | string | null }>;
  return Number(row?.ms ?? 0);
}
