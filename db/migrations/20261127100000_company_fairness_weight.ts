import type { Knex } from 'knex';

// A company's share of the task queues (issue 41 §2): Temporal's fairnessWeight, carried by every workflow
// started for it (common/workflowStarts/priority.ts). 1 is Temporal's default: every company an equal share.
// DOUBLE, not DECIMAL: mysql2 returns it as a number. `admin company:set --fairness-weight` keeps it in 0.001–1000.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (table) => {
    table.double('fairness_weight').notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (table) => {
    table.dropColumn('fairness_weight');
  });
}
