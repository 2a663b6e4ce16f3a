import type { Knex } from 'knex';

// API keys carry scopes from now on. Keys issued before keep every scope there is today (listed here,
// not imported: a migration does what it did when it landed).
const EVERY_SCOPE = [
  'roleplays:read',
  'roleplays:write',
  'sessions:read',
  'scripts:read',
  'scripts:write',
  'users:read',
  'users:write',
  'recordings:read',
  'recordings:write',
  'webhooks:manage',
  'analytics:read',
  'keys:manage',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_keys', (table) => {
    table.json('scopes').nullable();
  });
  await knex('api_keys').update({ scopes: JSON.stringify(EVERY_SCOPE) });
  await knex.schema.alterTable('api_keys', (table) => {
    table.json('scopes').notNullable().alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_keys', (table) => {
    table.dropColumn('scopes');
  });
}
