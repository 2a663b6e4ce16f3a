import type { Knex } from 'knex';
import { uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('script_segments', (table) => {
    uuid(table, 'script_id').notNullable().references('id').inTable('memorization_scripts').onDelete('CASCADE');
    table.integer('order').notNullable();
    table.text('og_text').notNullable();
    table.primary(['script_id', 'order']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('script_segments');
}
