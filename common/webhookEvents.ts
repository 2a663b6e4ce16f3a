import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { RecordingAnalysis } from './recordingAnalysis';

// Webhook event contract: the envelope and payloads receivers get, as TypeBox schemas — the one
// source for the TypeScript types, GET /api/webhook-events and the OpenAPI document's `webhooks`.
// The event id is fixed when the event is first built and stays the same on every retry and redelivery.

/** The event types an endpoint subscribes to. */
export const WEBHOOK_EVENT_TYPES = [
  'recording.processing.completed',
  'recording.processing.failed',
  'user.erased',
  'export.completed',
  'export.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only on request (POST /api/webhook-endpoints/{id}/test), whatever the endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** Sent to the company's other enabled endpoints when one is disabled for failing too long (not subscribable). */
export const WEBHOOK_ENDPOINT_DISABLED_EVENT = 'webhook.endpoint.disabled';
export type DeliverableEventType =
  WebhookEventType | typeof WEBHOOK_TEST_EVENT | typeof WEBHOOK_ENDPOINT_DISABLED_EVENT;
/** Every type an event the service sends can have (GET /api/events filters by them). */
export const DELIVERABLE_EVENT_TYPES: readonly DeliverableEventType[] = [
  ...WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_ENDPOINT_DISABLED_EVENT,
];

export interface WebhookEvent<T = unknown> {
  id: string;
  type: WebhookEventType;
  /** ISO 8601 UTC. */
  createdAt: string;
  data: T;
}

/** An event kept in webhook_events (claim check): workflows pass this, never the body. */
export interface WebhookEventRef {
  id: string;
  type: WebhookEventType;
}

const Id = Type.String({ format: 'uuid' });

/** The caller's references on the recording (POST /api/recording `externalId`, `metadata`), present only when given. */
const RecordingReferences = {
  externalId: Type.Optional(Type.String({ description: 'The externalId the recording was submitted with.' })),
  metadata: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description:
        'The metadata the recording was submitted with; absent in events about a person whose erasure was requested.',
    }),
  ),
};

export const RecordingEventUser = Type.Object(
  { id: Id, name: Type.String(), userUniqueIdentifier: Type.String() },
  { additionalProperties: false, description: 'The user the recording belongs to.' },
);
export type RecordingEventUser = Static<typeof RecordingEventUser>;

export const RecordingCompletedData = Type.Object(
  {
    recordingId: Id,
    status: Type.Literal('completed'),
    user: RecordingEventUser,
    sessionId: Type.Union([Id, Type.Null()], {
      description: 'The session created when the recording was submitted with a roleplayId.',
    }),
    result: RecordingAnalysis,
    ...RecordingReferences,
  },
  { additionalProperties: false },
);
export type RecordingCompletedData = Static<typeof RecordingCompletedData>;

export const RecordingFailedData = Type.Object(
  {
    recordingId: Id,
    status: Type.Literal('failed'),
    user: Type.Union([RecordingEventUser, Type.Null()], {
      description: 'Null when the recording failed before its user was resolved.',
    }),
    reason: Type.String({ description: 'What failed, e.g. "Transcription failed: …" or "Processing was cancelled".' }),
    ...RecordingReferences,
  },
  { additionalProperties: false },
);
export type RecordingFailedData = Static<typeof RecordingFailedData>;

export const UserErasedData = Type.Object(
  {
    userId: Id,
    requestedAt: Type.String({
      format: 'date-time',
      description: 'When POST /api/user/{userId}/erase was first received.',
    }),
    erasedAt: Type.String({
      format: 'date-time',
      description: 'When the tombstone replaced the name, email and external identifier.',
    }),
    recordingsCancelled: Type.Integer({
      minimum: 0,
      description: 'Recordings that were still in progress and were cancelled.',
    }),
    recordingsErased: Type.Integer({
      minimum: 0,
      description: 'Recordings whose stored media, transcripts and snippets were deleted.',
    }),
    sessionsErased: Type.Integer({
      minimum: 0,
      description: 'Sessions whose snippets and media were deleted (their scores stay).',
    }),
  },
  {
    additionalProperties: false,
    description: 'Nothing that identifies the person: only the user id the company asked about.',
  },
);
export type UserErasedData = Static<typeof UserErasedData>;

const ExportFields = {
  exportId: Id,
  companyId: { ...Id, description: 'The company exported: the caller, or the child company it named.' },
};

export const ExportCompletedData = Type.Object(
  {
    ...ExportFields,
    status: Type.Literal('completed'),
    sizeBytes: Type.Integer({ minimum: 0, description: "The archive's size." }),
    completedAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.String({
      format: 'date-time',
      description: 'When the archive is deleted (EXPORT_RETENTION after completedAt).',
    }),
  },
  { additionalProperties: false, description: 'GET /api/exports/{exportId} gives the download link.' },
);
export type ExportCompletedData = Static<typeof ExportCompletedData>;

export const ExportFailedData = Type.Object(
  {
    ...ExportFields,
    status: Type.Literal('failed'),
    reason: Type.String({ description: 'What failed; asking for a new export is safe.' }),
  },
  { additionalProperties: false },
);
export type ExportFailedData = Static<typeof ExportFailedData>;

export const WebhookTestData = Type.Object({ endpointId: Id, message: Type.String() }, { additionalProperties: false });
export type WebhookTestData = Static<typeof WebhookTestData>;

export interface WebhookTestEvent extends Omit<WebhookEvent<WebhookTestData>, 'type'> {
  type: typeof WEBHOOK_TEST_EVENT;
}

export const EndpointDisabledData = Type.Object(
  {
    endpointId: Id,
    reason: Type.String({ description: "Why it was disabled, as in the endpoint's `disabledReason`." }),
    failingSince: Type.String({
      format: 'date-time',
      description: 'The first failed attempt after its last delivered one.',
    }),
    disabledAt: Type.String({ format: 'date-time' }),
  },
  {
    additionalProperties: false,
    description:
      'Re-enable it with PATCH {"enabled": true} once its receiver works, then POST …/recover what it missed.',
  },
);
export type EndpointDisabledData = Static<typeof EndpointDisabledData>;

export interface EndpointDisabledEvent extends Omit<WebhookEvent<EndpointDisabledData>, 'type'> {
  type: typeof WEBHOOK_ENDPOINT_DISABLED_EVENT;
}

/** What the delivery workflow sends: a subscribed event, a test event, or an endpoint's disabling. */
export type DeliverableEvent = WebhookEvent | WebhookTestEvent | EndpointDisabledEvent;

export interface WebhookEventDescription {
  type: DeliverableEventType;
  summary: string;
  /** Whether an endpoint subscribes to it (`events`); the test event is sent on request only. */
  subscribable: boolean;
  data: TSchema;
}

export const WEBHOOK_EVENT_DESCRIPTIONS: readonly WebhookEventDescription[] = [
  {
    type: 'recording.processing.completed',
    summary: 'A recording was transcribed and analysed; `data.result` is the analysis.',
    subscribable: true,
    data: RecordingCompletedData,
  },
  {
    type: 'recording.processing.failed',
    summary: 'A recording failed for good or was cancelled; `data.reason` says why.',
    subscribable: true,
    data: RecordingFailedData,
  },
  {
    type: 'user.erased',
    summary:
      "A person's erasure finished: their recordings' media, transcripts and snippets are deleted and the user is a tombstone.",
    subscribable: true,
    data: UserErasedData,
  },
  {
    type: 'export.completed',
    summary:
      "A company export's archive is written (POST /api/exports); sent to the endpoints of the company that asked for it.",
    subscribable: true,
    data: ExportCompletedData,
  },
  {
    type: 'export.failed',
    summary: 'A company export failed for good; sent to the endpoints of the company that asked for it.',
    subscribable: true,
    data: ExportFailedData,
  },
  {
    type: WEBHOOK_ENDPOINT_DISABLED_EVENT,
    summary:
      "One of the company's endpoints failed every attempt for WEBHOOK_DISABLE_AFTER (5 days by default) and was disabled; sent to the company's other enabled endpoints, whatever they subscribe to.",
    subscribable: false,
    data: EndpointDisabledData,
  },
  {
    type: WEBHOOK_TEST_EVENT,
    summary: 'Sent by POST /api/webhook-endpoints/{id}/test to check that an endpoint receives and verifies events.',
    subscribable: false,
    data: WebhookTestData,
  },
];

/** The whole body a receiver gets for one event type. */
export function webhookEnvelope(description: WebhookEventDescription): TSchema {
  return Type.Object(
    {
      id: { ...Id, description: 'Event id: the same on every retry and redelivery; de-duplicate on it.' },
      type: Type.Literal(description.type),
      createdAt: Type.String({ format: 'date-time' }),
      data: description.data,
    },
    { additionalProperties: false, description: description.summary },
  );
}
