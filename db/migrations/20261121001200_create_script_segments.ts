import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('script_segments', (table) => {
    table.specificType('script_id', UUID).notNullable().references('id').inTable('memorization_scripts').onDelete('CASCADE');
    table.integer('order').notNullable();
    table.text('og_text').notNullable();
    table.primary(['script_id', 'order']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('script_segments');
}
