import type { Knex } from 'knex';
import { companyRef, timestamps, uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bearer_tokens', (table) => {
    uuid(table, 'id').primary();
    companyRef(table);
    table.string('prefix', 32).notNullable().unique();
    table.string('token_hash', 64).notNullable();
    table.datetime('expires_at', { precision: 3 }).notNullable();
    table.datetime('revoked_at', { precision: 3 }).nullable();
    timestamps(knex, table);
    table.index(['company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bearer_tokens');
}
