import type { Knex } from 'knex';

// A company's places among COMPANY_MAX_ACTIVE_MEDIA (issue 41 §3): one row per place taken, `slot` 0…limit-1,
// held by one activity attempt (`holder`) until it releases it or `expires_at` passes (a worker that died).
// The primary key makes a place a semaphore slot: taking one is a single INSERT IGNORE or a conditional UPDATE.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_activity_leases', (table) => {
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    table.integer('slot').unsigned().notNullable();
    table.specificType('holder', UUID).notNullable();
    table.datetime('expires_at', { precision: 3 }).notNullable();
    table.primary(['company_id', 'slot']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_activity_leases');
}
