import type { Knex } from 'knex';

// The API's GET /metrics counts the recordings not finished, by status, at every scrape: with this
// index that count reads only the unfinished rows, not the whole table.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.index(['status'], 'recordings_status_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (table) => {
    table.dropIndex(['status'], 'recordings_status_index');
  });
}
