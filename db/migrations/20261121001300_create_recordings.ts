import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recordings', (table) => {
    table.specificType('id', UUID).primary();
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    table.specificType('user_id', UUID).nullable().references('id').inTable('users').onDelete('SET NULL');
    table.string('user_unique_identifier', 255).notNullable();
    table.string('user_name', 255).notNullable();
    table.text('source_url').notNullable();
    table.boolean('store_recording').notNullable();
    table.specificType('roleplay_id', UUID).nullable().references('id').inTable('roleplays').onDelete('SET NULL');
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
    table.specificType('session_id', UUID).nullable();
    table.string('workflow_id', 255).notNullable();
    table.datetime('completed_at', { precision: 3 }).nullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.unique(['company_id', 'idempotency_key']);
    table.index(['company_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('recordings');
}
