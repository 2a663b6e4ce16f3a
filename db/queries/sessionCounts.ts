import type { Knex } from 'knex';
import type { Db } from '../connection';

// session_counts: how many sessions a company has, in all and per user and per roleplay, so that a
// session list's pagination.total is one row instead of a COUNT(*) over the company's sessions.

export type CountScope = 'company' | 'user' | 'roleplay';

/** Counts a new session; call it in the transaction that stores the session (insertSession does). */
export async function countNewSession(
  trx: Knex.Transaction,
  s: { companyId: string; userId: string; roleplayId: string },
): Promise<void> {
  const scopes: Array<[CountScope, string]> = [
    ['company', s.companyId],
    ['user', s.userId],
    ['roleplay', s.roleplayId],
  ];
  await trx('session_counts')
    .insert(scopes.map(([scope, scopeId]) => ({ company_id: s.companyId, scope, scope_id: scopeId, sessions: 1 })))
    .onConflict(['company_id', 'scope', 'scope_id'])
    .merge({ sessions: trx.raw('?? + 1', ['sessions']) });
}

/** The company's sessions in a scope (scope id: the company's own id, a user's or a roleplay's). */
export async function countedSessions(db: Db, companyId: string, scope: CountScope, scopeId: string): Promise<number> {
  const row = (await db('session_counts')
    .where({ company_id: companyId, scope, scope_id: scopeId })
    .first('sessions')) as { sessions: number } | undefined;
  return row?.sessions ?? 0;
}

/**
 * Recounts a company's session_counts from its sessions. insertSession keeps them; anything that writes
 * roleplay_sessions another way (bulk imports, the benchmark's seed) calls this afterwards.
 */
export async function recountSessions(db: Db, companyId: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('session_counts').where({ company_id: companyId }).delete();
    await trx.raw(
      `INSERT INTO session_counts (company_id, scope, scope_id, sessions)
       SELECT company_id, 'company', company_id, COUNT(*) FROM roleplay_sessions WHERE company_id = ? GROUP BY company_id
       UNION ALL SELECT company_id, 'user', user_id, COUNT(*) FROM roleplay_sessions WHERE company_id = ? GROUP BY user_id
       UNION ALL SELECT company_id, 'roleplay', roleplay_id, COUNT(*) FROM roleplay_sessions WHERE company_id = ? GROUP BY roleplay_id`,
      [companyId, companyId, companyId],
    );
  });
}
