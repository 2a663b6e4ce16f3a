import type { Knex } from 'knex';

// The invitation workflow is identified by the invitation's row id (`invitation-<id>`), which says
// nothing about the person. Invitations created before this migration have NULL here: their workflow
// runs under the address-based id of old (`invitation-<companyId>-<email>`), which the API keeps
// signalling so that invitations in flight at the upgrade are not lost. Inlined on purpose (README, Conventions).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invitations', (table) => {
    table.specificType('workflow_id', 'VARCHAR(64) CHARACTER SET ascii COLLATE ascii_general_ci').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invitations', (table) => {
    table.dropColumn('workflow_id');
  });
}
