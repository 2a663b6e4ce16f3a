import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, Pagination, Uuid } from './common';

// Spec 2.6, 4.12 and 4.13, plus the create extension (POST /api/memorization/script).

const Segment = Type.Object({ order: Type.Integer(), ogText: Type.String() }, { additionalProperties: false });

/** Fields the list item and the detail share (spec 2.6). */
const scriptFields = {
  id: Uuid,
  title: Type.String(),
  passingScore: Type.Number({ minimum: 0 }),
  numLevels: Type.Integer({ minimum: 1 }),
  createdAt: DateTime,
};

export const ScriptListItem = Type.Object(
  {
    ...scriptFields,
    coverImageUrl: Nullable(Type.String({ description: 'null when the script has no cover image.' })),
  },
  {
    additionalProperties: false,
    description: 'Memorization script list item (spec 2.6); every field is always present.',
  },
);

export const ScriptPage = Type.Object(
  { data: Type.Array(ScriptListItem, { description: 'Newest first, ties broken by id.' }), pagination: Pagination },
  { additionalProperties: false },
);
export type ScriptPage = Static<typeof ScriptPage>;

export const Script = Type.Object(
  {
    ...scriptFields,
    userInstructions: Type.String(),
    segments: Type.Array(Segment, { description: 'Ascending by order.' }),
    coverImageUrl: Type.Optional(
      Nullable(Type.String({ description: 'Always sent by this service; null when there is no cover image.' })),
    ),
  },
  { additionalProperties: false, description: 'Memorization script (spec 2.6).' },
);
export type Script = Static<typeof Script>;

export const ScriptParams = Type.Object({ scriptId: Uuid }, { additionalProperties: false });

export const ScriptCreate = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 255 }),
    passingScore: Type.Number({ minimum: 0, maximum: 100 }),
    numLevels: Type.Integer({ minimum: 1, maximum: 100 }),
    userInstructions: Type.String({ maxLength: 20000 }),
    segments: Type.Array(
      Type.Object(
        {
          order: Type.Integer({ minimum: 0, maximum: 2147483647 }),
          ogText: Type.String({ minLength: 1, maxLength: 20000 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 1000, description: 'Each order at most once; returned sorted by order.' },
    ),
    coverImageUrl: Type.Optional(Nullable(Type.String({ format: 'uri', maxLength: 2048 }))),
  },
  { additionalProperties: false },
);
export type ScriptCreate = Static<typeof ScriptCreate>;
