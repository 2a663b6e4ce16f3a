import type { Knex } from 'knex';

// What the media step learnt about a recording (container, duration, channels, video) and the
// chunks it is transcribed in: each chunk's span of the recording and, once the provider answered,
// its transcript (saved before the activity returns, so a restarted worker sends only the chunks
// without one) and its asynchronous job id (AssemblyAI).
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.string('container', 32).nullable();
    table.integer('duration_ms').unsigned().nullable();
    table.boolean('has_video').nullable();
    table.tinyint('channels').unsigned().nullable();
    table.boolean('channels_differ').nullable();
  });
  await knex.schema.createTable('recording_chunks', (table) => {
    table.specificType('recording_id', UUID).notNullable().references('id').inTable('recordings').onDelete('CASCADE');
    table.integer('chunk_index').unsigned().notNullable();
    table.integer('start_ms').unsigned().notNullable();
    table.integer('end_ms').unsigned().notNullable();
    table.json('transcript').nullable();
    table.string('stt_job_id', 255).nullable();
    table.datetime('transcribed_at', { precision: 3 }).nullable();
    table.primary(['recording_id', 'chunk_index']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('recording_chunks');
  await knex.schema.alterTable('recordings', (table) => {
    table.dropColumn('channels_differ');
    table.dropColumn('channels');
    table.dropColumn('has_video');
    table.dropColumn('duration_ms');
    table.dropColumn('container');
  });
}
