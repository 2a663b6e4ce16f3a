import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, Uuid } from './common';

export const UserErasure = Type.Object(
  {
    userId: Uuid,
    status: Type.Union([Type.Literal('none'), Type.Literal('erasing'), Type.Literal('erased')], {
      description:
        '`none`: no erasure was requested; `erasing`: the erasure workflow is running; `erased`: the user is a tombstone.',
    }),
    requestedAt: Nullable(DateTime),
    completedAt: Nullable(DateTime),
    workflowId: Nullable(
      Type.String({ description: 'The Temporal workflow that erases the user (null when none was requested).' }),
    ),
  },
  { additionalProperties: false, description: "Where a person's erasure stands." },
);
export type UserErasure = Static<typeof UserErasure>;
