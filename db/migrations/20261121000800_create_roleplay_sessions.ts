import type { Knex } from 'knex';
import { companyRef, timestamps, uuid } from '../columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('roleplay_sessions', (table) => {
    uuid(table, 'id').primary();
    companyRef(table);
    uuid(table, 'roleplay_id').notNullable().references('id').inTable('roleplays').onDelete('CASCADE');
    uuid(table, 'user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.double('score').notNullable();
    table.boolean('did_pass').notNullable();
    table.integer('length_ms').unsigned().notNullable();
    table.double('wpm').notNullable();
    table.integer('name_count').unsigned().nullable();
    table.integer('num_questions').unsigned().nullable();
    table.integer('num_filler_words').unsigned().nullable();
    table.string('audio_storage_key', 512).nullable();
    table.string('video_storage_key', 512).nullable();
    // A caller's own (permanent) recording URL, used for playback when the file was not stored here.
    table.text('audio_external_url').nullable();
    uuid(table, 'recording_id').nullable().unique();
    timestamps(knex, table);
    // Newest-first pages, optionally filtered by user or roleplay, walk these indexes.
    table.index(['company_id', 'created_at', 'id']);
    table.index(['company_id', 'user_id', 'created_at', 'id']);
    table.index(['company_id', 'roleplay_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('roleplay_sessions');
}
