import type { Knex } from 'knex';

// At most one pending invitation per company and email, enforced by the database so that two
// concurrent invites for the same address cannot both insert. The marker is 1 while the row is
// pending and NULL otherwise; NULLs never collide in a unique key, so past invitations pile up freely.
// A generated column keeps the marker right whatever code changes the status.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "ALTER TABLE invitations ADD COLUMN pending_marker TINYINT GENERATED ALWAYS AS (IF(status = 'pending', 1, NULL)) STORED, " +
      'ADD UNIQUE KEY invitations_one_pending_per_email (company_id, email, pending_marker)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE invitations DROP INDEX invitations_one_pending_per_email, DROP COLUMN pending_marker');
}
