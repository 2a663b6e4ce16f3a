import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
} from '../../db/queries/webhooks';
import { changeWebhookEndpoint, registerWebhookEndpoint, rekeyWebhookEndpoint } from '../commands/webhookEndpoints';
import { notFound } from '../errors';
import { defineOperation, type Operation } from '../operation';
import { IdParams, PageQuery, pagination } from '../schemas/common';
import {
  CreateWebhookEndpointBody,
  RotatedWebhookEndpoint,
  RotateWebhookSecretBody,
  UpdatedWebhookEndpoint,
  UpdateWebhookEndpointBody,
  WebhookDeliveryList,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '../schemas/webhooks';
import { toDelivery, toEndpoint } from '../../common/views/webhooks';

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
      errors: [409, 503],
    },
    async ({ body, company, deps }) => {
      const { endpoint, secret } = await registerWebhookEndpoint(deps, company.id, body);
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
      operationId: 'updateWebhookEndpoint',
      method: 'patch',
      path: '/api/webhook-endpoints/{id}',
      summary: 'Change a webhook endpoint',
      description:
        'Changes `url`, `events`, `description` or `enabled`; only the fields sent change. `{"enabled": true}` is the way back for an endpoint ' +
        "disabled after its receiver answered 410 Gone or failed for WEBHOOK_DISABLE_AFTER: the next event is delivered again, and the answer's " +
        '`eventsToRecover` says how many kept events it has not received (POST …/recover sends them). The secret is unchanged (see rotate-secret).',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'webhooks:manage',
      params: IdParams,
      body: UpdateWebhookEndpointBody,
      response: UpdatedWebhookEndpoint,
      errors: [404],
    },
    async ({ params, body, company, deps }) => {
      const { endpoint, eventsToRecover } = await changeWebhookEndpoint(deps, company.id, params.id, body);
      return eventsToRecover === undefined ? toEndpoint(endpoint) : { ...toEndpoint(endpoint), eventsToRecover };
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
      errors: [404, 503],
    },
    async ({ params, body, company, deps }) => {
      const { endpoint, secret, previousSecretExpiresAt } = await rekeyWebhookEndpoint(
        deps,
        company.id,
        params.id,
        body?.expiresInSeconds,
      );
      return {
        ...toEndpoint(endpoint),
        secret,
        previousSecretExpiresAt: previousSecretExpiresAt ? previousSecretExpiresAt.toISOString() : null,
      };
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
