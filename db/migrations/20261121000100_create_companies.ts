import type { Knex } from 'knex';
import { timestamps } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('companies', (table) => {
    table.uuid('id').primary();
    table.string('name', 255).notNullable();
    table.uuid('parent_company_id').nullable().references('id').inTable('companies').onDelete('RESTRICT');
    timestamps(knex, table);
    table.index(['parent_company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('companies');
}
