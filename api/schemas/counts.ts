import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Uuid } from './common';

// Spec 2.7. Only users with status active are counted or listed.

const Count = Type.Integer({ minimum: 0 });

export const RoleCounts = Type.Object(
  {
    total: Count,
    reps: Type.Integer({ minimum: 0, description: 'Active users with role Rep.' }),
    managers: Type.Integer({ minimum: 0, description: 'Active users with role Manager.' }),
    lms: Type.Integer({ minimum: 0, description: 'Active users with role Integration.' }),
  },
  { additionalProperties: false, description: 'total = reps + managers + lms.' },
);

export const CountedUser = Type.Object(
  {
    firstName: Type.String(),
    lastName: Type.String({ description: 'Empty string when the user has no last name.' }),
    role: Type.Union([Type.Literal('Rep'), Type.Literal('Manager'), Type.Literal('Integration')]),
    lastLoggedIn: Type.Union([DateTime, Type.Null()], {
      description:
        'When the user last logged in; null for a user who has never logged in (the spec types it date-time only).',
    }),
  },
  { additionalProperties: false },
);

export const CompanyEntry = Type.Object(
  {
    companyId: Uuid,
    companyName: Type.String(),
    counts: RoleCounts,
    users: Type.Array(CountedUser, { description: "The company's active users." }),
  },
  { additionalProperties: false },
);

export const ActiveUserCounts = Type.Object(
  {
    totalCounts: RoleCounts,
    mainCompany: CompanyEntry,
    childCompanies: Type.Array(CompanyEntry, {
      description: "The caller's direct child companies (not grandchildren).",
    }),
  },
  { additionalProperties: false },
);
export type ActiveUserCounts = Static<typeof ActiveUserCounts>;
