import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { RecordingEventUser } from '../common/webhookEvents';
import { isDuplicateEntry } from '../db/connection';
import { setRecordingUser } from '../db/queries/recordings';
import { ensureIntegrationTeam } from '../db/queries/teams';
import { createUser, findUserByExternalId, getUser, type UserRow } from '../db/queries/users';
import type { ActivityDeps } from './deps';
import { requireRecording } from './requireRecording';

/** "Jane van der Berg" → Jane / van der Berg; a single word has no last name. */
export function splitName(userName: string): { firstName: string; lastName: string | null } {
  const trimmed = userName.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space < 0) return { firstName: trimmed || userName, lastName: null };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

/**
 * Integration users never log in and never get mail, but the users table needs a unique email: a
 * readable slug of the identifier plus a UUID under the reserved `.invalid` TLD (RFC 2606), which no
 * mail system delivers to.
 */
export function integrationEmail(externalId: string): string {
  const slug =
    externalId
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'user';
  return `${slug}+${randomUUID()}@integration.invalid`;
}

/** The company's user with that external id, or a new Integration user; racing callers converge on one row. */
export async function findOrCreateIntegrationUser(
  db: Knex,
  companyId: string,
  externalId: string,
  userName: string,
): Promise<UserRow> {
  const existing = await findUserByExternalId(db, companyId, externalId);
  if (existing) return existing;
  const team = await ensureIntegrationTeam(db, companyId);
  try {
    return await createUser(db, {
      companyId,
      ...splitName(userName),
      email: integrationEmail(externalId),
      role: 'Integration',
      teamId: team.id,
      externalId,
    });
  } catch (err) {
    // The (company_id, external_id) unique key let another recording create the user first.
    if (!isDuplicateEntry(err)) throw err;
    const winner = await findUserByExternalId(db, companyId, externalId);
    if (!winner) throw err;
    return winner;
  }
}

/** How a recording's webhook event names its user. */
export const eventUser = (user: UserRow, userUniqueIdentifier: string): RecordingEventUser => ({
  id: user.id,
  name: [user.firstName, user.lastName].filter(Boolean).join(' '),
  userUniqueIdentifier,
});

/** Step 1: the recording's user, remembered on the recording so a retry finds the same one. */
export function createResolveRecordingUserActivities({ db }: ActivityDeps) {
  async function resolve(recordingId: string): Promise<{ user: UserRow; userUniqueIdentifier: string }> {
    const recording = await requireRecording(db, recordingId);
    if (recording.userId) {
      const user = await getUser(db, recording.companyId, recording.userId);
      if (user) return { user, userUniqueIdentifier: recording.userUniqueIdentifier };
    }
    const user = await findOrCreateIntegrationUser(
      db,
      recording.companyId,
      recording.userUniqueIdentifier,
      recording.userName,
    );
    await setRecordingUser(db, recording.id, user.id);
    return { user, userUniqueIdentifier: recording.userUniqueIdentifier };
  }

  return {
    /** The user's id only: who the person is stays in MySQL, out of the workflow history. */
    async resolveRecordingUserId(recordingId: string): Promise<string> {
      return (await resolve(recordingId)).user.id;
    },
  };
}
