import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox';
import { RecordingAnalysis } from '../../common/recordingAnalysis';
import { RECORDING_STATUSES, type RecordingStatus } from '../../common/recordingStatus';
import { RECORDING_PRIORITIES } from '../../common/workflowStarts/priority';
import {
  MAX_CUE_TAG_DEPTH,
  MAX_SPEAKER_CHARS,
  MAX_TIMING_SETTINGS,
  MAX_TRANSCRIPT_TEXT_CHARS,
} from '../../common/transcriptLimits';
import { DateTime, Nullable, Page, PageQueryFields, Uuid } from './common';

// The recording resource: POST /api/recording (spec 4.14, 2.9), and the extensions GET /api/recording/{id},
// GET /api/recording (the list), POST /api/recording/{id}/cancel and /retry. The rules that tie fields
// together (audio or a transcript, and the options of each) are api/commands/recordingSubmission.ts's.

export const SubmittedSegment = Type.Object(
  {
    speaker: Type.String({
      minLength: 1,
      maxLength: MAX_SPEAKER_CHARS,
      description: 'Name or label of the speaker.',
    }),
    start: Type.Number({ minimum: 0, description: 'Seconds from the start of the call.' }),
    end: Type.Number({ minimum: 0, description: 'Seconds from the start of the call; not before start.' }),
    text: Type.String({
      maxLength: MAX_TRANSCRIPT_TEXT_CHARS,
      description: `What was said; at most ${MAX_TRANSCRIPT_TEXT_CHARS} characters, the longest utterance analysed.`,
    }),
  },
  { additionalProperties: false },
);

export const ExternalId = Type.String({
  minLength: 1,
  maxLength: 255,
  description:
    "Extension: your own reference for the recording (your call id), unique in your company: a second submission with it is 409 `external_id_taken` naming the recording that has it. Echoed in the recording, the list (filter `externalId`) and the recording's webhook events.",
});

/** Stripe's limits: at most 50 keys, keys up to 40 characters, string values up to 500. */
export const Metadata = Type.Unsafe<Record<string, string>>({
  type: 'object',
  additionalProperties: { type: 'string', maxLength: 500 },
  propertyNames: { minLength: 1, maxLength: 40 },
  maxProperties: 50,
  description:
    "Extension: your key-value pairs for the recording (at most 50 keys, keys up to 40 characters, string values up to 500), echoed in the recording, the list and the recording's webhook events. Erasing the person removes them: do not rely on keeping personal data here.",
  examples: [{ crmCallId: 'call-8812', region: 'emea' }],
});

export const RecordingPrioritySchema = Type.Union(
  RECORDING_PRIORITIES.map((p) => Type.Literal(p)),
  { description: 'How soon the recording is wanted: `normal`, or `bulk` (waits behind every normal recording).' },
);

export const RecordingSubmission = Type.Object(
  {
    userUniqueIdentifier: Type.String({ minLength: 1, maxLength: 255, description: 'External user identifier.' }),
    userName: Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'Name of the recording creator; used when a new Integration user is created.',
    }),
    recordingPresignedUrl: Type.Optional(
      Type.String({
        format: 'uri',
        pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+',
        maxLength: 8192,
        description:
          'http(s) URL the audio/video file is fetched from. Exactly one of recordingPresignedUrl and transcript.',
      }),
    ),
    transcript: Type.Optional(
      Type.Union(
        [
          Type.String({
            minLength: 1,
            maxLength: 1_000_000,
            description:
              'WebVTT text; speakers as voice tags (`<v Dana Reyes>Hello`). Limits (a 400 naming the line): ' +
              `a line or a cue's text at most ${MAX_TRANSCRIPT_TEXT_CHARS} characters, a cue's tags nested at most ` +
              `${MAX_CUE_TAG_DEPTH} deep, at most ${MAX_TIMING_SETTINGS} settings on a timing line, a voice name ` +
              `at most ${MAX_SPEAKER_CHARS} characters.`,
          }),
          Type.Array(SubmittedSegment, { minItems: 1, maxItems: 20_000 }),
        ],
        {
          description:
            'Extension: a transcript instead of audio (no storage, no speech-to-text): WebVTT text or segments in seconds. ' +
            'Exactly one of recordingPresignedUrl and transcript; storeRecording must be false. Malformed WebVTT is a 400 naming the line.',
        },
      ),
    ),
    repSpeaker: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description:
          "Extension, with transcript: the speaker who is the rep (default: the transcript's first speaker).",
      }),
    ),
    repChannel: Type.Optional(
      Type.Union([Type.Literal('left'), Type.Literal('right')], {
        description:
          'Extension, with recordingPresignedUrl: the channel of a stereo recording the rep is on (default: the channel that speaks first).',
      }),
    ),
    storeRecording: Type.Boolean({
      description: 'true: the file is downloaded and stored before processing. Must be false with a transcript.',
    }),
    roleplayId: Type.Optional({
      ...Uuid,
      description: 'Extension: also store the result as a session of this roleplay of your company.',
    }),
    externalId: Type.Optional(ExternalId),
    metadata: Type.Optional(Metadata),
    priority: Type.Optional({
      ...RecordingPrioritySchema,
      description:
        'Extension: `normal` (default) for live calls; `bulk` for imports and backfills, processed only when no normal work of any company waits ' +
        "(Temporal priority 5 against 3). Companies share the service fairly either way: one company's backlog never holds up another's. " +
        "A bulk recording's webhooks are delivered at normal priority; a retry keeps the recording's priority.",
    }),
    redactPii: Type.Optional(
      Type.Boolean({
        description:
          'Extension: true keeps card numbers (with their expiry and CVV), bank account and routing numbers, email addresses, ' +
          'phone numbers and US social security numbers out of everything the service keeps, sends and shows: each is replaced ' +
          "by its type in brackets (`[CREDIT_CARD_NUMBER]`), and silenced in the stored audio. Default: the company's " +
          'default (false unless an operator set it).',
      }),
    ),
  },
  {
    additionalProperties: false,
    // Audio or a transcript: validateRecordingSubmission (api/commands/recordingSubmission.ts) checks that
    // and the options of each, in one place with one message per field. The schema cannot say it, so the
    // example (the OpenAPI document's, and the base of the tests' generated requests) is a complete one.
    examples: [
      {
        userUniqueIdentifier: 'rep-42',
        userName: 'Dana Reyes',
        recordingPresignedUrl: 'https://files.example.com/call.mp3',
        storeRecording: true,
      },
    ],
  },
);
export type RecordingSubmission = Static<typeof RecordingSubmission>;

export const RecordingAccepted = Type.Object(
  {
    status: Type.Literal('accepted'),
    recordingId: { ...Uuid, description: 'Extension: follow the processing at GET /api/recording/{recordingId}.' },
  },
  { additionalProperties: false },
);
export type RecordingAccepted = Static<typeof RecordingAccepted>;

export const RecordingStatusSchema: TUnion<Array<TLiteral<RecordingStatus>>> = Type.Union(
  RECORDING_STATUSES.map((status) => Type.Literal(status)),
);

export const RecordingView = Type.Object(
  {
    id: Uuid,
    status: RecordingStatusSchema,
    failureReason: Nullable(Type.String()),
    userId: Nullable(Uuid),
    sessionId: Nullable(Uuid),
    roleplayId: Nullable(Uuid),
    storeRecording: Type.Boolean(),
    priority: { ...RecordingPrioritySchema, description: 'As submitted (`normal` when none was given).' },
    createdAt: DateTime,
    updatedAt: DateTime,
    completedAt: Nullable(DateTime),
    mediaDeletedAt: Type.Union([DateTime, Type.Null()], {
      description:
        'When retention (RECORDING_RETENTION) deleted the stored media and the transcripts; null while they are kept. ' +
        'After that the session offers no audioUrl/videoUrl and result.snippets is empty; scores and measures stay.',
    }),
    externalId: Type.Optional({
      ...ExternalId,
      description: 'Your reference, as submitted; absent when none was given.',
    }),
    metadata: Type.Optional({
      ...Metadata,
      description: 'Your key-value pairs, as submitted; absent when none were given or once the person was erased.',
    }),
    redactPii: Type.Boolean({
      description: 'Whether personal data is redacted from this recording (its `redactPii`, else the company default).',
    }),
    result: Nullable(RecordingAnalysis),
  },
  { additionalProperties: false },
);
export type RecordingView = Static<typeof RecordingView>;

export const RecordingListQuery = Type.Object(
  {
    ...PageQueryFields,
    status: Type.Optional({ ...RecordingStatusSchema, description: 'Only recordings in this status.' }),
    userId: Type.Optional({ ...Uuid, description: 'Only recordings of this user.' }),
    roleplayId: Type.Optional({ ...Uuid, description: 'Only recordings submitted for this roleplay.' }),
    externalId: Type.Optional({ ...ExternalId, description: 'Only the recording submitted with this externalId.' }),
    userUniqueIdentifier: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description: 'Only recordings submitted with this userUniqueIdentifier.',
      }),
    ),
    priority: Type.Optional({ ...RecordingPrioritySchema, description: 'Only recordings of this priority.' }),
    createdAfter: Type.Optional({ ...DateTime, description: 'Only recordings created at or after this instant.' }),
    createdBefore: Type.Optional({ ...DateTime, description: 'Only recordings created before this instant.' }),
  },
  { additionalProperties: false },
);
export type RecordingListQuery = Static<typeof RecordingListQuery>;

/** A list item is what GET /api/recording/{id} answers, without the analysis. */
export const RecordingListItem = Type.Omit(RecordingView, ['result'], { additionalProperties: false });
export type RecordingListItem = Static<typeof RecordingListItem>;

export const RecordingList = Page(RecordingListItem);
export type RecordingList = Static<typeof RecordingList>;
