import type { Knex } from 'knex';

// Retention (RECORDING_RETENTION): when the stored media and the transcripts of a recording were
// deleted. Set on the recording and on the session made from it, whose result then offers no
// audioUrl/videoUrl. The index serves the cleanup's search for recordings not yet cleaned, oldest first.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.specificType('media_deleted_at', 'DATETIME(3)').nullable();
    table.index(['media_deleted_at', 'created_at', 'id'], 'recordings_media_deleted_at_created_at_id_index');
  });
  await knex.schema.alterTable('roleplay_sessions', (table) => {
    table.specificType('media_deleted_at', 'DATETIME(3)').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('roleplay_sessions', (table) => {
    table.dropColumn('media_deleted_at');
  });
  await knex.schema.alterTable('recordings', (table) => {
    table.dropIndex(['media_deleted_at', 'created_at', 'id'], 'recordings_media_deleted_at_created_at_id_index');
    table.dropColumn('media_deleted_at');
  });
}
