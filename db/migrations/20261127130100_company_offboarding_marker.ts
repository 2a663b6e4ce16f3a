import type { Knex } from 'knex';

// When a company's offboarding began: from then on none of its API keys or bearer tokens opens a
// request (the credential lookups read it) and no new one can be issued. Set by the offboarding's first
// step; the row itself goes at the end. Inlined column definitions on purpose (README, Conventions).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (table) => {
    table.specificType('offboarding_at', 'DATETIME(3)').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (table) => {
    table.dropColumn('offboarding_at');
  });
}
