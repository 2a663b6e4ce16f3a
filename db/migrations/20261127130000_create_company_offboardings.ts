import type { Knex } from 'knex';

// The record of a company's offboarding (`admin company:delete`): the one thing kept of a company once
// it is gone (docs/security.md, "Offboarding a company"). No foreign key to companies: the company's row
// is deleted by the offboarding this row records. It holds the company's id, when, the step the
// offboarding is at and what it removed by kind (counts only, nothing the company wrote).
// Inlined column definitions on purpose (README, Conventions).
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_offboardings', (table) => {
    table.specificType('company_id', UUID).notNullable().primary();
    table.string('workflow_id', 100).notNullable();
    table.specificType('requested_at', 'DATETIME(3)').notNullable();
    table.string('step', 100).notNullable();
    // { credentialsRevoked, workflowsCancelled, workflowsTerminated, files, rows: { <table>: n }, workflowRuns }
    table.json('removed').notNullable();
    table.specificType('completed_at', 'DATETIME(3)').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_offboardings');
}
