import type { TSchema } from '@sinclair/typebox';
import { SLUG_ROLEPLAY_TYPE_VERSION, type ApiVersion } from '../../common/apiVersions';
import type { Config } from '../../common/config';
import type { Transcript } from '../../common/transcript';
import type { Db } from '../../db/connection';
import { exportIdsAfter, exportSetCount, type ExportSet } from '../../db/queries/companyExports';
import { eventPosition, listEventLog } from '../../db/queries/eventLog';
import { getInvitation } from '../../db/queries/invitations';
import { getRecording } from '../../db/queries/recordings';
import { getRecordingTranscript } from '../../db/queries/recordingTranscript';
import { getRoleplay } from '../../db/queries/roleplays';
import { getScript } from '../../db/queries/scripts';
import { getSessionResult } from '../../db/queries/sessions';
import { getTeam } from '../../db/queries/teams';
import { getUser } from '../../db/queries/users';
import { getWebhookEndpoint } from '../../db/queries/webhooks';
import { toCompanyEvents } from '../../common/views/events';
import { toInvitation } from '../../common/views/invitations';
import { toRecordingView } from '../../common/views/recordings';
import { toTranscriptView } from '../../common/views/transcripts';
import { toRoleplay } from '../../common/views/roleplays';
import { toScript } from '../../common/views/scripts';
import { toResult } from '../../common/views/sessions';
import { toTeam } from '../../common/views/teams';
import { toRead } from '../../common/views/users';
import { toEndpoint } from '../../common/views/webhooks';
import { CompanyEvent } from '../../common/views/events';
import { Invitation } from '../../common/views/invitations';
import { RecordingView } from '../../common/views/recordings';
import { Roleplay, RoleplaySlugVersion } from '../../common/views/roleplays';
import { Script } from '../../common/views/scripts';
import { SessionResult } from '../../common/views/sessions';
import { Team } from '../../common/views/teams';
import { TranscriptView } from '../../common/views/transcripts';
import { UserRead } from '../../common/views/users';
import { WebhookEndpoint } from '../../common/views/webhooks';

// What a company export holds, one newline-delimited JSON file per kind. Every item is what the API's own
// GET of it answers, built by the same query and view function the route uses, under the export's API
// version, and described by the same TypeBox schema (docs/api.md's list of fields is generated from it).
// Items are read a keyset page at a time, so an export's memory does not grow with the company.

export interface KindReadContext {
  db: Db;
  config: Config;
  companyId: string;
  apiVersion: ApiVersion;
  now: Date;
}

/** One item and the cursor that resumes the kind right after it. */
export interface KindEntry {
  item: unknown;
  cursor: string;
}

export interface ExportKind {
  name: string;
  /** The file in the archive. */
  file: string;
  /** The operation whose answer each item is. */
  sameAs: string;
  summary: string;
  /** The item's schema under `apiVersion`. */
  schema: (apiVersion: ApiVersion) => TSchema;
  count: (ctx: KindReadContext) => Promise<number>;
  /** The kind's items after `after` (null: from the start), read a few at a time as they are consumed. */
  read: (ctx: KindReadContext, after: string | null) => AsyncGenerator<KindEntry>;
}

/** Ids a keyset query reads at once: 36 bytes each, whatever the items weigh. */
const ID_PAGE = 200;
/**
 * Items read at once: each may be a 4-hour call's transcript (several MB as objects), so only a few are in
 * memory together, whatever the page of ids.
 */
export const READ_AHEAD = 4;

/** A kind whose rows are paged by id and each read by the route's own query and view. */
function byId(
  set: ExportSet,
  readOne: (ctx: KindReadContext, id: string) => Promise<unknown>,
): Pick<ExportKind, 'count' | 'read'> {
  return {
    count: (ctx) => exportSetCount(ctx.db, set, ctx.companyId),
    async *read(ctx, after) {
      for (let cursor = after; ;) {
        const ids = await exportIdsAfter(ctx.db, set, ctx.companyId, cursor, ID_PAGE);
        for (let i = 0; i < ids.length; i += READ_AHEAD) {
          const batch = ids.slice(i, i + READ_AHEAD);
          const read = await Promise.all(batch.map((id) => readOne(ctx, id)));
          // A row deleted since its id was read is not exported.
          for (let j = 0; j < batch.length; j += 1)
            if (read[j] !== undefined) yield { item: read[j], cursor: batch[j] };
        }
        if (ids.length < ID_PAGE) return;
        cursor = ids[ids.length - 1];
      }
    },
  };
}

const current = (schema: TSchema) => (): TSchema => schema;
const mapped = <R, T>(row: R | undefined, view: (row: R) => T): T | undefined =>
  row === undefined ? undefined : view(row);

/** Events a page: their bodies are small, but a page of them and its deliveries is read at once. */
const EVENT_PAGE = 50;

/** `<created_at ISO>|<id>`: the (time, id) keyset position itself, so it holds when that event is gone. */
export const eventCursor = (at: { createdAt: Date; id: string }): string => `${at.createdAt.toISOString()}|${at.id}`;

async function eventStart(
  ctx: KindReadContext,
  after: string | null,
): Promise<{ createdAt: Date; id: string } | undefined | null> {
  if (after === null) return undefined;
  const bar = after.indexOf('|');
  if (bar > 0) return { createdAt: new Date(after.slice(0, bar)), id: after.slice(bar + 1) };
  // A cursor written before it carried its time (an id alone): found again by its event, or the kind ends there.
  return (await eventPosition(ctx.db, ctx.companyId, after)) ?? null;
}

/** Events keep GET /api/events's order (newest first), walked by (created_at, id). */
const events: Pick<ExportKind, 'count' | 'read'> = {
  count: (ctx) => exportSetCount(ctx.db, 'events', ctx.companyId),
  async *read(ctx, after) {
    let position = await eventStart(ctx, after);
    if (position === null) return;
    for (;;) {
      const rows = await listEventLog(ctx.db, { companyId: ctx.companyId }, EVENT_PAGE, position);
      const items = await toCompanyEvents(ctx.db, ctx.companyId, rows);
      for (let i = 0; i < rows.length; i += 1) yield { item: items[i], cursor: eventCursor(rows[i]) };
      if (rows.length < EVENT_PAGE) return;
      position = rows[rows.length - 1];
    }
  },
};

export const EXPORT_KINDS: readonly ExportKind[] = [
  {
    name: 'users',
    file: 'users.ndjson',
    sameAs: 'GET /api/user/{userId}',
    summary: 'Every user of the company, erased ones as their tombstone.',
    schema: current(UserRead),
    ...byId('users', async (ctx, id) => mapped(await getUser(ctx.db, ctx.companyId, id), toRead)),
  },
  {
    name: 'teams',
    file: 'teams.ndjson',
    sameAs: 'GET /api/team (an item)',
    summary: 'Every team.',
    schema: current(Team),
    ...byId('teams', async (ctx, id) => mapped(await getTeam(ctx.db, ctx.companyId, id), toTeam)),
  },
  {
    name: 'invitations',
    file: 'invitations.ndjson',
    sameAs: 'GET /api/invitations (an item)',
    summary: 'Every invitation, whatever its status (pending, accepted, revoked, expired).',
    schema: current(Invitation),
    ...byId('invitations', async (ctx, id) => mapped(await getInvitation(ctx.db, ctx.companyId, id), toInvitation)),
  },
  {
    name: 'roleplays',
    file: 'roleplays.ndjson',
    sameAs: 'GET /api/roleplay/{id}',
    summary: 'Every roleplay, drafts included.',
    schema: (v) => (v === SLUG_ROLEPLAY_TYPE_VERSION ? RoleplaySlugVersion : Roleplay),
    ...byId('roleplays', async (ctx, id) =>
      mapped(await getRoleplay(ctx.db, ctx.companyId, id), (row) => toRoleplay(row, ctx.apiVersion)),
    ),
  },
  {
    name: 'sessions',
    file: 'sessions.ndjson',
    sameAs: 'GET /api/roleplay/session/{id}',
    summary: 'Every roleplay session with its result (snippets, criteria and metric responses).',
    schema: current(SessionResult),
    ...byId('sessions', async (ctx, id) => {
      const row = await getSessionResult(ctx.db, ctx.companyId, id);
      return row && toResult(row, ctx.config, ctx.now);
    }),
  },
  {
    name: 'scripts',
    file: 'scripts.ndjson',
    sameAs: 'GET /api/memorization/script/{scriptId}',
    summary: 'Every memorization script with its segments.',
    schema: current(Script),
    ...byId('scripts', async (ctx, id) => mapped(await getScript(ctx.db, ctx.companyId, id), toScript)),
  },
  {
    name: 'recordings',
    file: 'recordings.ndjson',
    sameAs: 'GET /api/recording/{id}',
    summary: 'Every recording with its analysis (`result`) once completed.',
    schema: current(RecordingView),
    ...byId('recordings', async (ctx, id) => mapped(await getRecording(ctx.db, ctx.companyId, id), toRecordingView)),
  },
  {
    name: 'transcripts',
    file: 'transcripts.ndjson',
    sameAs: 'GET /api/recording/{id}/transcript',
    summary:
      'The transcript of every recording that has one, utterances with their times (not those deleted by retention or an erasure).',
    schema: current(TranscriptView),
    ...byId('transcripts', async (ctx, id) => {
      const row = await getRecordingTranscript(ctx.db, ctx.companyId, id);
      if (!row || row.erased || row.mediaDeletedAt || row.transcript === null) return undefined;
      return toTranscriptView(row.id, row.transcript as Transcript);
    }),
  },
  {
    name: 'webhookEndpoints',
    file: 'webhook-endpoints.ndjson',
    sameAs: 'GET /api/webhook-endpoints (an item)',
    summary: 'Every webhook endpoint, without its signing secret (the API never shows it again either).',
    schema: current(WebhookEndpoint),
    ...byId('webhookEndpoints', async (ctx, id) =>
      mapped(await getWebhookEndpoint(ctx.db, ctx.companyId, id), toEndpoint),
    ),
  },
  {
    name: 'events',
    file: 'events.ndjson',
    sameAs: 'GET /api/events (an item)',
    summary: 'Every kept event (WEBHOOK_EVENT_RETENTION) with its body as delivered and its deliveries, newest first.',
    schema: current(CompanyEvent),
    ...events,
  },
];

export const exportKind = (name: string): ExportKind => {
  const kind = EXPORT_KINDS.find((k) => k.name === name);
  if (!kind) throw new Error(`unknown export kind ${name}`);
  return kind;
};
