import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema';

// The typed client of the Sales Practice Service: openapi-fetch over the paths openapi-typescript
// generated from openapi.json (./schema.d.ts, `npm run openapi` at the repository root). Every request
// and answer is typed by the document; nothing here restates it.

export type { components, paths, webhooks } from './schema';
export {
  verifyWebhook,
  WebhookVerificationError,
  type AnyWebhookEvent,
  type WebhookEventOf,
  type WebhookType,
} from './webhooks';

export type SalesPracticeClient = Client<paths>;

export interface SalesPracticeClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the API is, e.g. https://api.example.com (no trailing /api). */
  baseUrl: string;
  /** An API key (`x-api-key`), with the scopes the calls need. */
  apiKey: string;
}

/** A client that sends the API key on every request: `client.GET('/api/recording/{id}', { params: { path: { id } } })`. */
export function createSalesPracticeClient(options: SalesPracticeClientOptions): SalesPracticeClient {
  const { apiKey, headers, ...rest } = options;
  return createClient<paths>({ ...rest, headers: { ...(headers as Record<string, string>), 'x-api-key': apiKey } });
}

/** The error body every failure answers: `{error: {code, message, details}}`. */
export type ErrorBody = components['schemas']['ErrorBody'];
