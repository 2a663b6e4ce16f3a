import type { Knex } from 'knex';

// The events sent to webhook endpoints, as sent, so that one can be redelivered with its own id and
// payload. Inlined column definitions on purpose (README, Conventions).
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_events', (table) => {
    table.specificType('id', UUID).primary();
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    table.string('type', 128).notNullable();
    table.json('payload').notNullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.index(['company_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_events');
}
