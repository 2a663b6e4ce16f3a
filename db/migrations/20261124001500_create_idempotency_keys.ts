import type { Knex } from 'knex';

// Idempotency-Key records of the creating and acting POSTs (recording intake keeps its key on the
// recording row). One row per company and key: the request's fingerprint, and once it succeeded the
// answer sent, so a retry gets that answer again. The key is kept as its SHA-256 and the answer
// encrypted with a key derived from it: answers can hold secrets shown once (API keys, tokens, signing
// secrets), which the database alone must not give away. Inlined column definitions on purpose (README, Conventions).
const UUID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_general_ci';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (table) => {
    table.specificType('company_id', UUID).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    table.specificType('key_hash', 'CHAR(64) CHARACTER SET ascii COLLATE ascii_bin').notNullable();
    table.string('operation_id', 64).notNullable();
    table.specificType('request_hash', 'CHAR(64) CHARACTER SET ascii COLLATE ascii_bin').notNullable();
    // Null while the first request is still running.
    table.smallint('response_status').unsigned().nullable();
    // AES-256-GCM: nonce, tag, ciphertext of the JSON body.
    table.specificType('response_body', 'MEDIUMBLOB').nullable();
    table.datetime('created_at', { precision: 3 }).notNullable();
    // A running request holds the key until then; a crashed one's key can be taken over after it.
    table.datetime('locked_until', { precision: 3 }).nullable();
    table.primary(['company_id', 'key_hash']);
    table.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys');
}
