import type { DeliverableEvent } from './webhookEvents';
import type { WebhookRetry } from './webhookRetry';

// The webhook delivery workflow's input and result (workflows/webhookDelivery.ts), in a module of their own so
// that the one client-side start (common/workflowStarts/webhookDelivery.ts), which the worker's activities use
// too, types its start without importing the workflow (and, through it, every activity).

/**
 * Why an attempt is made (the `trigger` label of sales_practice_webhook_deliveries_total): `event` for an event's
 * own delivery (its schedule, or a recovery), `test` and `redeliver` for the one attempt a customer asked for
 * through the API. A customer's failed test says nothing of receivers failing on their own, so the alert counts
 * only `event`.
 */
export type DeliveryTrigger = 'event' | 'test' | 'redeliver';

export type WebhookDeliveryResult =
  | { outcome: 'delivered'; statusCode: number; attempt: number }
  /** A 410 Gone: the receiver asked us to stop, the endpoint is now disabled. */
  | { outcome: 'endpoint_disabled'; statusCode: 410; attempt: number }
  /** Deleted or disabled before this attempt: nothing was sent. */
  | { outcome: 'skipped'; reason: string };

export interface WebhookDeliveryInput {
  companyId: string;
  endpointId: string;
  /** The kept event (webhook_events) to send: its id and type only (claim check). */
  eventId?: string;
  eventType?: string;
  /** Only in deliveries started before events were kept when created: the whole event. */
  event?: DeliverableEvent;
  /** The schedule, as the producing run asked the worker for it (ignored with `workerPolicy`). */
  retry: WebhookRetry;
  /**
   * Every client-side start (common/workflowStarts/webhookDelivery.ts): run on the worker's own policy
   * (webhookRetryPolicy, asked here), with at most `attempts` attempts when given (test, redelivery), so
   * WEBHOOK_TIMEOUT and the rest are the worker's, never the starting process's. The start still sends `retry`
   * for a worker of the previous release during a deploy, which ignores this field.
   * Inputs without it (every run started before) never ask, so their histories replay unchanged.
   */
  workerPolicy?: { attempts?: number };
  /** The API's test (`test`) or redelivery (`redeliver`), counted apart from an event's own deliveries; absent: `event`. */
  trigger?: Exclude<DeliveryTrigger, 'event'>;
  /** Attempts made for this event and endpoint before this workflow (a redelivery); numbering continues after them. */
  attemptOffset?: number;
  /**
   * Wait before the first attempt here: the first wait of the schedule (or the receiver's Retry-After) when
   * the first attempt was made by the run that produced the event (patch `folded-steps`). Absent in every
   * other delivery, so their histories hold no timer.
   */
  firstDelayMs?: number;
}
