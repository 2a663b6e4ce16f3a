import type { Knex } from 'knex';

// A stored idempotent answer belongs to the credential that earned it: `credential_id` names it
// (`key:<api key id>`; a bearer token acts as its key). Records made before this migration have none
// and are never replayed to anyone (they expire within IDEMPOTENCY_KEY_TTL). Inlined on purpose.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('idempotency_keys', (table) => {
    table.specificType('credential_id', 'VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('idempotency_keys', (table) => {
    table.dropColumn('credential_id');
  });
}
