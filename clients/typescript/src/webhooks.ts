import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { webhooks } from './schema';

// Verifying a webhook the service sent, with the public `standardwebhooks` library: the service signs
// every delivery with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature)
// under the endpoint's `whsec_…` secret. The library checks the signature and that the timestamp is
// within 5 minutes; the event's type then narrows its `data`.

export { WebhookVerificationError };

/** The event types the service sends (the OpenAPI document's `webhooks`). */
export type WebhookType = keyof webhooks;

/** The body a receiver gets for one event type. */
export type WebhookEventOf<T extends WebhookType> = NonNullable<
  webhooks[T]['post']
>['requestBody']['content']['application/json'];

/** Any event the service sends; switch on `type` to narrow `data`. */
export type AnyWebhookEvent = { [T in WebhookType]: WebhookEventOf<T> }[WebhookType];

/**
 * The event, once the signature over the raw body verifies with `secret` (the endpoint's `whsec_…`);
 * throws WebhookVerificationError otherwise. Pass the body exactly as received (a string or the bytes),
 * never re-serialised JSON, and the request's headers (any case).
 */
export function verifyWebhook(
  secret: string,
  rawBody: string | Buffer,
  headers: Record<string, string | string[] | undefined> | Headers,
): AnyWebhookEvent {
  const flat: Record<string, string> = {};
  const entries: Array<[string, string | string[] | undefined]> =
    headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  const payload = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  return new Webhook(secret).verify(payload, flat) as AnyWebhookEvent;
}
