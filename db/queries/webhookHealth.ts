import type { Db } from '../connection';

// How long an endpoint has been failing, and disabling one that failed for too long.

/**
 * When the endpoint's current run of failures began: its first failed attempt after its last delivered
 * one; null when its last attempt was delivered or it has none.
 */
export async function failingSince(db: Db, endpointId: string): Promise<Date | null> {
  const [row] = (await db('webhook_deliveries')
    .where({ endpoint_id: endpointId, outcome: 'failed' })
    .andWhere(
      'created_at',
      '>',
      db.raw(
        `COALESCE((SELECT MAX(d.created_at) FROM webhook_deliveries d WHERE d.endpoint_id = ? AND d.outcome = 'delivered'), '1970-01-01')`,
        [endpointId],
      ),
    )
    .min({ since: 'created_at' })) as Array<{ since: Date | null }>;
  return row?.since ?? null;
}

/** Disables an enabled endpoint with `reason`; false when it was disabled (or gone) already. */
export async function disableFailingEndpoint(db: Db, id: string, reason: string): Promise<boolean> {
  const changed = await db('webhook_endpoints')
    .where({ id, enabled: true })
    .update({ enabled: false, disabled_reason: reason.slice(0, 255), updated_at: db.fn.now(3) });
  return changed > 0;
}

/** The company's other enabled endpoints (every one hears that an endpoint was disabled). */
export async function otherEnabledEndpoints(db: Db, companyId: string, exceptId: string): Promise<string[]> {
  const rows = (await db('webhook_endpoints')
    .where({ company_id: companyId, enabled: true })
    .whereNot({ id: exceptId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select('id')) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}
