import type { Knex } from 'knex';

// Counts the sessions stored before session_counts existed. Self-contained SQL on purpose: a migration
// must keep doing what it did when the query modules change.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    INSERT INTO session_counts (company_id, scope, scope_id, sessions)
    SELECT company_id, 'company', company_id, COUNT(*) FROM roleplay_sessions GROUP BY company_id
    UNION ALL
    SELECT company_id, 'user', user_id, COUNT(*) FROM roleplay_sessions GROUP BY company_id, user_id
    UNION ALL
    SELECT company_id, 'roleplay', roleplay_id, COUNT(*) FROM roleplay_sessions GROUP BY company_id, roleplay_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('session_counts').delete();
}
