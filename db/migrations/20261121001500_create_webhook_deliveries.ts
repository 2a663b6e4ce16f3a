import type { Knex } from 'knex';
import { uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_deliveries', (table) => {
    uuid(table, 'id').primary();
    uuid(table, 'endpoint_id').notNullable().references('id').inTable('webhook_endpoints').onDelete('CASCADE');
    uuid(table, 'event_id').notNullable();
    table.string('event_type', 128).notNullable();
    table.integer('attempt').unsigned().notNullable();
    table.enum('outcome', ['delivered', 'failed']).notNullable();
    table.integer('status_code').nullable();
    table.text('error').nullable();
    table.integer('duration_ms').unsigned().notNullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    // One row per attempt: a retried activity that already recorded its attempt writes nothing twice.
    table.unique(['endpoint_id', 'event_id', 'attempt']);
    table.index(['endpoint_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_deliveries');
}
