import type { Knex } from 'knex';
import { companyRef, uuid } from '../columns';

// How many sessions a company has, in all and per user and per roleplay: the session list's
// pagination.total without counting index entries (COUNT(*) walked 100,000 of them per request).
// Kept by insertSession in the same transaction as the session itself.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('session_counts', (table) => {
    companyRef(table);
    table.enu('scope', ['company', 'user', 'roleplay']).notNullable();
    // The company's own id for scope 'company', else the user's or roleplay's id.
    uuid(table, 'scope_id').notNullable();
    table.integer('sessions').unsigned().notNullable();
    table.primary(['company_id', 'scope', 'scope_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('session_counts');
}
