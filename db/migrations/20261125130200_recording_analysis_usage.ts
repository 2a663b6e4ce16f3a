import type { Knex } from 'knex';

// What judging the recording took from the LLM, for the operator: {model, requests, promptTokens,
// completionTokens, costUsd} as JSON; NULL when no LLM was asked. Not part of the result callers read.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.specificType('analysis_usage', 'LONGTEXT').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.dropColumn('analysis_usage');
  });
}
