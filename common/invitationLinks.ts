import { withoutTrailingSlashes } from './trailingSlashes';

/** The link in an invitation email and in `invitationUrl` (spec 2.2): PUBLIC_URL + /invitations/<token>. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${withoutTrailingSlashes(publicUrl)}/invitations/${encodeURIComponent(token)}`;
}
