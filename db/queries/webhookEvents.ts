import type { DeliverableEvent } from '../../common/webhookEvents';
import { fromJson, type Db } from '../connection';

// Events as they were sent (webhook_events), for redelivery.

/**
 * Keeps the event once, when it is created (or, for deliveries started before events were created so,
 * the first time it is sent); later attempts and redeliveries change nothing and send these bytes. An event
 * naming a user whose erasure was requested (by `data.user.id`, or by `data.recordingId`'s user) is not
 * kept: the check and the insert are one statement, so an erasure that forgets the user's events never
 * misses one written beside it (db/queries/userErasure.ts).
 */
export async function rememberWebhookEvent(db: Db, companyId: string, event: DeliverableEvent): Promise<void> {
  const data = event.data as { user?: { id?: unknown } | null; recordingId?: unknown } | null;
  const userId = typeof data?.user?.id === 'string' ? data.user.id : null;
  const recordingId = typeof data?.recordingId === 'string' ? data.recordingId : null;
  if (userId === null && recordingId === null) return insertWebhookEvent(db, companyId, event);
  await db.raw(
    `INSERT IGNORE INTO webhook_events (id, company_id, type, payload)
     SELECT ?, ?, ?, ? FROM DUAL
      WHERE NOT EXISTS (SELECT 1 FROM users u
                         WHERE u.company_id = ? AND u.erasure_requested_at IS NOT NULL
                           AND (u.id = ? OR u.id IN (SELECT r.user_id FROM recordings r WHERE r.company_id = ? AND r.id = ?)))`,
    [event.id, companyId, event.type, JSON.stringify(event), companyId, userId ?? '', companyId, recordingId ?? ''],
  );
}

/** Keeps the event (once, by id) whatever it names: only for events that carry nothing personal. */
export async function insertWebhookEvent(db: Db, companyId: string, event: DeliverableEvent): Promise<void> {
  await db('webhook_events')
    .insert({ id: event.id, company_id: companyId, type: event.type, payload: JSON.stringify(event) })
    .onConflict('id')
    .ignore();
}

/** The company's event as sent, or undefined (unknown, another company's, or sent before events were kept). */
export async function getWebhookEvent(db: Db, companyId: string, id: string): Promise<DeliverableEvent | undefined> {
  const row = (await db('webhook_events').where({ id, company_id: companyId }).first('payload')) as
    { payload: unknown } | undefined;
  return row ? fromJson<DeliverableEvent>(row.payload) : undefined;
}

export interface StoredWebhookEvent {
  type: string;
  /** The body as kept: every attempt and redelivery sends these exact bytes. */
  body: string;
}

/** The kept event's type and body, or undefined (unknown, another company's, or forgotten by an erasure). */
export async function getWebhookEventBody(
  db: Db,
  companyId: string,
  id: string,
): Promise<StoredWebhookEvent | undefined> {
  const row = (await db('webhook_events').where({ id, company_id: companyId }).first('type', 'payload')) as
    { type: string; payload: unknown } | undefined;
  if (!row) return undefined;
  const body =
    typeof row.payload === 'string'
      ? row.payload
      : Buffer.isBuffer(row.payload)
        ? row.payload.toString('utf8')
        : JSON.stringify(row.payload);
  return { type: row.type, body };
}
