import type { Knex } from 'knex';
import { companyRef, timestamps, uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (table) => {
    uuid(table, 'id').primary();
    companyRef(table);
    table.string('url', 2048).notNullable();
    table.string('description', 1024).nullable();
    table.json('events').notNullable();
    // Kept readable because every delivery is signed with it (HMAC needs the secret itself).
    table.string('secret', 128).notNullable();
    table.boolean('enabled').notNullable().defaultTo(true);
    table.string('disabled_reason', 255).nullable();
    timestamps(knex, table);
    table.index(['company_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_endpoints');
}
