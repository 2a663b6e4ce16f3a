import { nowOn } from '../../common/clock';
import { recordRole, inputRoleFromStored } from '../../common/roles';
import {
  findInvitationByToken,
  getInvitationWithNames,
  listOutstandingInvitations,
} from '../../db/queries/invitations';
import type { UserRow } from '../../db/queries/users';
import { acceptInvitation, inviteOrResend, revokeInvitation, unusableReason } from '../commands/invitations';
import { renderInvitationPage, type InvitationPageClosed } from './invitationPage';
import { defineOperation, type Operation } from '../operation';
import { toInvitation } from '../../common/views/invitations';
import { IdParams, pagination } from '../schemas/common';
import {
  AcceptBody,
  AcceptedUser,
  Invitation,
  InvitationList,
  InvitationListQuery,
  InvitationTokenParams,
  InviteBody,
} from '../schemas/invitations';

function toAcceptedUser(user: UserRow): AcceptedUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: recordRole(user.role, user.status),
    status: user.status,
    externalId: user.externalId,
    createdAt: user.createdAt.toISOString(),
    invitationUrl: null,
  };
}

const NOT_FOUND_PAGE: InvitationPageClosed = {
  kind: 'closed',
  title: 'Invitation not found',
  message: 'This invitation link is not valid. Check that you copied the whole link from the email.',
};

export const invitationOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'inviteUser',
      method: 'post',
      idempotent: 'lease',
      path: '/api/user/invite',
      summary: 'Invite a person, or resend their outstanding invitation',
      description:
        'No outstanding invitation for the email in this company: a new invitation (resendCount 0, expirationDate = createdAt + 30 days) and the email is sent. ' +
        'An outstanding one (pending and unexpired): it is resent instead — same id, resendCount + 1, the email sent again, team and role take the new values, expiry unchanged. ' +
        'An active or disabled user with that email in the company: 409. A team of another company, or an unknown team: 404.',
      tags: ['Users'],
      auth: 'apiKey',
      scope: 'users:write',
      body: InviteBody,
      response: Invitation,
      errors: [404, 409, 503],
    },
    async ({ body, company, deps }) => toInvitation(await inviteOrResend(deps, company, body)),
  ),
  defineOperation(
    {
      operationId: 'listInvitations',
      method: 'get',
      path: '/api/invitations',
      summary: "List the company's outstanding invitations",
      description: 'Pending invitations whose expiry lies ahead, newest first. Extension of the spec.',
      tags: ['Invitations'],
      auth: 'apiKey',
      scope: 'users:read',
      query: InvitationListQuery,
      response: InvitationList,
    },
    async ({ query, company, deps }) => {
      const { rows, total } = await listOutstandingInvitations(deps.db, company.id, query, nowOn(deps));
      return { data: rows.map(toInvitation), pagination: pagination(total, query.offset, query.limit, rows.length) };
    },
  ),
  defineOperation(
    {
      operationId: 'revokeInvitation',
      method: 'delete',
      path: '/api/invitations/{id}',
      summary: 'Revoke an outstanding invitation',
      description:
        'Its link stops working (410) and its workflow ends. Answers the invitation as it was. Invitations that are not outstanding are 404. Extension of the spec.',
      tags: ['Invitations'],
      auth: 'apiKey',
      scope: 'users:write',
      params: IdParams,
      response: Invitation,
      errors: [404],
    },
    async ({ params, company, deps }) => toInvitation(await revokeInvitation(deps, company.id, params.id)),
  ),
  defineOperation(
    {
      operationId: 'acceptInvitation',
      method: 'post',
      path: '/api/invitations/accept',
      summary: 'Accept an invitation with its token',
      description:
        "Creates the active user (role Rep for a User invitation, Manager for a Manager one) in the invitation's team and answers it as a user record. " +
        'Unknown token: 404. Expired, revoked or already used token: 410. No credential: the token is the credential. Extension of the spec.',
      tags: ['Invitations'],
      auth: 'none',
      scope: null,
      body: AcceptBody,
      response: AcceptedUser,
      errors: [404, 409, 410],
    },
    async ({ body, deps }) => toAcceptedUser(await acceptInvitation(deps, body)),
  ),
  defineOperation(
    {
      operationId: 'invitationPage',
      method: 'get',
      path: '/invitations/{token}',
      summary: 'The invitation link (HTML page)',
      description:
        'The page the invitation email links to: the invitation and a form that accepts it through POST /api/invitations/accept. ' +
        'Answers text/html, also for unknown (404) and unusable (410) tokens.',
      tags: ['Invitations'],
      auth: 'none',
      scope: null,
      params: InvitationTokenParams,
      response: undefined,
    },
    async ({ params, deps, ctx }) => {
      const now = nowOn(deps);
      const invitation = await findInvitationByToken(deps.db, params.token);
      const details = invitation && (await getInvitationWithNames(deps.db, invitation.companyId, invitation.id));
      const reason = invitation && unusableReason(invitation, now);
      let status = 200;
      let rendered;
      if (!invitation || !details) {
        status = 404;
        rendered = renderInvitationPage(NOT_FOUND_PAGE);
      } else if (reason) {
        status = reason.status;
        rendered = renderInvitationPage({ kind: 'closed', title: 'Invitation unavailable', message: reason.message });
      } else {
        rendered = renderInvitationPage({
          kind: 'open',
          token: invitation.token,
          email: invitation.email,
          companyName: details.companyName,
          teamName: details.teamName,
          role: inputRoleFromStored(invitation.role),
          expiresAt: invitation.expiresAt,
          firstName: invitation.firstName,
          lastName: invitation.lastName,
        });
      }
      ctx.status = status;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Content-Security-Policy', rendered.csp);
      // The token is in the URL: keep it out of caches and other sites' Referer headers.
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Referrer-Policy', 'no-referrer');
      ctx.body = rendered.html;
    },
  ),
];
