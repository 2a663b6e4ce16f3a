import type { Knex } from 'knex';

// API versions (issue 34 §6): each webhook endpoint is pinned to the API version that was current when it
// was created (changeable through PATCH /api/webhook-endpoints/{id}); its deliveries are rendered in that
// version and name it. Endpoints that exist now get 2026-11-23, the version they have been sent in.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_endpoints', (table) => {
    table.string('api_version', 10).notNullable().defaultTo('2026-11-23');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_endpoints', (table) => {
    table.dropColumn('api_version');
  });
}
