import type { Knex } from 'knex';

// A company's default for `redactPii` (issue 43), set by an operator (`company:set <id> --redact-pii
// on|off`); a submission's own value wins.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (table) => {
    table.boolean('redact_pii').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (table) => {
    table.dropColumn('redact_pii');
  });
}
