import type { Knex } from 'knex';
import { timestamps, uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('companies', (table) => {
    uuid(table, 'id').primary();
    table.string('name', 255).notNullable();
    uuid(table, 'parent_company_id').nullable().references('id').inTable('companies').onDelete('RESTRICT');
    timestamps(knex, table);
    table.index(['parent_company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('companies');
}
