import type { Knex } from 'knex';
import { companyRef, timestamps, uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_keys', (table) => {
    uuid(table, 'id').primary();
    companyRef(table);
    // The visible prefix finds the row; only the SHA-256 of the whole key is stored.
    table.string('prefix', 32).notNullable().unique();
    table.string('key_hash', 64).notNullable();
    table.string('name', 255).nullable();
    table.datetime('last_used_at', { precision: 3 }).nullable();
    table.datetime('revoked_at', { precision: 3 }).nullable();
    timestamps(knex, table);
    table.index(['company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_keys');
}
