import { Type, type Static } from '@sinclair/typebox';
import { WEBHOOK_EVENT_TYPES } from '../../common/webhookEvents';
import { ApiVersionSchema } from './apiKeys';
import { DateTime, Nullable, Page, Uuid } from './common';

export const WebhookEventTypeSchema = Type.Union(
  WEBHOOK_EVENT_TYPES.map((t) => Type.Literal(t)),
  { description: 'An event kind the service sends.' },
);

const endpointFields = {
  id: Uuid,
  url: Type.String({ format: 'uri' }),
  description: Nullable(Type.String()),
  events: Type.Array(WebhookEventTypeSchema),
  enabled: Type.Boolean({
    description: 'False once the receiver answered 410 Gone; nothing is sent to a disabled endpoint.',
  }),
  disabledReason: Nullable(Type.String()),
  apiVersion: Type.Optional({
    ...ApiVersionSchema,
    description:
      'The API version its events are rendered in and named with (`Sales-Practice-Version` on each delivery): the current one when the endpoint was created; PATCH changes it.',
  }),
  createdAt: DateTime,
  updatedAt: DateTime,
};

/** An endpoint as listed: never with its secret. */
export const WebhookEndpoint = Type.Object(endpointFields, { additionalProperties: false });
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** An endpoint right after creation or rotation: the only time its secret is shown. */
export const WebhookEndpointWithSecret = Type.Object(
  {
    ...endpointFields,
    secret: Type.String({
      pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
      description:
        'Signing secret, shown only in this response. Store it: it verifies X-Service-Signature and the Standard Webhooks headers.',
    }),
  },
  { additionalProperties: false },
);
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecret>;

export const WebhookEndpointList = Page(WebhookEndpoint);

export const RotateWebhookSecretBody = Type.Object(
  {
    expiresInSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'How long the previous secret keeps signing beside the new one, at most WEBHOOK_ROTATION_OVERLAP (24 hours by default, also when absent); 0 stops it at once.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RotateWebhookSecretBody = Static<typeof RotateWebhookSecretBody>;

/** An endpoint right after rotation: the new secret, once, and until when the previous one still signs. */
export const RotatedWebhookEndpoint = Type.Object(
  {
    ...WebhookEndpointWithSecret.properties,
    previousSecretExpiresAt: Nullable({
      ...DateTime,
      description:
        'Until this time every delivery is signed with the previous secret too (both signatures in each header); null when it stopped at once.',
    }),
  },
  { additionalProperties: false },
);
export type RotatedWebhookEndpoint = Static<typeof RotatedWebhookEndpoint>;

export const CreateWebhookEndpointBody = Type.Object(
  {
    url: Type.String({
      format: 'uri',
      pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
      maxLength: 2048,
      description: 'An http(s) URL that receives POSTed events.',
    }),
    events: Type.Array(WebhookEventTypeSchema, {
      minItems: 1,
      uniqueItems: true,
      description: 'Event kinds to receive.',
    }),
    description: Type.Optional(Type.String({ maxLength: 1024 })),
    apiVersion: Type.Optional({
      ...ApiVersionSchema,
      description: 'The API version to render its events in. Default: the current version.',
    }),
  },
  { additionalProperties: false },
);

export const WebhookDelivery = Type.Object(
  {
    id: Uuid,
    eventId: Uuid,
    eventType: Type.String(),
    attempt: Type.Integer({ minimum: 1, description: 'Attempt number for this event at this endpoint, from 1.' }),
    outcome: Type.Union([Type.Literal('delivered'), Type.Literal('failed')]),
    statusCode: Nullable(Type.Integer({ description: 'HTTP status the receiver answered; null when no answer came.' })),
    error: Nullable(Type.String()),
    durationMs: Type.Integer({ minimum: 0 }),
    createdAt: DateTime,
  },
  { additionalProperties: false },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryList = Page(WebhookDelivery);

export const UpdateWebhookEndpointBody = Type.Object(
  {
    url: Type.Optional(CreateWebhookEndpointBody.properties.url),
    events: Type.Optional(CreateWebhookEndpointBody.properties.events),
    description: Type.Optional(Nullable(Type.String({ maxLength: 1024 }))),
    enabled: Type.Optional(
      Type.Boolean({
        description: 'true re-enables an endpoint (e.g. one disabled after a 410 Gone); false stops deliveries to it.',
      }),
    ),
    apiVersion: Type.Optional({
      ...ApiVersionSchema,
      description: 'The API version its events are rendered in from now on.',
    }),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description: 'Any of the fields (at least one); only supplied fields change.',
  },
);
export type UpdateWebhookEndpointBody = Static<typeof UpdateWebhookEndpointBody>;

/** An endpoint after PATCH: re-enabling one also says how many events wait for recovery. */
export const UpdatedWebhookEndpoint = Type.Object(
  {
    ...endpointFields,
    eventsToRecover: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'Only when this request re-enabled a disabled endpoint: the kept events it subscribes to, since it was created, that it has not received; POST …/recover delivers them.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type UpdatedWebhookEndpoint = Static<typeof UpdatedWebhookEndpoint>;

export const DeliveryParams = Type.Object({ id: Uuid, deliveryId: Uuid }, { additionalProperties: false });

export const WebhookAttemptResult = Type.Object(
  {
    eventId: { ...Uuid, description: 'The event sent (for a redelivery, the original event id).' },
    attempt: Type.Integer({ minimum: 1, description: 'Attempt number of this event at this endpoint.' }),
    outcome: Type.Union([Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('pending')], {
      description:
        '`pending`: the attempt was not made within WEBHOOK_ATTEMPT_WAIT; it still will be, see the deliveries.',
    }),
    delivery: Nullable(WebhookDelivery),
  },
  { additionalProperties: false },
);
export type WebhookAttemptResult = Static<typeof WebhookAttemptResult>;

export const WebhookEventCatalog = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        {
          type: Type.String({ description: "The event type, as in the body's `type`." }),
          description: Type.String(),
          subscribable: Type.Boolean({
            description:
              'Whether an endpoint can subscribe to it in `events` (the test event is sent on request only).',
          }),
          schema: Type.Unsafe<Record<string, unknown>>({
            type: 'object',
            description: 'JSON Schema (2020-12) of the whole request body a receiver gets.',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type WebhookEventCatalog = Static<typeof WebhookEventCatalog>;
