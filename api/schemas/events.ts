import { Type, type Static } from '@sinclair/typebox';
import { DELIVERABLE_EVENT_TYPES } from '../../common/webhookEvents';
import { DateTime, Nullable, Uuid } from './common';

// The company's events (GET /api/events) and recovering an endpoint's missed events (POST …/recover).

export const EventListQuery = Type.Object(
  {
    type: Type.Optional(
      Type.Union(
        DELIVERABLE_EVENT_TYPES.map((t) => Type.Literal(t)),
        { description: 'Only events of this type (the types of GET /api/webhook-events).' },
      ),
    ),
    since: Type.Optional({ ...DateTime, description: 'Only events created at or after this time.' }),
    until: Type.Optional({ ...DateTime, description: 'Only events created before this time.' }),
    starting_after: Type.Optional({
      ...Uuid,
      description: 'Cursor: the id of the last event of the previous page; the page starts with the next older event.',
    }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Maximum events returned.' }),
  },
  { additionalProperties: false },
);
export type EventListQuery = Static<typeof EventListQuery>;

export const EventDeliveryStatus = Type.Object(
  {
    endpointId: Uuid,
    status: Type.Union([Type.Literal('delivered'), Type.Literal('failed')], {
      description: '`delivered` once an attempt got a 2xx; `failed` while none did (it may still be retrying).',
    }),
    attempts: Type.Integer({ minimum: 1, description: 'Attempts made at this endpoint.' }),
    lastAttemptAt: DateTime,
  },
  { additionalProperties: false },
);
export type EventDeliveryStatus = Static<typeof EventDeliveryStatus>;

export const CompanyEvent = Type.Object(
  {
    id: { ...Uuid, description: "The event id: the `webhook-id` header and the body's `id` of every delivery." },
    type: Type.String({ description: 'The event type.' }),
    createdAt: DateTime,
    payload: Type.Unsafe<Record<string, unknown>>({
      type: 'object',
      description:
        'The body as delivered (every delivery sends these bytes); its schema per type is in GET /api/webhook-events.',
    }),
    deliveries: Type.Array(EventDeliveryStatus, {
      description: 'Per endpoint that was sent the event: whether it received it. Empty when none was.',
    }),
  },
  { additionalProperties: false },
);
export type CompanyEvent = Static<typeof CompanyEvent>;

export const EventList = Type.Object(
  {
    data: Type.Array(CompanyEvent, { description: 'Newest first.' }),
    hasMore: Type.Boolean({
      description: 'Whether older events match: ask again with `starting_after` = the last id of `data`.',
    }),
  },
  { additionalProperties: false },
);
export type EventList = Static<typeof EventList>;

export const RecoverBody = Type.Object(
  {
    since: { ...DateTime, description: 'Events created at or after this time.' },
    until: Type.Optional({ ...DateTime, description: 'Events created before this time; now when absent.' }),
  },
  { additionalProperties: false, examples: [{ since: '2026-11-24T06:00:00.000Z', until: '2026-11-25T18:00:00.000Z' }] },
);
export type RecoverBody = Static<typeof RecoverBody>;

export const RecoverResult = Type.Object(
  {
    queued: Type.Integer({
      minimum: 0,
      description: 'Events queued for delivery: each one the endpoint subscribes to and has not received.',
    }),
    alreadyQueued: Type.Integer({
      minimum: 0,
      description: 'Events of the window whose recovery from an earlier request is still being delivered.',
    }),
    since: DateTime,
    until: DateTime,
    nextSince: Nullable({
      ...DateTime,
      description:
        'Set when more than WEBHOOK_RECOVER_BATCH events waited: recover again with this as `since` (the first event not queued); null when all were.',
    }),
  },
  { additionalProperties: false },
);
export type RecoverResult = Static<typeof RecoverResult>;
