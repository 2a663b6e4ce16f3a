import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('session_responses', (table) => {
    table.specificType('session_id', UUID).notNullable().references('id').inTable('roleplay_sessions').onDelete('CASCADE');
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
