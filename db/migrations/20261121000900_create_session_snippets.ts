import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('session_snippets', (table) => {
    table.specificType('session_id', UUID).notNullable().references('id').inTable('roleplay_sessions').onDelete('CASCADE');
    table.integer('position').unsigned().notNullable();
    table.boolean('is_user').notNullable();
    table.text('text').notNullable();
    table.primary(['session_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('session_snippets');
}
