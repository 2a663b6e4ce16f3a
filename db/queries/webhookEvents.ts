import type { DeliverableEvent } from '../../common/webhookEvents';
import { fromJson, type Db } from '../connection';

// Events as they were sent (webhook_events), for redelivery.

/** Keeps the event the first time it is sent; later attempts and redeliveries change nothing. */
export async function rememberWebhookEvent(db: Db, companyId: string, event: DeliverableEvent): Promise<void> {
  await db('webhook_events')
    .insert({ id: event.id, company_id: companyId, type: event.type, payload: JSON.stringify(event) })
    .onConflict('id')
    .ignore();
}

/** The company's event as sent, or undefined (unknown, another company's, or sent before events were kept). */
export async function getWebhookEvent(db: Db, companyId: string, id: string): Promise<DeliverableEvent | undefined> {
  const row = (await db('webhook_events').where({ id, company_id: companyId }).first('payload')) as { payload: unknown } | undefined;
  return row ? fromJson<DeliverableEvent>(row.payload) : undefined;
}
