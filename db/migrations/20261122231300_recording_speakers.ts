import type { Knex } from 'knex';

// Who said what on a recording: the caller's repChannel (stereo) and repSpeaker (submitted
// transcripts), the transcript a caller submitted instead of audio (then there is no source URL),
// and the id of an asynchronous speech-to-text job (AssemblyAI), kept before polling so a restarted
// worker resumes that job instead of paying for a second transcription.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.text('source_url').nullable().alter();
    table.enu('rep_channel', ['left', 'right']).nullable();
    table.string('rep_speaker', 255).nullable();
    table.json('submitted_transcript').nullable();
    table.string('stt_job_id', 255).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  // Transcript submissions have no source URL; the older schema cannot hold them without one.
  await knex('recordings').whereNull('source_url').update({ source_url: '' });
  await knex.schema.alterTable('recordings', (table) => {
    table.dropColumn('stt_job_id');
    table.dropColumn('submitted_transcript');
    table.dropColumn('rep_speaker');
    table.dropColumn('rep_channel');
    table.text('source_url').notNullable().alter();
  });
}
