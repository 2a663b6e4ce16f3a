import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, PageQueryFields, Pagination, Uuid } from './common';

// Spec 2.2: users have two shapes. The read shape (list, get) carries the stored role; the update
// record (PATCH, and the child-company list) carries status and the User/Manager/Disabled role.

const Email = Type.String({ format: 'email' });

export const UserRead = Type.Object(
  {
    id: Uuid,
    firstName: Type.String(),
    lastName: Nullable(Type.String()),
    email: Email,
    role: Type.Union([Type.Literal('Rep'), Type.Literal('Manager'), Type.Literal('Integration')]),
    createdAt: DateTime,
    teamId: Nullable(Uuid),
  },
  { additionalProperties: false, description: 'User (spec 2.2, read shape).' },
);
export type UserRead = Static<typeof UserRead>;

export const UserRecord = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The user id; for an invited record, the invitation id.' }),
    email: Email,
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    role: Type.Union([Type.Literal('User'), Type.Literal('Manager'), Type.Literal('Disabled')], {
      description:
        '`Disabled` for disabled users, `Manager` for managers, `User` otherwise (reps and integration users).',
    }),
    status: Type.Union([Type.Literal('invited'), Type.Literal('active'), Type.Literal('disabled')]),
    externalId: Nullable(Type.String()),
    createdAt: DateTime,
    invitationUrl: Nullable(
      Type.String({
        format: 'uri',
        description: 'Signup link of an invited record; null for active and disabled users.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'User record (spec 2.2, update shape). invitationUrl is always present, null when not invited.',
  },
);
export type UserRecord = Static<typeof UserRecord>;

export const UserList = Type.Object(
  { data: Type.Array(UserRead), pagination: Pagination },
  { additionalProperties: false },
);

export const ChildUserRecords = Type.Object(
  {
    users: Type.Array(UserRecord, {
      description:
        "The child company's users and outstanding invitations, newest first, windowed by offset and limit (no pagination object: ask for the next offset until fewer than limit come back).",
    }),
  },
  { additionalProperties: false },
);

/** The list answers one of two shapes, depending on child_company_id (spec 4.8). */
export const UserListResponse = Type.Union([UserList, ChildUserRecords]);
export type UserListResponse = Static<typeof UserListResponse>;

export const UserListQuery = Type.Object(
  {
    ...PageQueryFields,
    child_company_id: Type.Optional(
      Type.String({ format: 'uuid', description: 'Operate on this direct child company (otherwise 403).' }),
    ),
  },
  { additionalProperties: false },
);

export const UserIdParams = Type.Object({ userId: Uuid }, { additionalProperties: false });

export const UserGetQuery = Type.Object(
  {
    childCompanyId: Type.Optional(
      Type.String({ format: 'uuid', description: 'Operate on this direct child company (otherwise 403).' }),
    ),
  },
  { additionalProperties: false },
);

const Name = Type.String({ minLength: 1, maxLength: 255 });

export const UserUpdateBody = Type.Object(
  {
    firstName: Type.Optional(Name),
    lastName: Type.Optional(Name),
    role: Type.Optional(
      Type.Union([Type.Literal('User'), Type.Literal('Manager')], { description: '`User` (a rep) or `Manager`.' }),
    ),
    childCompanyId: Type.Optional(
      Type.String({ format: 'uuid', description: 'Update the user of this direct child company (otherwise 403).' }),
    ),
  },
  { additionalProperties: false, description: 'At least one of firstName, lastName and role.' },
);
export type UserUpdateBody = Static<typeof UserUpdateBody>;
