import { CURRENT_API_VERSION, isApiVersion } from '../../common/apiVersions';
import net from 'node:net';
import { durationMs } from '../../common/config';
import { blockedRange } from '../../common/outbound';
import { webhookSecretBox } from '../../common/webhookSecretBox';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  rotateWebhookSecret,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../db/queries/webhooks';
import { withinCompanyCeiling } from '../../db/queries/companyCeilings';
import { badRequest, conflict, notFound } from '../errors';
import { defineOperation, type Operation } from '../operation';
import { IdParams, PageQuery, pagination } from '../schemas/common';
import {
  CreateWebhookEndpointBody,
  RotatedWebhookEndpoint,
  RotateWebhookSecretBody,
  WebhookDeliveryList,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../schemas/webhooks';

export function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    apiVersion: isApiVersion(row.apiVersion) ? row.apiVersion : CURRENT_API_VERSION,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    attempt: row.attempt,
    outcome: row.outcome,
    statusCode: row.statusCode,
    error: row.error,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Internal IP literals can never be delivered to when private networks are blocked: say so now. */
export function assertReachable(url: string, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const range = net.isIP(host) ? blockedRange(host) : null;
  if (range) {
    // As every refusal by the address check: which kind of address it is stays unsaid.
    throw badRequest('validation_failed', 'The webhook URL points at an address the service does not send to.', [
      { in: 'body', field: 'url', message: 'url: the address is not allowed' },
    ]);
  }
}

const TAGS = ['Webhooks'];

export const webhookEndpointOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'createWebhookEndpoint',
      method: 'post',
      idempotent: 'transaction',
      path: '/api/webhook-endpoints',
      summary: 'Register a webhook endpoint',
      description:
        'Subscribes an http(s) URL to event kinds. The answer carries the signing secret (whsec_...) once; it cannot be read again, only rotated. ' +
        'A company has at most WEBHOOK_ENDPOINTS_PER_COMPANY endpoints (20 by default): one more is 409 `limit_reached`.',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'webhooks:manage',
      body: CreateWebhookEndpointBody,
      response: WebhookEndpointWithSecret,
      successStatus: 201,
      errors: [409],
    },
    async ({ body, company, deps }) => {
      assertReachable(body.url, deps.config.OUTBOUND_ALLOW_PRIVATE);
      const limit = deps.config.WEBHOOK_ENDPOINTS_PER_COMPANY;
      const { endpoint, secret } = await withinCompanyCeiling(
        deps.db,
        company.id,
        'webhookEndpoints',
        (count) => {
          if (count >= limit) {
            throw conflict(
              'limit_reached',
              `The company already has ${limit} webhook endpoints, the most it may have (WEBHOOK_ENDPOINTS_PER_COMPANY). Delete one it no longer uses first.`,
            );
          }
        },
        (trx) =>
          createWebhookEndpoint(
            trx,
            {
              companyId: company.id,
              url: body.url,
              description: body.description ?? null,
              events: body.events,
              apiVersion: body.apiVersion ?? CURRENT_API_VERSION,
            },
            webhookSecretBox(deps.config),
          ),
      );
      return { ...toEndpoint(endpoint), secret };
    },
  ),
  defineOperation(
    {
      operationId: 'listWebhookEndpoints',
      method: 'get',
      path: '/api/webhook-endpoints',
      summary: "List the caller's webhook endpoints",
      description: 'Oldest first. Secrets are never listed.',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'webhooks:manage',
      query: PageQuery,
      response: WebhookEndpointList,
    },
    async ({ query, company, deps }) => {
      const { rows, total } = await listWebhookEndpoints(deps.db, company.id, query);
      return { data: rows.map(toEndpoint), pagination: pagination(total, query.offset, query.limit, rows.length) };
    },
  ),
  defineOperation(
    {
      operationId: 'deleteWebhookEndpoint',
      method: 'delete',
      path: '/api/webhook-endpoints/{id}',
      summary: 'Remove a webhook endpoint',
      description: 'Removes the endpoint and its delivery records; deliveries still pending for it are dropped.',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'webhooks:manage',
      params: IdParams,
      response: undefined,
      successStatus: 204,
      errors: [404],
    },
    async ({ params, company, deps, ctx }) => {
      if (!(await deleteWebhookEndpoint(deps.db, company.id, params.id))) throw notFound('Webhook endpoint');
      ctx.status = 204;
    },
  ),
  defineOperation(
    {
      operationId: 'rotateWebhookSecret',
      method: 'post',
      idempotent: 'transaction',
      path: '/api/webhook-endpoints/{id}/rotate-secret',
      summary: "Replace a webhook endpoint's signing secret",
      description:
        'The new secret is shown once and signs every delivery from now on, retries of earlier events included. The previous secret keeps ' +
        'signing beside it for WEBHOOK_ROTATION_OVERLAP (24 hours by default) or `expiresInSeconds` when shorter (0: it stops at once): ' +
        'each delivery then carries both signatures (two `v1=` in X-Service-Signature, two space-separated entries in `webhook-signature`), ' +
        'so receivers verify with either while they move to the new one. Rotating again forgets the secret before the previous one.',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'webhooks:manage',
      params: IdParams,
      body: RotateWebhookSecretBody,
      bodyOptional: true,
      response: RotatedWebhookEndpoint,
      errors: [404],
    },
    async ({ params, body, company, deps }) => {
      const overlapMs = Math.min(
        durationMs(deps.config.WEBHOOK_ROTATION_OVERLAP),
        body?.expiresInSeconds === undefined ? Number.POSITIVE_INFINITY : body.expiresInSeconds * 1000,
      );
      const until = overlapMs > 0 ? new Date(Date.now() + overlapMs) : null;
      const secret = await rotateWebhookSecret(deps.db, company.id, params.id, webhookSecretBox(deps.config), until);
      const endpoint = secret === undefined ? undefined : await getWebhookEndpoint(deps.db, company.id, params.id);
      if (secret === undefined || !endpoint) throw notFound('Webhook endpoint');
      return { ...toEndpoint(endpoint), secret, previousSecretExpiresAt: until ? until.toISOString() : null };
    },
  ),
  defineOperation(
    {
      operationId: 'listWebhookDeliveries',
      method: 'get',
      path: '/api/webhook-endpoints/{id}/deliveries',
      summary: 'List delivery attempts to a webhook endpoint',
      description:
        'One record per attempt (event id, type, status code, error, attempt number, outcome, time), newest first.',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'webhooks:manage',
      params: IdParams,
      query: PageQuery,
      response: WebhookDeliveryList,
      errors: [404],
    },
    async ({ params, query, company, deps }) => {
      if (!(await getWebhookEndpoint(deps.db, company.id, params.id))) throw notFound('Webhook endpoint');
      const { rows, total } = await listWebhookDeliveries(deps.db, params.id, query);
      return { data: rows.map(toDelivery), pagination: pagination(total, query.offset, query.limit, rows.length) };
    },
  ),
];
