import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('memorization_scripts', (table) => {
    table.specificType('id', UUID).primary();
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    table.string('title', 255).notNullable();
    table.double('passing_score').notNullable();
    table.integer('num_levels').unsigned().notNullable();
    table.text('user_instructions').notNullable();
    table.string('cover_image_url', 2048).nullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.index(['company_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('memorization_scripts');
}
