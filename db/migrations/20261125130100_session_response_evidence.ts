import type { Knex } from 'knex';

// Scorecard verdicts with their evidence: the quotes of the call each response rests on (a JSON
// array of {quote, startMs, speaker}) or, when there are none, why (no_evidence_reason); whether the
// item was judged at all (assessable) and whether the model's quotes held (supported). Rows from
// before have NULL evidence: their result says they were judged before evidence was recorded.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('session_responses', (table) => {
    table.specificType('evidence', 'LONGTEXT').nullable();
    table.text('no_evidence_reason').nullable();
    table.boolean('assessable').notNullable().defaultTo(true);
    table.boolean('supported').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('session_responses', (table) => {
    table.dropColumn('supported');
    table.dropColumn('assessable');
    table.dropColumn('no_evidence_reason');
    table.dropColumn('evidence');
  });
}
