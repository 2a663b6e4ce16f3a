import type { Knex } from 'knex';

// API versions (issue 34 §6): each API key is pinned to the API version that was current when it was
// created (changeable through PATCH /api/api-keys/{id}). Keys that exist now get 2026-11-23, the version
// they have been answered in since the Train/Interview change: nothing changes for them.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_keys', (table) => {
    table.string('api_version', 10).notNullable().defaultTo('2026-11-23');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_keys', (table) => {
    table.dropColumn('api_version');
  });
}
