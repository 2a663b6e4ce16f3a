import type { Knex } from 'knex';

// The CREDENTIAL_CACHE_TTL each API process runs with, recorded by the process (at start and hourly), so
// that a company's offboarding (on the worker) waits the longest cache any API process may still hold,
// whatever the worker's own setting. One row per value. Inlined column definitions (README, Conventions).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_credential_cache_ttls', (table) => {
    table.bigInteger('ttl_ms').unsigned().primary();
    table.specificType('recorded_at', 'DATETIME(3)').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_credential_cache_ttls');
}
