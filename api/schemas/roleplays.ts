import { Type, type Static, type TOptional, type TSchema } from '@sinclair/typebox';
import type {
  CustomAttributes as CustomAttributesValue,
  RoleplayLanguage,
  RoleplayType as RoleplayTypeValue,
} from '../../db/queries/roleplays';
import { Nullable, Uuid } from './common';

// Spec 2.1 (roleplay), 4.3 to 4.5, plus the create extension (POST /api/roleplay).
// Limits the spec leaves open are decided here, once, and shown in the OpenAPI document.

const LANGUAGES: RoleplayLanguage[] = ['en', 'es', 'fr-CA', 'pt-BR', 'cs'];
/** An enum keyword rather than a union of literals, so a wrong value gets one error naming the allowed ones. */
export const Language = Type.Unsafe<RoleplayLanguage>({
  type: 'string',
  enum: LANGUAGES,
  description: 'Roleplay language.',
});

const Tags = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 });
const LongText = (description: string) => Type.String({ maxLength: 20000, description });
const UpToIntMax = (description: string) => Nullable(Type.Integer({ minimum: 0, maximum: 2147483647, description }));

const ROLEPLAY_TYPES: RoleplayTypeValue[] = ['Train', 'Interview'];
/** Replay's values: `Train` (practice) and `Interview` (assessment). An enum keyword, so a wrong value is one error naming both. */
export const RoleplayType = Type.Unsafe<RoleplayTypeValue>({
  type: 'string',
  enum: ROLEPLAY_TYPES,
  description:
    '`Train` (practice) or `Interview` (assessment). Defaults to `Train` when a roleplay is created without it.',
});

// additionalProperties (not TypeBox's Record, whose `^(.*)$` pattern lets keys with a newline through unchecked).
export const CustomAttributes = Type.Unsafe<CustomAttributesValue>({
  type: 'object',
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 1000 },
  maxProperties: 50,
  propertyNames: { minLength: 1, maxLength: 100 },
  description:
    'Key-value pairs for external integrations: at most 50 keys of 1 to 100 characters; values are strings (at most 1000 characters), numbers, booleans or null. Writing it replaces the whole object.',
});

export const ConversationType = Type.Object(
  { title: Type.String({ minLength: 1, maxLength: 255 }), roleplayType: Type.Optional(RoleplayType) },
  { additionalProperties: false },
);
const CustomerPersonaInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    imageUrl: Type.Optional(
      Type.Union([Type.Literal(''), Type.String({ format: 'uri', maxLength: 2048 })], {
        description: 'Picture of the persona; empty or absent for none.',
      }),
    ),
    tags: Type.Optional(Tags),
  },
  { additionalProperties: false },
);
const CustomerBackgroundInput = Type.Object(
  { title: Type.String({ minLength: 1, maxLength: 255 }), tags: Type.Optional(Tags) },
  { additionalProperties: false },
);
const ScorecardItem = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 255 }),
    description: Type.String({ maxLength: 2000 }),
    weight: Type.Number({ minimum: 0, maximum: 1000 }),
    sectionTitle: Type.String({ minLength: 1, maxLength: 255 }),
  },
  { additionalProperties: false },
);
export const Scorecard = Type.Object(
  { criteria: Type.Array(ScorecardItem, { maxItems: 100 }), metrics: Type.Array(ScorecardItem, { maxItems: 100 }) },
  {
    additionalProperties: false,
    description: 'What sessions of this roleplay are scored on. Stored, not returned by the roleplay endpoints.',
  },
);

/** The fields PATCH accepts (spec 4.5): the response fields that are writable plus the write-only ones. */
const writableFields = {
  title: Type.String({ minLength: 1, maxLength: 255 }),
  instructions: Nullable(LongText('Instructions for the user.')),
  objective: Nullable(LongText('Live instructions shown during the roleplay. Write-only.')),
  passingScore: Type.Integer({ minimum: 0, maximum: 100, description: 'Minimum score to pass.' }),
  isLive: Type.Boolean({ description: 'true = live and accessible to users; false = draft.' }),
  isBlind: Type.Boolean({ description: 'true hides scoring criteria from the user. Write-only.' }),
  language: Language,
  conversationStarters: Type.Array(Type.String({ minLength: 1, maxLength: 1000 }), {
    maxItems: 50,
    description: 'Write-only.',
  }),
  keyterms: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 200, description: 'Write-only.' }),
  timerInSeconds: UpToIntMax('Time limit; null = no limit. Write-only.'),
  showResults: Type.Boolean({ description: 'Write-only.' }),
  maxAttempts: UpToIntMax('null = unlimited. Write-only.'),
  shouldActAsCustomer: Type.Boolean({ description: 'true = the AI plays the customer. Write-only.' }),
  requireVideoRecording: Type.Boolean({ description: 'Write-only.' }),
  customAttributes: CustomAttributes,
};

const optional = <T extends Record<string, TSchema>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)])) as {
    [K in keyof T]: TOptional<T[K]>;
  };

export const RoleplayPatch = Type.Object(optional(writableFields), {
  additionalProperties: false,
  minProperties: 1,
  description: 'Any subset of the writable fields (at least one); only supplied fields change.',
});
export type RoleplayPatch = Static<typeof RoleplayPatch>;

export const RoleplayCreate = Type.Object(
  {
    ...optional(writableFields),
    title: writableFields.title,
    conversationType: ConversationType,
    customerPersona: CustomerPersonaInput,
    customerBackground: CustomerBackgroundInput,
    scorecard: Type.Optional(Scorecard),
  },
  {
    additionalProperties: false,
    description:
      'Defaults: passingScore 70, language en, isLive false (draft), showResults and shouldActAsCustomer true.',
  },
);
export type RoleplayCreate = Static<typeof RoleplayCreate>;

export const Roleplay = Type.Object(
  {
    id: Uuid,
    title: Type.String(),
    instructions: Nullable(Type.String()),
    passingScore: Type.Integer({ minimum: 0, maximum: 100 }),
    isLive: Type.Boolean(),
    conversationType: Type.Object(
      { title: Type.String(), roleplayType: RoleplayType },
      { additionalProperties: false },
    ),
    customerPersona: Type.Object(
      {
        name: Type.String(),
        imageUrl: Type.String({ description: 'Empty when the persona has no picture.' }),
        tags: Type.Array(Type.String()),
      },
      { additionalProperties: false },
    ),
    customerBackground: Type.Object(
      { title: Type.String(), tags: Type.Array(Type.String()) },
      { additionalProperties: false },
    ),
    customAttributes: Type.Optional({
      ...CustomAttributes,
      description: 'Always sent by this service; {} when none were set.',
    }),
  },
  { additionalProperties: false, description: 'Premade roleplay (spec 2.1). Write-only fields are never returned.' },
);
export type Roleplay = Static<typeof Roleplay>;

export const RoleplayList = Type.Array(Roleplay, {
  description: 'Every roleplay of the company, newest first. Not paginated.',
});

// API version 2026-11-21 (common/apiVersions.ts): roleplayType was a free lowercase kebab-case slug. These
// are the schemas of that version, used by the operations' `versions` (api/operation.ts).
const SlugRoleplayType = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  description: 'API version 2026-11-21: a lowercase kebab-case slug chosen by the company, e.g. `cold-call`.',
});

export const RoleplayCreateSlugVersion = Type.Object(
  {
    ...RoleplayCreate.properties,
    conversationType: Type.Object(
      { title: ConversationType.properties.title, roleplayType: Type.Optional(SlugRoleplayType) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const RoleplaySlugVersion = Type.Object(
  {
    ...Roleplay.properties,
    conversationType: Type.Object(
      { title: Type.String(), roleplayType: Type.String() },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export const RoleplayListSlugVersion = Type.Array(RoleplaySlugVersion);
