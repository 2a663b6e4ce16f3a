import type { Knex } from 'knex';
import { uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('session_responses', (table) => {
    uuid(table, 'session_id').notNullable().references('id').inTable('roleplay_sessions').onDelete('CASCADE');
    table.enum('kind', ['criterion', 'metric']).notNullable();
    table.integer('position').unsigned().notNullable();
    table.string('title', 255).notNullable();
    table.boolean('passed').notNullable();
    table.text('explanation').notNullable();
    table.double('weight').notNullable();
    table.string('section_title', 255).notNullable();
    table.primary(['session_id', 'kind', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('session_responses');
}
