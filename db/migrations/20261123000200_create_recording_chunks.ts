import type { Knex } from 'knex';

// The pieces of a recording sent to speech-to-text one by one (split at pauses to fit the provider's
// limits, and per channel for a stereo call). Each answer is kept as it arrives, so a worker that
// restarts sends only the pieces that have no answer yet.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recording_chunks', (table) => {
    table.specificType('recording_id', 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci').notNullable();
    table.enu('channel', ['mono', 'left', 'right']).notNullable();
    table.integer('chunk_index').unsigned().notNullable();
    table.integer('start_ms').unsigned().notNullable();
    table.integer('duration_ms').unsigned().notNullable();
    table.json('transcript').nullable();
    table.string('stt_job_id', 255).nullable();
    table.specificType('created_at', 'DATETIME(3)').notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    table.primary(['recording_id', 'channel', 'chunk_index']);
    table.foreign('recording_id').references('recordings.id').onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('recording_chunks');
}
