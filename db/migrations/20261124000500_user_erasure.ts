import type { Knex } from 'knex';

// Erasure of a person (POST /api/user/{userId}/erase): when it was asked for (from then on the user
// cannot be updated, invited again or given recordings) and when it finished (the user row is then a
// tombstone). Inlined column definitions on purpose (README, Conventions).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.specificType('erasure_requested_at', 'DATETIME(3)').nullable();
    table.specificType('erased_at', 'DATETIME(3)').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('erased_at');
    table.dropColumn('erasure_requested_at');
  });
}
