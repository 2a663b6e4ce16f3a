import type { Knex } from 'knex';

// A bearer token records the API key it was exchanged for: revoking the key ends its tokens, and the
// token acts as that key for stored idempotent answers and rate limits. Tokens minted before this
// migration have none (they expire within BEARER_TOKEN_TTL). Inlined column definitions on purpose
// (docs/architecture.md, Conventions).
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bearer_tokens', (table) => {
    table.specificType('api_key_id', UUID).nullable().references('id').inTable('api_keys').onDelete('CASCADE');
    table.index(['api_key_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bearer_tokens', (table) => {
    table.dropForeign(['api_key_id']);
    table.dropIndex(['api_key_id']);
    table.dropColumn('api_key_id');
  });
}
