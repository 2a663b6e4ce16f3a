import type { Knex } from 'knex';

// UUID columns: ASCII CHAR(36), case-insensitive (see README, Conventions). Inlined on purpose: a
// landed migration must build the same schema forever, whatever shared code does later.
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

// A company's exports (POST /api/exports, issue 44): one row per export, its progress per kind, and the
// archive's key in the recording store until retention, an erasure or the company's offboarding deletes it.
// `running_marker` is 1 while the export runs and NULL after: the unique (company_id, running_marker) key
// lets one export per company run at a time (MariaDB has no partial index; NULLs never collide).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_exports', (table) => {
    table.specificType('id', UUID).primary();
    // The company exported.
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    // The company that asked (a parent exporting a child): its endpoints get export.completed/failed.
    table
      .specificType('requested_by_company_id', UUID)
      .notNullable()
      .references('id')
      .inTable('companies')
      .onDelete('CASCADE');
    table.string('api_version', 16).notNullable();
    table.boolean('include_media').notNullable();
    table.enu('status', ['running', 'completed', 'failed', 'withdrawn', 'expired']).notNullable();
    table.tinyint('running_marker').unsigned().nullable();
    table.json('progress').notNullable();
    table.bigInteger('size_bytes').unsigned().nullable();
    table.string('archive_key', 512).nullable();
    table.string('failure_reason', 1024).nullable();
    table.specificType('created_at', 'DATETIME(3)').notNullable().defaultTo(knex.raw('CURRENT_TIMESTAMP(3)'));
    table.specificType('completed_at', 'DATETIME(3)').nullable();
    table.specificType('expires_at', 'DATETIME(3)').nullable();
    table.specificType('ended_at', 'DATETIME(3)').nullable();
    table.unique(['company_id', 'running_marker'], { indexName: 'company_exports_one_running' });
    table.index(['status', 'expires_at'], 'company_exports_expiry');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_exports');
}
