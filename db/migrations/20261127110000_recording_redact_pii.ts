import type { Knex } from 'knex';

// Whether a recording's personal data is redacted (issue 43): decided when it is accepted (its own
// `redactPii`, else its company's default) and read by the worker. Recordings from before read false.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.boolean('redact_pii').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.dropColumn('redact_pii');
  });
}
