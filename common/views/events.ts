import type { Db } from '../../db/connection';
import { eventDeliveryStatuses, type EventLogRow } from '../../db/queries/eventLog';
import { CompanyEvent, type EventDeliveryStatus } from '../../api/schemas/events';

// The schema of this answer, for whoever checks or describes it (the company export).
export { CompanyEvent };

// The company's kept events as GET /api/events lists them (events.ts, and the company export's events).

/** Kept events as GET /api/events lists them: the body as delivered and what each endpoint received. */
export async function toCompanyEvents(db: Db, companyId: string, rows: EventLogRow[]): Promise<CompanyEvent[]> {
  const statuses = await eventDeliveryStatuses(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  const byEvent = new Map<string, EventDeliveryStatus[]>();
  for (const s of statuses) {
    const list = byEvent.get(s.eventId) ?? [];
    list.push({
      endpointId: s.endpointId,
      status: s.delivered ? 'delivered' : 'failed',
      attempts: s.attempts,
      lastAttemptAt: s.lastAttemptAt.toISOString(),
    });
    byEvent.set(s.eventId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    createdAt: r.createdAt.toISOString(),
    payload: JSON.parse(r.body) as Record<string, unknown>,
    deliveries: byEvent.get(r.id) ?? [],
  }));
}
