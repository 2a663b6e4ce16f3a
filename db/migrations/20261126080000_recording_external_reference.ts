import type { Knex } from 'knex';

// The integrator's own references on a recording (issue 34 §4): `external_id`, unique per company when
// given (NULLs do not collide in a unique index), and `metadata`, a small JSON object of strings. The
// list filters by external_id (the unique index) and by the submitted user identifier (its own index).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.string('external_id', 255).nullable();
    table.json('metadata').nullable();
    table.unique(['company_id', 'external_id'], { indexName: 'recordings_company_external_id_unique' });
    table.index(['company_id', 'user_unique_identifier'], 'recordings_company_user_identifier_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.dropIndex(['company_id', 'user_unique_identifier'], 'recordings_company_user_identifier_index');
    table.dropUnique(['company_id', 'external_id'], 'recordings_company_external_id_unique');
    table.dropColumn('metadata');
    table.dropColumn('external_id');
  });
}
