import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Page, Uuid } from './common';

export const Team = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    type: Type.Union([Type.Literal('standard'), Type.Literal('integration')], {
      description: '`integration` for the team that holds users created by integrations (one per company).',
    }),
    createdAt: DateTime,
  },
  { additionalProperties: false },
);
export type Team = Static<typeof Team>;

export const TeamList = Page(Team);

export const CreateTeamBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);
