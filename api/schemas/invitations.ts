import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Page, PageQueryFields, Uuid } from './common';
import { UserRecord } from './users';

// Spec 2.3 and 4.6, plus the extensions that list, revoke and accept invitations.

const InviteRole = Type.Union([Type.Literal('User'), Type.Literal('Manager')], {
  description: '`User` (a standard rep) or `Manager` (a team manager): the invite vocabulary of spec 4.6.',
});

export const Invitation = Type.Object(
  {
    id: Uuid,
    email: Type.String({ format: 'email', description: 'Address the invitation was sent to.' }),
    teamId: Type.String({ format: 'uuid', description: 'Team the user will be assigned to.' }),
    role: InviteRole,
    expirationDate: Type.String({
      format: 'date-time',
      description: 'createdAt + INVITATION_TTL (30 days by default); a resend does not move it.',
    }),
    createdAt: DateTime,
    resendCount: Type.Integer({
      minimum: 0,
      description: 'Times the invitation email has been resent; 0 for new invitations.',
    }),
  },
  { additionalProperties: false, description: 'Invitation (spec 2.3).' },
);
export type Invitation = Static<typeof Invitation>;

export const InviteBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 320, description: 'Address to send the invitation to.' }),
    teamId: Type.String({ format: 'uuid', description: 'A team of the calling company (otherwise 404).' }),
    role: InviteRole,
  },
  { additionalProperties: false },
);
export type InviteBody = Static<typeof InviteBody>;

export const InvitationList = Page(Invitation);
export type InvitationList = Static<typeof InvitationList>;

export const InvitationListQuery = Type.Object(PageQueryFields, { additionalProperties: false });

const Name = Type.String({ minLength: 1, maxLength: 255 });

export const AcceptBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 128, description: 'The token of the invitation link.' }),
    firstName: Name,
    lastName: Type.Optional(Name),
  },
  { additionalProperties: false },
);
export type AcceptBody = Static<typeof AcceptBody>;

/** The user created by an acceptance, in the user-record shape of spec 2.2 (status active). */
export const AcceptedUser = UserRecord;
export type AcceptedUser = Static<typeof AcceptedUser>;

export const InvitationTokenParams = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
