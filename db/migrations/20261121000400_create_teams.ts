import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('teams', (table) => {
    table.specificType('id', UUID).primary();
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    table.string('name', 255).notNullable();
    table.enum('type', ['standard', 'integration']).notNullable().defaultTo('standard');
    // 1 for the Integration team, NULL otherwise: the unique key allows one Integration team per company
    // while NULLs never collide.
    table.tinyint('integration_marker').nullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.unique(['company_id', 'integration_marker']);
    table.index(['company_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('teams');
}
