import type { Knex } from 'knex';

// Shared column conventions for migrations: UUID keys as CHAR(36) and millisecond UTC timestamps.
export function timestamps(knex: Knex, table: Knex.CreateTableBuilder): void {
  table.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
  table.datetime('updated_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
}

export function companyRef(table: Knex.CreateTableBuilder): void {
  table.uuid('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
}
