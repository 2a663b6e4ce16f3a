import type { Knex } from 'knex';

// The id of what a kept Idempotency-Key answer describes (an invitation, a recording, a user): the
// answers are sealed with the client's key and cannot be read here, so this is how a person's erasure
// finds the answers that name them and deletes them. NULL for answers about no one in particular.
// Inlined on purpose (README, Conventions).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('idempotency_keys', (table) => {
    table.specificType('subject_id', 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci').nullable();
    table.index(['company_id', 'subject_id'], 'idempotency_keys_subject');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('idempotency_keys', (table) => {
    table.dropIndex(['company_id', 'subject_id'], 'idempotency_keys_subject');
    table.dropColumn('subject_id');
  });
}
