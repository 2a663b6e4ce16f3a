import type { Knex } from 'knex';
import { companyRef, timestamps, uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('memorization_scripts', (table) => {
    uuid(table, 'id').primary();
    companyRef(table);
    table.string('title', 255).notNullable();
    table.double('passing_score').notNullable();
    table.integer('num_levels').unsigned().notNullable();
    table.text('user_instructions').notNullable();
    table.string('cover_image_url', 2048).nullable();
    timestamps(knex, table);
    table.index(['company_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('memorization_scripts');
}
