import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invitations', (table) => {
    table.specificType('id', UUID).primary();
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    table.specificType('team_id', UUID).notNullable().references('id').inTable('teams').onDelete('CASCADE');
    table.string('email', 320).notNullable();
    table.enum('role', ['Rep', 'Manager']).notNullable();
    table.string('first_name', 255).nullable();
    table.string('last_name', 255).nullable();
    table.string('external_id', 255).nullable();
    // The acceptance link must be shown again in user listings, so the token is kept; it is single-use.
    table.string('token', 64).notNullable().unique();
    table.enum('status', ['pending', 'accepted', 'revoked', 'expired']).notNullable().defaultTo('pending');
    table.integer('resend_count').unsigned().notNullable().defaultTo(0);
    table.datetime('expires_at', { precision: 3 }).notNullable();
    table.datetime('accepted_at', { precision: 3 }).nullable();
    table.specificType('accepted_user_id', UUID).nullable().references('id').inTable('users').onDelete('SET NULL');
    table.datetime('revoked_at', { precision: 3 }).nullable();
    table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    table.index(['company_id', 'email', 'status']);
    table.index(['company_id', 'status', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invitations');
}
