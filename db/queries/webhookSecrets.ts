import type { Db } from '../connection';

// The sealed secrets of webhook endpoints, for re-sealing them under the current key (admin CLI).

export interface SealedSecretRow {
  id: string;
  secret: string;
  previousSecret: string | null;
}

/** Up to `limit` endpoints after `afterId` (by id), of one company when given. */
export async function sealedSecretsAfter(
  db: Db,
  afterId: string,
  limit: number,
  companyId?: string,
): Promise<SealedSecretRow[]> {
  const q = db('webhook_endpoints')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .select({ id: 'id', secret: 'secret', previousSecret: 'previous_secret' });
  if (companyId !== undefined) q.andWhere({ company_id: companyId });
  return (await q) as SealedSecretRow[];
}

/**
 * Replaces the sealed values, only while they are still the ones read (a rotation in between wins);
 * true when the row changed.
 */
export async function replaceSealedSecrets(
  db: Db,
  was: SealedSecretRow,
  now: Omit<SealedSecretRow, 'id'>,
): Promise<boolean> {
  const q = db('webhook_endpoints').where({ id: was.id, secret: was.secret });
  if (was.previousSecret === null) q.whereNull('previous_secret');
  else q.andWhere({ previous_secret: was.previousSecret });
  return (await q.update({ secret: now.secret, previous_secret: now.previousSecret })) > 0;
}
