import type { Knex } from 'knex';

// Every recording event is kept (webhook_events), subscribed or not, and listed per company newest first
// (GET /api/events, by type and time); each listed event shows its deliveries per endpoint, and a
// recovery looks for the events an endpoint has not received. These indexes serve those reads.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_events', (table) => {
    table.index(['company_id', 'type', 'created_at', 'id'], 'webhook_events_company_type_created');
    table.index(['created_at'], 'webhook_events_created');
  });
  await knex.schema.alterTable('webhook_deliveries', (table) => {
    table.index(['event_id', 'endpoint_id'], 'webhook_deliveries_event');
    table.index(['created_at'], 'webhook_deliveries_created');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_deliveries', (table) => {
    table.dropIndex(['created_at'], 'webhook_deliveries_created');
    table.dropIndex(['event_id', 'endpoint_id'], 'webhook_deliveries_event');
  });
  await knex.schema.alterTable('webhook_events', (table) => {
    table.dropIndex(['created_at'], 'webhook_events_created');
    table.dropIndex(['company_id', 'type', 'created_at', 'id'], 'webhook_events_company_type_created');
  });
}
