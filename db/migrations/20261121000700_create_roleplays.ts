import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('roleplays', (table) => {
    table.specificType('id', UUID).primary();
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    table.string('title', 255).notNullable();
    table.text('instructions').nullable();
    table.text('objective').nullable();
    table.integer('passing_score').notNullable().defaultTo(70);
    table.boolean('is_live').notNullable().defaultTo(false);
    table.boolean('is_blind').notNullable().defaultTo(false);
    table.string('language', 8).notNullable().defaultTo('en');
    table.json('conversation_starters').notNullable();
    table.json('keyterms').notNullable();
    table.integer('timer_in_seconds').unsigned().nullable();
    table.boolean('show_results').notNullable().defaultTo(true);
    table.integer('max_attempts').unsigned().nullable();
    table.boolean('should_act_as_customer').notNullable().defaultTo(true);
    table.boolean('require_video_recording').notNullable().defaultTo(false);
    table.json('conversation_type').notNullable();
    table.json('customer_persona').notNullable();
    table.json('customer_background').notNullable();
    table.json('custom_attributes').nullable();
    // {criteria: [...], metrics: [...]}, each item {title, description, weight, sectionTitle}.
    table.json('scorecard').notNullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.index(['company_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('roleplays');
}
