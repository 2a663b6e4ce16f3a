import type { Knex } from 'knex';
import { companyRef, timestamps, uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('teams', (table) => {
    uuid(table, 'id').primary();
    companyRef(table);
    table.string('name', 255).notNullable();
    table.enum('type', ['standard', 'integration']).notNullable().defaultTo('standard');
    // 1 for the Integration team, NULL otherwise: the unique key allows one Integration team per company
    // while NULLs never collide.
    table.tinyint('integration_marker').nullable();
    timestamps(knex, table);
    table.unique(['company_id', 'integration_marker']);
    table.index(['company_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('teams');
}
