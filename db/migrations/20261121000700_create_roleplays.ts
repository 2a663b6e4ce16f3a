import type { Knex } from 'knex';
import { companyRef, timestamps, uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('roleplays', (table) => {
    uuid(table, 'id').primary();
    companyRef(table);
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
    timestamps(knex, table);
    table.index(['company_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('roleplays');
}
