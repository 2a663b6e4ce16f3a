import type { Knex } from 'knex';
import { prefixOf } from '../common/secrets';
import { API_KEY_KIND, companyForApiKey } from '../db/queries/credentials';
import { listRoleplays } from '../db/queries/roleplays';
import { getSessionResult, listSessions } from '../db/queries/sessions';
import { listUsers } from '../db/queries/users';
import { bindings, captureQueries, one, sameStatements, type Params, type QueryTemplate } from './sqlCapture';

// The statements the service sends for each benchmarked endpoint, captured from its query modules
// (see sqlCapture.ts). The baseline executes exactly these with its own mysql2 pool.

export interface PageSql {
  rows: QueryTemplate;
  count: QueryTemplate;
}

/** Knex leaves `offset ?` out when the offset is 0, so the first page is a statement of its own. */
export interface PagedSql {
  first: PageSql;
  later: PageSql;
}

export const pageSql = (p: PagedSql, offset: number): PageSql => (offset === 0 ? p.first : p.later);

export interface ServiceSql {
  /** API key → company: one lookup by the unique prefix (the hash is then compared in Node, as the service does). */
  auth: QueryTemplate;
  users: PagedSql;
  sessions: PagedSql;
  sessionsByUser: PagedSql;
  session: { main: QueryTemplate; snippets: QueryTemplate; responses: QueryTemplate };
  roleplays: QueryTemplate;
}

export interface CaptureInput {
  companyId: string;
  apiKey: string;
  userId: string;
  sessionId: string;
}

// Values no real argument takes, so a binding equal to one of them can only be that argument.
const OFFSET = 7;
const LIMIT = 13;

const COUNT = /count\(\*\)/i;
const pair = (templates: QueryTemplate[], what: string): PageSql => ({
  count: one(templates, COUNT, `${what} count`),
  rows: one(templates, /^(?![\s\S]*count\(\*\))/i, `${what} rows`),
});

/** The first and a later page of a list, captured through `list(offset, limit)`. */
async function paged(db: Knex, params: Params, what: string, list: (offset: number, limit: number) => Promise<unknown>): Promise<PagedSql> {
  const first = await captureQueries(db, { ...params, offset: 0, limit: LIMIT }, () => list(0, LIMIT));
  const later = await captureQueries(db, { ...params, offset: OFFSET, limit: LIMIT }, () => list(OFFSET, LIMIT));
  return { first: pair(first, `${what} first page`), later: pair(later, `${what} later page`) };
}

export async function captureServiceSql(db: Knex, input: CaptureInput): Promise<ServiceSql> {
  const prefix = prefixOf(input.apiKey, API_KEY_KIND);
  if (!prefix) throw new Error('bench API key has an unexpected shape');
  const base = { companyId: input.companyId };
  const [auth] = await captureQueries(db, { prefix }, () => companyForApiKey(db, input.apiKey));
  const users = await paged(db, base, 'user list', (offset, limit) => listUsers(db, input.companyId, { offset, limit }));
  const sessions = await paged(db, base, 'session list', (offset, limit) => listSessions(db, input.companyId, { offset, limit }));
  const byUser = await paged(db, { ...base, userId: input.userId }, 'session list by user', (offset, limit) =>
    listSessions(db, input.companyId, { offset, limit, userId: input.userId }),
  );
  const session = await captureQueries(db, { ...base, id: input.sessionId }, () => getSessionResult(db, input.companyId, input.sessionId));
  const roleplays = await captureQueries(db, base, () => listRoleplays(db, input.companyId));
  return {
    auth,
    users,
    sessions,
    sessionsByUser: byUser,
    session: {
      main: one(session, /roleplay_sessions/, 'session'),
      snippets: one(session, /session_snippets/, 'snippets'),
      responses: one(session, /session_responses/, 'responses'),
    },
    roleplays: one(roleplays, /roleplays/, 'roleplay list'),
  };
}

interface Statement {
  sql: string;
  bindings: unknown[];
}

const render = (t: QueryTemplate, params: Params): Statement => ({ sql: t.sql, bindings: bindings(t, params) });

async function serviceStatements(db: Knex, call: () => Promise<unknown>): Promise<Statement[]> {
  const templates = await captureQueries(db, {}, call);
  return templates.map((t) => ({ sql: t.sql, bindings: t.slots.map((s) => ('value' in s ? s.value : undefined)) }));
}

/**
 * Proves, for the exact requests of the run, that the baseline's statements equal the service's
 * (text and bindings); throws naming the first endpoint that differs.
 */
export async function verifyServiceSql(db: Knex, sql: ServiceSql, input: CaptureInput, deepOffset: number): Promise<void> {
  const { companyId, userId, sessionId } = input;
  const cases: Array<{ name: string; baseline: Statement[]; call: () => Promise<unknown> }> = [
    {
      name: 'users',
      baseline: [render(sql.users.first.rows, { companyId, offset: 0, limit: 100 }), render(sql.users.first.count, { companyId })],
      call: () => listUsers(db, companyId, { offset: 0, limit: 100 }),
    },
    ...[0, deepOffset].flatMap((offset) => [
      {
        name: `sessions offset ${offset}`,
        baseline: [render(pageSql(sql.sessions, offset).count, { companyId }), render(pageSql(sql.sessions, offset).rows, { companyId, offset, limit: 100 })],
        call: () => listSessions(db, companyId, { offset, limit: 100 }),
      },
      {
        name: `sessions by user offset ${offset}`,
        baseline: [
          render(pageSql(sql.sessionsByUser, offset).count, { companyId, userId }),
          render(pageSql(sql.sessionsByUser, offset).rows, { companyId, userId, offset, limit: 100 }),
        ],
        call: () => listSessions(db, companyId, { offset, limit: 100, userId }),
      },
    ]),
    {
      name: 'session result',
      baseline: [sql.session.main, sql.session.snippets, sql.session.responses].map((t) => render(t, { companyId, id: sessionId })),
      call: () => getSessionResult(db, companyId, sessionId),
    },
    { name: 'roleplays', baseline: [render(sql.roleplays, { companyId })], call: () => listRoleplays(db, companyId) },
  ];
  for (const c of cases) {
    const service = await serviceStatements(db, c.call);
    if (!sameStatements(service, c.baseline)) {
      throw new Error(`baseline SQL differs from the service's for ${c.name}:\n service ${JSON.stringify(service)}\n baseline ${JSON.stringify(c.baseline)}`);
    }
  }
}
