import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_deliveries', (table) => {
    table.specificType('id', UUID).primary();
    table.specificType('endpoint_id', UUID).notNullable().references('id').inTable('webhook_endpoints').onDelete('CASCADE');
    table.specificType('event_id', UUID).notNullable();
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
