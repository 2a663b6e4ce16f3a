import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

// How many sessions a company has, in all and per user and per roleplay: the session list's
// pagination.total without counting index entries (COUNT(*) walked 100,000 of them per request).
// Kept by insertSession in the same transaction as the session itself.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('session_counts', (table) => {
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    table.enu('scope', ['company', 'user', 'roleplay']).notNullable();
    // The company's own id for scope 'company', else the user's or roleplay's id.
    table.specificType('scope_id', UUID).notNullable();
    table.integer('sessions').unsigned().notNullable();
    table.primary(['company_id', 'scope', 'scope_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('session_counts');
}
