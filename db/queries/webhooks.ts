import { CURRENT_API_VERSION } from '../../common/apiVersions';
import { CompanyMarkedError } from './companyOffboardings';
import { randomUUID } from 'node:crypto';
import { generateWebhookSecret } from '../../common/webhookSignature';
import type { WebhookSecretBox } from '../../common/webhookSecretBox';
import type { WebhookEventType } from '../../common/webhookEvents';
import { fromJson, type Db } from '../connection';
import { countOf, pageWithTotal, type Page, type PageRequest } from './pages';

export interface WebhookEndpointRow {
  id: string;
  companyId: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  disabledReason: string | null;
  /** The API version its deliveries are rendered in (common/apiVersions.ts). */
  apiVersion: string;
  createdAt: Date;
  updatedAt: Date;
}

/** What a delivery needs: the endpoint with its signing secrets, opened. */
export interface WebhookEndpointWithSecret extends WebhookEndpointRow {
  secret: string;
  /** The secret before the last rotation while its overlap lasts (it signs too), else null. */
  previousSecret: string | null;
}

export type WebhookDeliveryOutcome = 'delivered' | 'failed';

export interface WebhookDeliveryRow {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  outcome: WebhookDeliveryOutcome;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  createdAt: Date;
}

const endpointColumns = {
  id: 'id',
  companyId: 'company_id',
  url: 'url',
  description: 'description',
  events: 'events',
  enabled: 'enabled',
  disabledReason: 'disabled_reason',
  apiVersion: 'api_version',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

type RawEndpoint = Omit<WebhookEndpointRow, 'events' | 'enabled'> & { events: unknown; enabled: unknown };

// MariaDB hands back JSON as text and booleans as 0/1.
function toEndpoint(raw: RawEndpoint): WebhookEndpointRow {
  return { ...raw, events: fromJson<WebhookEventType[]>(raw.events), enabled: Boolean(raw.enabled) };
}

export interface NewWebhookEndpoint {
  companyId: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  /** Default: the current version. */
  apiVersion?: string;
}

/** Creates the endpoint with a new secret, kept sealed by `box`; the secret is returned (shown once). */
export async function createWebhookEndpoint(
  db: Db,
  input: NewWebhookEndpoint,
  box: WebhookSecretBox,
): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const values = {
    id,
    company_id: input.companyId,
    url: input.url,
    description: input.description,
    events: JSON.stringify(input.events),
    api_version: input.apiVersion ?? CURRENT_API_VERSION,
    secret: box.seal(secret, id),
  };
  const names = Object.keys(values);
  // Inserted only while the company is not marked for offboarding, read in the same statement.
  const [result] = (await db.raw(
    `INSERT INTO ?? (${names.map(() => '??').join(', ')}) SELECT ${names.map(() => '?').join(', ')} FROM companies WHERE id = ? AND offboarding_at IS NULL`,
    ['webhook_endpoints', ...names, ...Object.values(values), input.companyId],
  )) as [{ affectedRows: number }];
  if (result.affectedRows === 0) throw new CompanyMarkedError(input.companyId);
  const endpoint = await getWebhookEndpoint(db, input.companyId, id);
  if (!endpoint) throw new Error('webhook endpoint vanished after insert');
  return { endpoint, secret };
}

/** The company's endpoint, or undefined (also for another company's id). */
export async function getWebhookEndpoint(
  db: Db,
  companyId: string,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  const raw = await db('webhook_endpoints').select(endpointColumns).where({ id, company_id: companyId }).first();
  return raw ? toEndpoint(raw) : undefined;
}

/** The endpoint with its secrets opened; the previous one only while its overlap lasts (at `now`). */
export async function getWebhookEndpointForDelivery(
  db: Db,
  id: string,
  box: WebhookSecretBox,
  now: Date = new Date(),
): Promise<WebhookEndpointWithSecret | undefined> {
  const raw = (await db('webhook_endpoints')
    .select({
      ...endpointColumns,
      secret: 'secret',
      previousSecret: 'previous_secret',
      previousSecretExpiresAt: 'previous_secret_expires_at',
    })
    .where({ id })
    .first()) as
    (RawEndpoint & { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null }) | undefined;
  if (!raw) return undefined;
  const { secret, previousSecret, previousSecretExpiresAt, ...rest } = raw;
  const overlapping =
    previousSecret !== null && previousSecretExpiresAt !== null && previousSecretExpiresAt.getTime() > now.getTime();
  return {
    ...toEndpoint(rest),
    secret: box.open(secret, raw.id),
    previousSecret: overlapping ? box.open(previousSecret, raw.id) : null,
  };
}

export async function listWebhookEndpoints(
  db: Db,
  companyId: string,
  page: PageRequest,
): Promise<Page<WebhookEndpointRow>> {
  const { rows, total } = await pageWithTotal<RawEndpoint>(
    db('webhook_endpoints')
      .select(endpointColumns)
      .where({ company_id: companyId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]),
    countOf(db('webhook_endpoints').where({ company_id: companyId })),
    page,
  );
  return { rows: rows.map(toEndpoint), total };
}

/** Ids of the company's enabled endpoints subscribed to `eventType`, oldest first. */
export async function listWebhookTargets(db: Db, companyId: string, eventType: WebhookEventType): Promise<string[]> {
  // Filtered here rather than in SQL: JSON functions differ between MariaDB and MySQL, and a company has few endpoints.
  const raws = await db('webhook_endpoints')
    .select(endpointColumns)
    .where({ company_id: companyId, enabled: true })
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  return raws
    .map(toEndpoint)
    .filter((e) => e.events.includes(eventType))
    .map((e) => e.id);
}

export async function deleteWebhookEndpoint(db: Db, companyId: string, id: string): Promise<boolean> {
  return (await db('webhook_endpoints').where({ id, company_id: companyId }).delete()) > 0;
}

/**
 * Replaces the signing secret. The one it replaces keeps signing beside it until `previousUntil` (null:
 * it stops at once); a secret older than that is forgotten. The new secret is returned, undefined when the
 * endpoint is unknown.
 */
export async function rotateWebhookSecret(
  db: Db,
  companyId: string,
  id: string,
  box: WebhookSecretBox,
  previousUntil: Date | null,
): Promise<string | undefined> {
  const secret = generateWebhookSecret();
  // One statement: MySQL and MariaDB assign left to right, so previous_secret takes the value secret had.
  const changed = await db('webhook_endpoints')
    .where({ id, company_id: companyId })
    .update({
      previous_secret: previousUntil === null ? null : db.ref('secret'),
      previous_secret_expires_at: previousUntil,
      secret: box.seal(secret, id),
      updated_at: db.fn.now(3),
    });
  return changed > 0 ? secret : undefined;
}

export async function disableWebhookEndpoint(db: Db, id: string, reason: string): Promise<void> {
  await db('webhook_endpoints')
    .where({ id })
    .update({ enabled: false, disabled_reason: reason.slice(0, 255), updated_at: db.fn.now(3) });
}

export type NewWebhookDelivery = Omit<WebhookDeliveryRow, 'id' | 'createdAt'>;

/** Records one attempt; recording the same attempt again keeps one row with the latest outcome. */
export async function recordWebhookDelivery(db: Db, d: NewWebhookDelivery): Promise<void> {
  await db('webhook_deliveries')
    .insert({
      id: randomUUID(),
      endpoint_id: d.endpointId,
      event_id: d.eventId,
      event_type: d.eventType,
      attempt: d.attempt,
      outcome: d.outcome,
      status_code: d.statusCode,
      error: d.error,
      duration_ms: d.durationMs,
    })
    .onConflict(['endpoint_id', 'event_id', 'attempt'])
    .merge(['outcome', 'status_code', 'error', 'duration_ms']);
}

const deliveryColumns = {
  id: 'id',
  endpointId: 'endpoint_id',
  eventId: 'event_id',
  eventType: 'event_type',
  attempt: 'attempt',
  outcome: 'outcome',
  statusCode: 'status_code',
  error: 'error',
  durationMs: 'duration_ms',
  createdAt: 'created_at',
};

/** An endpoint's delivery attempts, newest first. */
export async function listWebhookDeliveries(
  db: Db,
  endpointId: string,
  page: PageRequest,
): Promise<Page<WebhookDeliveryRow>> {
  return pageWithTotal(
    db('webhook_deliveries')
      .select(deliveryColumns)
      .where({ endpoint_id: endpointId })
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'attempt', order: 'desc' }, { column: 'id' }]),
    countOf(db('webhook_deliveries').where({ endpoint_id: endpointId })),
    page,
  );
}

export interface WebhookEndpointChanges {
  url?: string;
  description?: string | null;
  events?: WebhookEventType[];
  enabled?: boolean;
  apiVersion?: string;
}

/** Applies the changes; enabling clears the reason it was disabled. False when the endpoint is unknown. */
export async function updateWebhookEndpoint(
  db: Db,
  companyId: string,
  id: string,
  changes: WebhookEndpointChanges,
): Promise<boolean> {
  const set: Record<string, unknown> = { updated_at: db.fn.now(3) };
  if (changes.url !== undefined) set.url = changes.url;
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.events !== undefined) set.events = JSON.stringify(changes.events);
  if (changes.apiVersion !== undefined) set.api_version = changes.apiVersion;
  if (changes.enabled === true) Object.assign(set, { enabled: true, disabled_reason: null });
  if (changes.enabled === false) Object.assign(set, { enabled: false, disabled_reason: 'Disabled through the API' });
  return (await db('webhook_endpoints').where({ id, company_id: companyId }).update(set)) > 0;
}

/** One recorded attempt of the endpoint, by its id. */
export async function getWebhookDelivery(
  db: Db,
  endpointId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  return (await db('webhook_deliveries').select(deliveryColumns).where({ id, endpoint_id: endpointId }).first()) as
    WebhookDeliveryRow | undefined;
}

/** The record of attempt `attempt` of an event at an endpoint, once it is written. */
export async function findWebhookAttempt(
  db: Db,
  endpointId: string,
  eventId: string,
  attempt: number,
): Promise<WebhookDeliveryRow | undefined> {
  return (await db('webhook_deliveries')
    .select(deliveryColumns)
    .where({ endpoint_id: endpointId, event_id: eventId, attempt })
    .first()) as WebhookDeliveryRow | undefined;
}

/** How many attempts an event has had at an endpoint (the highest attempt number). */
export async function lastWebhookAttempt(db: Db, endpointId: string, eventId: string): Promise<number> {
  const [row] = (await db('webhook_deliveries')
    .where({ endpoint_id: endpointId, event_id: eventId })
    .max({ n: 'attempt' })) as Array<{ n: number | null }>;
  return Number(row?.n ?? 0);
}
