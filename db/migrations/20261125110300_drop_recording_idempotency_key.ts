import type { Knex } from 'knex';

// Recording submission keeps its Idempotency-Key in idempotency_keys like every other POST
// (api/idempotency.ts); the per-recording column and its unique index go. Nothing reads them any more.
// `down` brings the column back empty (the keys themselves live in idempotency_keys from now on).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.dropUnique(['company_id', 'idempotency_key']);
  });
  await knex.schema.alterTable('recordings', (table) => {
    table.dropColumn('idempotency_key');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.string('idempotency_key', 255).nullable().after('roleplay_id');
    table.unique(['company_id', 'idempotency_key']);
  });
}
