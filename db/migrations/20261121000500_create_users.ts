import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    table.specificType('id', UUID).primary();
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    table.specificType('team_id', UUID).nullable().references('id').inTable('teams').onDelete('SET NULL');
    table.string('email', 320).notNullable();
    table.string('first_name', 255).notNullable();
    table.string('last_name', 255).nullable();
    table.enum('role', ['Rep', 'Manager', 'Integration']).notNullable();
    table.enum('status', ['active', 'disabled']).notNullable().defaultTo('active');
    table.string('external_id', 255).nullable();
    table.datetime('last_logged_in_at', { precision: 3 }).nullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.unique(['company_id', 'email']);
    table.unique(['company_id', 'external_id']);
    table.index(['company_id', 'created_at', 'id']);
    table.index(['company_id', 'status', 'role']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
