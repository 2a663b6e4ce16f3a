import type { Knex } from 'knex';
import { companyRef, timestamps, uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recordings', (table) => {
    uuid(table, 'id').primary();
    companyRef(table);
    uuid(table, 'user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    table.string('user_unique_identifier', 255).notNullable();
    table.string('user_name', 255).notNullable();
    table.text('source_url').notNullable();
    table.boolean('store_recording').notNullable();
    uuid(table, 'roleplay_id').nullable().references('id').inTable('roleplays').onDelete('SET NULL');
    table.string('idempotency_key', 255).nullable();
    table
      .enum('status', ['accepted', 'fetching', 'transcribing', 'analyzing', 'completed', 'failed'])
      .notNullable()
      .defaultTo('accepted');
    table.text('failure_reason').nullable();
    table.string('storage_key', 512).nullable();
    table.string('content_type', 255).nullable();
    table.bigInteger('size_bytes').unsigned().nullable();
    table.json('transcript').nullable();
    table.json('result').nullable();
    uuid(table, 'session_id').nullable();
    table.string('workflow_id', 255).notNullable();
    table.datetime('completed_at', { precision: 3 }).nullable();
    timestamps(knex, table);
    table.unique(['company_id', 'idempotency_key']);
    table.index(['company_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('recordings');
}
