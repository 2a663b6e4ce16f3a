import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('roleplay_sessions', (table) => {
    table.specificType('id', UUID).primary();
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    table.specificType('roleplay_id', UUID).notNullable().references('id').inTable('roleplays').onDelete('CASCADE');
    table.specificType('user_id', UUID).notNullable().references('id').inTable('users').onDelete('CASCADE');
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
    table.specificType('recording_id', UUID).nullable().unique();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    // Newest-first pages, optionally filtered by user or roleplay, walk these indexes.
    table.index(['company_id', 'created_at', 'id']);
    table.index(['company_id', 'user_id', 'created_at', 'id']);
    table.index(['company_id', 'roleplay_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('roleplay_sessions');
}
