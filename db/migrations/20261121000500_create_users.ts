import type { Knex } from 'knex';
import { companyRef, timestamps, uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    uuid(table, 'id').primary();
    companyRef(table);
    uuid(table, 'team_id').nullable().references('id').inTable('teams').onDelete('SET NULL');
    table.string('email', 320).notNullable();
    table.string('first_name', 255).notNullable();
    table.string('last_name', 255).nullable();
    table.enum('role', ['Rep', 'Manager', 'Integration']).notNullable();
    table.enum('status', ['active', 'disabled']).notNullable().defaultTo('active');
    table.string('external_id', 255).nullable();
    table.datetime('last_logged_in_at', { precision: 3 }).nullable();
    timestamps(knex, table);
    table.unique(['company_id', 'email']);
    table.unique(['company_id', 'external_id']);
    table.index(['company_id', 'created_at', 'id']);
    table.index(['company_id', 'status', 'role']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
