import type { Knex } from 'knex';

// How soon a recording is wanted (issue 41 §2): `normal`, or `bulk` (imports, backfills: Temporal priority 5,
// behind every company's normal work). Kept so the recording, its list and its events show it, and a retry
// runs at the same priority. Rows from before were all normal.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.string('priority', 8).notNullable().defaultTo('normal');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.dropColumn('priority');
  });
}
