import type { BenchData } from './seed';
import type { Knex } from 'knex';
import { prefixOf } from '../common/secrets';
import { API_KEY_KIND, companyForApiKey } from '../db/queries/credentials';
import { getRoleplay, listRoleplays } from '../db/queries/roleplays';
import { getSessionResult, listSessions, pageWindow } from '../db/queries/sessions';
import { getUser, listUsers } from '../db/queries/users';
import { bindings, captureQueries, one, sameStatements, type Params, type QueryTemplate } from './sqlCapture';

// The statements the service sends for each benchmarked endpoint, captured from its query modules
// (see sqlCapture.ts). The baseline executes exactly these with its own mysql2 pool.

export interface PageSql {
  rows: QueryTemplate;
  count: QueryTemplate;
}

/**
 * Knex leaves `offset ?` out when the offset is 0, so the first page is a statement of its own. The
 * session lists read a page in the older half from the oldest end: a third statement.
 */
export interface PagedSql {
  first: PageSql;
  later: PageSql;
  /** Read from the oldest end: the oldest page (no offset) and a later one. */
  fromOldest?: { first: PageSql; later: PageSql };
}

export const pageSql = (p: PagedSql, offset: number): PageSql => (offset === 0 ? p.first : p.later);

/** The page statement and its values for this offset: the same choice of end as listSessions makes. */
export function sessionPage(
  p: PagedSql,
  total: number,
  offset: number,
  limit: number,
): { rows: QueryTemplate; params: Params } {
  const window = pageWindow(total, offset, limit);
  if (p.fromOldest && window.fromOldest) {
    return {
      rows: (window.after === 0 ? p.fromOldest.first : p.fromOldest.later).rows,
      params: { limit: window.take, after: window.after },
    };
  }
  return { rows: pageSql(p, offset).rows, params: { offset, limit } };
}

export interface ServiceSql {
  /** API key → company: one lookup by the unique prefix (the hash is then compared in Node, as the service does). */
  auth: QueryTemplate;
  users: PagedSql;
  sessions: PagedSql;
  sessionsByUser: PagedSql;
  session: { main: QueryTemplate; snippets: QueryTemplate; responses: QueryTemplate };
  roleplays: QueryTemplate;
  /** The single-row reads: GET /api/user/{id} and GET /api/roleplay/{id}. */
  user: QueryTemplate;
  roleplay: QueryTemplate;
}

export interface CaptureInput {
  companyId: string;
  apiKey: string;
  userId: string;
  sessionId: string;
  roleplayId: string;
}

/** The rows the SQL is captured for: the bench data's company, key, heavy user, first session and roleplay. */
export const captureInput = (data: BenchData): CaptureInput => ({
  companyId: data.companyId,
  apiKey: data.apiKey,
  userId: data.heavyUserId,
  sessionId: data.sessionIds[0],
  roleplayId: data.roleplayIds[0],
});

// Values no real argument takes, so a binding equal to one of them can only be that argument.
const OFFSET = 7;
const LIMIT = 13;
const AFTER = 11;

// The total: COUNT(*) for users, a counter row for sessions.
const TOTAL = /count\(\*\)|session_counts/i;
const pair = (templates: QueryTemplate[], what: string): PageSql => ({
  count: one(templates, TOTAL, `${what} total`),
  rows: one(templates, /^(?![\s\S]*(count\(\*\)|session_counts))/i, `${what} rows`),
});

/** The first and a later page of a list, captured through `list(offset, limit)`. */
async function paged(
  db: Knex,
  params: Params,
  what: string,
  list: (offset: number, limit: number) => Promise<unknown>,
): Promise<PagedSql> {
  const first = await captureQueries(db, { ...params, offset: 0, limit: LIMIT }, () => list(0, LIMIT));
  const later = await captureQueries(db, { ...params, offset: OFFSET, limit: LIMIT }, () => list(OFFSET, LIMIT));
  return { first: pair(first, `${what} first page`), later: pair(later, `${what} later page`) };
}

/** A session list's three page statements: from the newest end (first and later page) and from the oldest. */
async function sessionPaged(db: Knex, params: Params, what: string, filter: { userId?: string }): Promise<PagedSql> {
  const companyId = String(params.companyId);
  const paged_ = await paged(db, params, what, (offset, limit) =>
    listSessions(db, companyId, { offset, limit, ...filter }),
  );
  // A page with AFTER sessions older than it, in the older half: listSessions reads it from the oldest end.
  const { total } = await listSessions(db, companyId, { offset: 0, limit: 1, ...filter });
  const offset = total - LIMIT - AFTER;
  if (offset <= AFTER)
    throw new Error(`${what}: too few sessions (${total}) to capture a page read from the oldest end`);
  const later = await captureQueries(db, { ...params, after: AFTER, limit: LIMIT }, () =>
    listSessions(db, companyId, { offset, limit: LIMIT, ...filter }),
  );
  const first = await captureQueries(db, { ...params, limit: LIMIT }, () =>
    listSessions(db, companyId, { offset: total - LIMIT, limit: LIMIT, ...filter }),
  );
  return {
    ...paged_,
    fromOldest: { first: pair(first, `${what} oldest page`), later: pair(later, `${what} page from the oldest end`) },
  };
}

export async function captureServiceSql(db: Knex, input: CaptureInput): Promise<ServiceSql> {
  const prefix = prefixOf(input.apiKey, API_KEY_KIND);
  if (!prefix) throw new Error('bench API key has an unexpected shape');
  const base = { companyId: input.companyId };
  const [auth] = await captureQueries(db, { prefix }, () => companyForApiKey(db, input.apiKey));
  const users = await paged(db, base, 'user list', (offset, limit) =>
    listUsers(db, input.companyId, { offset, limit }),
  );
  const sessions = await sessionPaged(db, base, 'session list', {});
  const byUser = await sessionPaged(db, { ...base, userId: input.userId }, 'session list by user', {
    userId: input.userId,
  });
  const session = await captureQueries(db, { ...base, id: input.sessionId }, () =>
    getSessionResult(db, input.companyId, input.sessionId),
  );
  const roleplays = await captureQueries(db, base, () => listRoleplays(db, input.companyId));
  const user = await captureQueries(db, { ...base, id: input.userId }, () =>
    getUser(db, input.companyId, input.userId),
  );
  const roleplay = await captureQueries(db, { ...base, id: input.roleplayId }, () =>
    getRoleplay(db, input.companyId, input.roleplayId),
  );
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
    user: one(user, /users/, 'user'),
    roleplay: one(roleplay, /roleplays/, 'roleplay'),
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
export async function verifyServiceSql(
  db: Knex,
  sql: ServiceSql,
  input: CaptureInput,
  offsets: number[],
): Promise<void> {
  const { companyId, userId, sessionId, roleplayId } = input;
  const totals = {
    all: (await listSessions(db, companyId, { offset: 0, limit: 1 })).total,
    byUser: (await listSessions(db, companyId, { offset: 0, limit: 1, userId })).total,
  };
  const cases: Array<{ name: string; baseline: Statement[]; call: () => Promise<unknown> }> = [
    {
      name: 'users',
      baseline: [
        render(sql.users.first.rows, { companyId, offset: 0, limit: 100 }),
        render(sql.users.first.count, { companyId }),
      ],
      call: () => listUsers(db, companyId, { offset: 0, limit: 100 }),
    },
    ...[0, ...offsets].flatMap((offset) =>
      (
        [
          { what: 'sessions', p: sql.sessions, params: { companyId }, filter: {}, total: totals.all },
          {
            what: 'sessions by user',
            p: sql.sessionsByUser,
            params: { companyId, userId },
            filter: { userId },
            total: totals.byUser,
          },
        ] as Array<{ what: string; p: PagedSql; params: Params; filter: { userId?: string }; total: number }>
      ).map(({ what, p, params, filter, total }) => {
        const page = sessionPage(p, total, offset, 100);
        return {
          name: `${what} offset ${offset}`,
          baseline: [render(pageSql(p, offset).count, params), render(page.rows, { ...params, ...page.params })],
          call: () => listSessions(db, companyId, { offset, limit: 100, ...filter }),
        };
      }),
    ),
    {
      name: 'session result',
      baseline: [sql.session.main, sql.session.snippets, sql.session.responses].map((t) =>
        render(t, { companyId, id: sessionId }),
      ),
      call: () => getSessionResult(db, companyId, sessionId),
    },
    { name: 'roleplays', baseline: [render(sql.roleplays, { companyId })], call: () => listRoleplays(db, companyId) },
    {
      name: 'user',
      baseline: [render(sql.user, { companyId, id: userId })],
      call: () => getUser(db, companyId, userId),
    },
    {
      name: 'roleplay',
      baseline: [render(sql.roleplay, { companyId, id: roleplayId })],
      call: () => getRoleplay(db, companyId, roleplayId),
    },
  ];
  for (const c of cases) {
    const service = await serviceStatements(db, c.call);
    if (!sameStatements(service, c.baseline)) {
      throw new Error(
        `baseline SQL differs from the service's for ${c.name}:\n service ${JSON.stringify(service)}\n baseline ${JSON.stringify(c.baseline)}`,
      );
    }
  }
}
