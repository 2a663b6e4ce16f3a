import { LRUCache } from 'lru-cache';
import { sha256Hex } from '../common/secrets';
import type { ApiKeyHolder } from '../db/queries/credentials';

// API keys that opened a request, kept for CREDENTIAL_CACHE_TTL: without it every authenticated request
// reads its key's row first, half the database work of a single-row read. Only keys that were valid are
// kept, under the key's SHA-256 (never the key). Revoking a key through the API forgets every kept key in
// that process at once; a revocation elsewhere (another API process, `admin apikey:revoke`) is honoured
// by this process within the TTL.

export interface CredentialCache {
  /** The key's holder: kept, or loaded by `load` (and kept when the key is valid). */
  apiKeyHolder(key: string, load: () => Promise<ApiKeyHolder | undefined>): Promise<ApiKeyHolder | undefined>;
  /** After a revocation: the next request of every key reads its row again. */
  forgetAll(): void;
}

/** Keys kept at most: a busy deployment has tens to hundreds of active keys. */
const MAX_KEYS = 10_000;

export function createCredentialCache(ttlMs: number): CredentialCache {
  if (ttlMs <= 0) return { apiKeyHolder: (_key, load) => load(), forgetAll: () => undefined };
  const kept = new LRUCache<string, ApiKeyHolder>({ max: MAX_KEYS, ttl: ttlMs });
  // A load that started before a revocation may read the row as it was: it must not be kept.
  let generation = 0;
  return {
    async apiKeyHolder(key, load) {
      const id = sha256Hex(key);
      const hit = kept.get(id);
      if (hit) return hit;
      const startedIn = generation;
      const holder = await load();
      if (holder && startedIn === generation) kept.set(id, holder);
      return holder;
    },
    forgetAll() {
      generation += 1;
      kept.clear();
    },
  };
}
