import type { Knex } from 'knex';
import { uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('session_snippets', (table) => {
    uuid(table, 'session_id').notNullable().references('id').inTable('roleplay_sessions').onDelete('CASCADE');
    table.integer('position').unsigned().notNullable();
    table.boolean('is_user').notNullable();
    table.text('text').notNullable();
    table.primary(['session_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('session_snippets');
}
