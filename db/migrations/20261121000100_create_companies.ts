import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('companies', (table) => {
    table.specificType('id', UUID).primary();
    table.string('name', 255).notNullable();
    table.specificType('parent_company_id', UUID).nullable().references('id').inTable('companies').onDelete('RESTRICT');
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.index(['parent_company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('companies');
}
