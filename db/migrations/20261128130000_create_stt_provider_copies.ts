import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

// What a speech-to-text provider still keeps of a recording (issue 51 §2): AssemblyAI keeps each upload and
// transcript until `DELETE /v2/transcript/{id}`. A row is written when the provider creates the job and
// removed once the provider confirms the deletion; what stays is a deletion still owed (retried by the
// `stt-provider-copies` sweep, counted in `admin company:show` as `sttCopiesOwed`). Its own table, not recording_chunks: a
// piece's row goes with retention or an erasure, the copy at the provider must not be forgotten with it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stt_provider_copies', (table) => {
    table.string('provider', 32).notNullable();
    table.string('job_id', 255).notNullable();
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    table.specificType('recording_id', UUID).notNullable();
    table.specificType('created_at', 'DATETIME(3)').notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    table.integer('attempts').unsigned().notNullable().defaultTo(0);
    table.specificType('last_attempt_at', 'DATETIME(3)').nullable();
    table.string('last_error', 1024).nullable();
    table.primary(['provider', 'job_id']);
    table.index(['created_at'], 'stt_provider_copies_age');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stt_provider_copies');
}
