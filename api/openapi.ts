import type { TSchema } from '@sinclair/typebox';
import { sample } from 'openapi-sampler';
import { ErrorBody } from './schemas/common';
import { MAX_JSON_DEPTH } from './middleware/jsonBody';
import type { Operation } from './operation';
import { MAX_REPORTED_PROBLEMS, PARTIAL_CHECK_ITEMS } from './validation';
import { WEBHOOK_EVENT_DESCRIPTIONS, webhookEnvelope } from '../common/webhookEvents';
import { API_VERSION_HEADER, API_VERSION_NAMES, CURRENT_API_VERSION } from '../common/apiVersions';

type Json = Record<string, unknown>;

/** TypeBox schemas are JSON Schema already; this drops TypeBox's symbol keys and keeps plain JSON. */
const plain = (schema: TSchema): Json => JSON.parse(JSON.stringify(schema)) as Json;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400:
    `Invalid request: the problems are listed in error.details, at most ${MAX_REPORTED_PROBLEMS} (the message says how many more ` +
    `there were; a large invalid body is checked with its arrays cut to their first ${PARTIAL_CHECK_ITEMS} items, and the message ` +
    `says "at least"). A body nested more than ${MAX_JSON_DEPTH} levels deep is \`json_too_deep\`, before authentication; ` +
    'a body that is not JSON is `malformed_json`; a transcript past one of its limits names the line (docs/api.md, "Request limits").',
  401: 'Missing, invalid, expired or revoked credential.',
  403: "The API key lacks the operation's scope (insufficient_scope), or a child company id that is not a direct child of the caller.",
  404: 'Unknown id, or an id of another company.',
  409: 'Conflicts with the current state.',
  410: 'No longer available.',
  413: 'Body larger than 1 MiB.',
  415: 'Body is not JSON.',
  429: 'Rate limit exceeded.',
  503: 'A dependency is unavailable; retry later.',
};

/**
 * An example value generated from a schema (its `examples`, defaults, formats and patterns honoured),
 * so every operation shows a request and an answer; Spectral checks each against its schema.
 */
export const exampleOf = (schema: Json): unknown => sample(schema, { enablePatterns: true, quiet: true });

function parameters(location: 'path' | 'query' | 'header', schema: TSchema | undefined): Json[] {
  if (!schema) return [];
  const s = plain(schema) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, prop]) => ({
    name,
    in: location,
    required: location === 'path' || ((s.required ?? []).includes(name) && prop.default === undefined),
    ...(typeof prop.description === 'string' ? { description: prop.description } : {}),
    schema: prop,
    example: exampleOf(prop),
  }));
}

const VERSION_SCHEMA = { type: 'string', enum: [...API_VERSION_NAMES] };

/** Every operation takes the API version header and names the version it answered in (common/apiVersions.ts). */
const VERSION_PARAMETER: Json = {
  name: API_VERSION_HEADER,
  in: 'header',
  required: false,
  description:
    "The dated API version to answer in (docs/changelog.md). Without it: the API key's pinned version (the current one when the key was created).",
  schema: VERSION_SCHEMA,
  example: CURRENT_API_VERSION,
};
const VERSION_RESPONSE_HEADER: Json = {
  description: 'The API version this answer was given in.',
  schema: VERSION_SCHEMA,
};

/** OpenAPI 3.1 `webhooks`: what the service POSTs to a receiver for each event type. */
function webhooks(): Record<string, Json> {
  return Object.fromEntries(
    WEBHOOK_EVENT_DESCRIPTIONS.map((d) => [
      d.type,
      {
        post: {
          operationId: `webhook.${d.type}`.replace(/\.([a-z])/g, (_m, c: string) => c.toUpperCase()),
          summary: `${d.type} event`,
          description: `${d.summary} Signed with X-Service-Signature and the Standard Webhooks headers (webhook-id is the event id).`,
          tags: ['Webhooks'],
          requestBody: { required: true, content: { 'application/json': { schema: plain(webhookEnvelope(d)) } } },
          responses: {
            '200': {
              description: 'Any 2xx acknowledges the event; 410 Gone disables the endpoint; anything else is retried.',
            },
          },
        },
      },
    ]),
  );
}

/** What each tag groups, for the documentation's sections; an operation's tag missing here fails the build of the document. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Operations: 'Health and readiness probes for load balancers and orchestrators.',
  'API keys': 'Scoped API keys of the company: listing, issuing and revoking them (scope keys:manage).',
  Auth: 'Exchanging an API key for a short-lived bearer token.',
  Sessions: 'Roleplay sessions: the scored attempts of users.',
  Roleplays: 'Premade roleplays: what users practise and how they are scored.',
  'Memorization scripts': 'Memorization scripts and their segments.',
  Users: 'The users of a company and its direct child companies.',
  Invitations: 'Inviting users by email and accepting invitations.',
  Teams: 'Teams users belong to.',
  Counts: 'Active-user counts of the company and its child companies.',
  Webhooks: 'Endpoints that receive signed events, their delivery logs, and the events themselves.',
  Recordings: 'Submitting call recordings for transcription and analysis, and following them.',
  Exports: 'Everything a company has, in one archive to download (portability).',
};

function tags(operations: readonly Operation[]): Json[] {
  const names = [...new Set(operations.flatMap((op) => op.tags))];
  return names.map((name) => {
    const description = TAG_DESCRIPTIONS[name];
    if (!description) throw new Error(`OpenAPI tag "${name}" has no description in api/openapi.ts`);
    return { name, description };
  });
}

/** The OpenAPI 3.1 document, generated from the same operation list the router serves. */
export function buildOpenApi(operations: readonly Operation[], serverUrl: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of operations) {
    const responses: Json = {};
    responses[String(op.successStatus ?? 200)] = op.response
      ? {
          description: 'Success',
          headers: { [API_VERSION_HEADER]: VERSION_RESPONSE_HEADER },
          content: {
            'application/json': { schema: plain(op.response), example: exampleOf(plain(op.response)) },
            ...Object.fromEntries(
              Object.entries(op.renderings ?? {}).map(([type, r]) => [
                type,
                { schema: { type: 'string', description: r.description } },
              ]),
            ),
          },
        }
      : { description: 'Success', headers: { [API_VERSION_HEADER]: VERSION_RESPONSE_HEADER } };
    const statuses = new Set<number>([
      ...(op.auth === 'none' ? [] : [401, 429]),
      ...(op.scope !== null ? [403] : []),
      ...(op.params || op.query || op.body || op.headers ? [400] : []),
      ...(op.errors ?? []),
    ]);
    for (const status of [...statuses].sort()) {
      responses[String(status)] = {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      };
    }
    paths[op.path] ??= {};
    paths[op.path][op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      description: op.scope ? `${op.description}\n\nRequires the API key scope \`${op.scope}\`.` : op.description,
      tags: op.tags,
      // The scope is named in the description and in x-required-scope: Spectral (oas3-operation-security-defined)
      // accepts entries in a security requirement only for OAuth scopes.
      security: op.auth === 'none' ? [] : [{ [op.auth]: [] }],
      ...(op.scope ? { 'x-required-scope': op.scope } : {}),
      parameters: [
        ...parameters('path', op.params),
        ...parameters('query', op.query),
        ...parameters('header', op.headers),
        VERSION_PARAMETER,
      ],
      ...(op.body
        ? {
            requestBody: {
              required: !op.bodyOptional,
              content: { 'application/json': { schema: plain(op.body), example: exampleOf(plain(op.body)) } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sales Practice Service API',
      version: '1.0.0',
      description:
        'Roleplays, sessions, memorization scripts, users, invitations, active-user counts, webhooks and recording intake.',
      contact: { name: 'Sales Practice Service', url: 'https://github.com/sales-practice/service' },
    },
    servers: [{ url: serverUrl }],
    tags: tags(operations),
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: { ErrorBody: plain(ErrorBody) },
    },
    paths,
    webhooks: webhooks(),
  };
}
