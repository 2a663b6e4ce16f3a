import type { Knex } from 'knex';

// Issue 50 §1: the runs waiting for one of their company's places (COMPANY_MAX_HEAVY_ACTIVITIES), in the order
// they asked (normal before bulk, then first come), so that a released place is handed to the next of them
// at once (activities/companyLimit.ts) instead of being found by whichever run polls first. A lease row
// handed on is reserved for that waiter (`reserved_for`) until `expires_at`; a reservation not taken by then
// is a free place like any expired lease.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';
const KEY = 'VARCHAR(191) CHARACTER SET ascii COLLATE ascii_bin';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_activity_waiters', (table) => {
    // Ever increasing: the order among waiters of one priority (asked_at may tie at a millisecond).
    table.bigIncrements('id').primary();
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    // The run and its step (`<runId>/<step>`): one run may wait for several places at once (its pieces).
    table.specificType('waiter_key', KEY).notNullable();
    table.string('workflow_id', 255).notNullable();
    table.specificType('run_id', UUID).notNullable();
    // 0 normal, 1 bulk: normal work of the company is handed a place first.
    table.tinyint('priority').unsigned().notNullable();
    table.datetime('asked_at', { precision: 3 }).notNullable();
    table.unique(['company_id', 'waiter_key']);
    table.index(['company_id', 'priority', 'id']);
    table.index(['workflow_id']);
  });
  await knex.schema.alterTable('company_activity_leases', (table) => {
    table.specificType('reserved_for', `${KEY} NULL`);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_activity_leases', (table) => {
    table.dropColumn('reserved_for');
  });
  await knex.schema.dropTable('company_activity_waiters');
}
