import type { Db } from '../connection';

// The company's events as kept (webhook_events), newest first, with what each endpoint received
// (GET /api/events), and the events an endpoint has not received (POST …/recover).

export interface EventLogFilter {
  companyId: string;
  type?: string;
  /** Created at or after. */
  since?: Date;
  /** Created before. */
  until?: Date;
}

export interface EventLogRow {
  id: string;
  type: string;
  createdAt: Date;
  /** The body as kept: the bytes every delivery sends. */
  body: string;
}

export interface EventDeliveryStatus {
  eventId: string;
  endpointId: string;
  attempts: number;
  delivered: boolean;
  lastAttemptAt: Date;
}

const bodyText = (payload: unknown): string =>
  typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : JSON.stringify(payload);

/** Where an event sits in the newest-first order, or undefined when the company has no such event. */
export async function eventPosition(
  db: Db,
  companyId: string,
  id: string,
): Promise<{ createdAt: Date; id: string } | undefined> {
  const row = (await db('webhook_events').where({ id, company_id: companyId }).first('id', 'created_at')) as
    { id: string; created_at: Date } | undefined;
  return row ? { id: row.id, createdAt: row.created_at } : undefined;
}

/**
 * Up to `limit` events matching the filter, newest first (created_at, then id), after `after` when given:
 * a cursor stays right while new events are appended in front of it.
 */
export async function listEventLog(
  db: Db,
  filter: EventLogFilter,
  limit: number,
  after?: { createdAt: Date; id: string },
): Promise<EventLogRow[]> {
  const q = db('webhook_events')
    .select({ id: 'id', type: 'type', createdAt: 'created_at', payload: 'payload' })
    .where({ company_id: filter.companyId });
  if (filter.type !== undefined) q.andWhere({ type: filter.type });
  if (filter.since) q.andWhere('created_at', '>=', filter.since);
  if (filter.until) q.andWhere('created_at', '<', filter.until);
  if (after) {
    q.andWhere((w) =>
      w
        .where('created_at', '<', after.createdAt)
        .orWhere((same) => same.where('created_at', '=', after.createdAt).andWhere('id', '<', after.id)),
    );
  }
  const rows = (await q
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)) as Array<{ id: string; type: string; createdAt: Date; payload: unknown }>;
  return rows.map((r) => ({ id: r.id, type: r.type, createdAt: r.createdAt, body: bodyText(r.payload) }));
}

/** Per event and endpoint of the company: how many attempts, whether one was delivered, the last one's time. */
export async function eventDeliveryStatuses(
  db: Db,
  companyId: string,
  eventIds: string[],
): Promise<EventDeliveryStatus[]> {
  if (eventIds.length === 0) return [];
  const rows = (await db('webhook_deliveries as d')
    .join('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .where('e.company_id', companyId)
    .whereIn('d.event_id', eventIds)
    .groupBy('d.event_id', 'd.endpoint_id')
    .orderBy([{ column: 'd.endpoint_id' }])
    .select({ eventId: 'd.event_id', endpointId: 'd.endpoint_id' })
    .count({ attempts: '*' })
    .max({ lastAttemptAt: 'd.created_at' })
    .select(db.raw(`MAX(d.outcome = 'delivered') AS delivered`))) as Array<{
    eventId: string;
    endpointId: string;
    attempts: number | string;
    lastAttemptAt: Date;
    delivered: number | string | null;
  }>;
  return rows.map((r) => ({
    eventId: r.eventId,
    endpointId: r.endpointId,
    attempts: Number(r.attempts),
    delivered: Number(r.delivered ?? 0) === 1,
    lastAttemptAt: r.lastAttemptAt,
  }));
}

export interface RecoverableEvent {
  id: string;
  type: string;
  createdAt: Date;
  /** The highest attempt number the event has at the endpoint (0: never attempted there). */
  lastAttempt: number;
}

/**
 * The company's events of `types` created in [since, until) that the endpoint has not received (no
 * delivered attempt), oldest first, at most `limit`.
 */
export async function recoverableEvents(
  db: Db,
  companyId: string,
  endpointId: string,
  types: string[],
  window: { since: Date; until: Date },
  limit: number,
): Promise<RecoverableEvent[]> {
  if (types.length === 0) return [];
  const rows = (await db('webhook_events as ev')
    .select({ id: 'ev.id', type: 'ev.type', createdAt: 'ev.created_at' })
    .select(
      db.raw(
        `(SELECT COALESCE(MAX(d.attempt), 0) FROM webhook_deliveries d WHERE d.endpoint_id = ? AND d.event_id = ev.id) AS lastAttempt`,
        [endpointId],
      ),
    )
    .where('ev.company_id', companyId)
    .whereIn('ev.type', types)
    .andWhere('ev.created_at', '>=', window.since)
    .andWhere('ev.created_at', '<', window.until)
    .whereNotExists(
      db('webhook_deliveries as d')
        .select(db.raw('1'))
        .where('d.endpoint_id', endpointId)
        .andWhere('d.event_id', db.ref('ev.id'))
        .andWhere('d.outcome', 'delivered'),
    )
    .orderBy([{ column: 'ev.created_at' }, { column: 'ev.id' }])
    .limit(limit)) as Array<{
    id: string;
    type: string;
    createdAt: Date;
    lastAttempt: number | string;
  }>;
  return rows.map((r) => ({ id: r.id, type: r.type, createdAt: r.createdAt, lastAttempt: Number(r.lastAttempt) }));
}

/** How many of the company's events of `types` since `since` the endpoint has not received. */
export async function countRecoverableEvents(
  db: Db,
  companyId: string,
  endpointId: string,
  types: string[],
  since: Date,
): Promise<number> {
  if (types.length === 0) return 0;
  const [row] = (await db('webhook_events as ev')
    .where('ev.company_id', companyId)
    .whereIn('ev.type', types)
    .andWhere('ev.created_at', '>=', since)
    .whereNotExists(
      db('webhook_deliveries as d')
        .select(db.raw('1'))
        .where('d.endpoint_id', endpointId)
        .andWhere('d.event_id', db.ref('ev.id'))
        .andWhere('d.outcome', 'delivered'),
    )
    .count({ n: '*' })) as Array<{ n: number | string }>;
  return Number(row?.n ?? 0);
}
