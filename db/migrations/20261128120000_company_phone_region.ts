import type { Knex } from 'knex';

// The region a company's national phone numbers are read in when its recordings are redacted (issue 51:
// "020 7946 0958" is a London number, not a US one). Null: the REDACTION_PHONE_REGION setting.
// Set by an operator (`admin company:set <id> --phone-region GB`). Inlined column definitions on purpose
// (README, Conventions).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (table) => {
    table.specificType('phone_region', 'CHAR(2)').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (table) => {
    table.dropColumn('phone_region');
  });
}
