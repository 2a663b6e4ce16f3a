import type { Knex } from 'knex';

// Claim check for the analysis: the analysis step keeps its result here (not in the workflow history,
// which outlives an erasure and has a 2 MB payload limit) and the step that saves the result reads it
// back and clears it. Inlined on purpose (README, Conventions).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.json('pending_analysis').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.dropColumn('pending_analysis');
  });
}
