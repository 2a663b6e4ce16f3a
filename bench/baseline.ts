import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import mysql, { type Pool, type RowDataPacket } from 'mysql2/promise';
import { loadConfig } from '../common/config';
import { hashMatches, prefixOf } from '../common/secrets';
import { createDb, knexConfig } from '../db/connection';
import { API_KEY_KIND } from '../db/queries/credentials';
import { pagination, roleplayItem, sessionItem, sessionResult, userItem } from './baselineShapes';
import { captureServiceSql, pageSql, sessionPage, type CaptureInput, type ServiceSql } from './serviceSql';
import { bindings, type Params, type QueryTemplate } from './sqlCapture';

// The bare baseline: node:http and a mysql2/promise pool running the service's own statements for the
// benchmarked read endpoints and writing the same JSON. No framework, no validation, no logging; the
// API key is still checked (the service's lookup statement plus the hash comparison) so both sides do
// the same database work per request. Started by bench/run.ts with the API's environment plus
// BENCH_CAPTURE (JSON of CaptureInput); prints "listening <port>" when ready.

type Rows = RowDataPacket[];

async function run(pool: Pool, t: QueryTemplate, params: Params): Promise<Rows> {
  const [rows] = await pool.query<Rows>(t.sql, bindings(t, params));
  return rows;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const error = (code: string, message: string) => ({ error: { code, message, details: [] } });
const int = (v: string | null, fallback: number): number => (v === null ? fallback : Number(v));

async function companyOf(pool: Pool, sql: ServiceSql, key: string | undefined): Promise<string | undefined> {
  const prefix = key ? prefixOf(key, API_KEY_KIND) : null;
  if (!key || !prefix) return undefined;
  const [row] = await run(pool, sql.auth, { prefix });
  return row && row.revokedAt === null && hashMatches(key, row.hash) ? (row.id as string) : undefined;
}

async function listSessions(pool: Pool, sql: ServiceSql, companyId: string, q: URLSearchParams) {
  const offset = int(q.get('offset'), 0);
  const limit = int(q.get('limit'), 100);
  const userId = q.get('userId');
  const p = userId ? sql.sessionsByUser : sql.sessions;
  const params: Params = userId ? { companyId, userId } : { companyId };
  const [counter] = await run(pool, pageSql(p, offset).count, params);
  const total = Number(counter?.sessions ?? 0);
  const page = offset < total ? sessionPage(p, total, offset, limit) : undefined;
  const rows = page ? await run(pool, page.rows, { ...params, ...page.params }) : [];
  return { data: rows.map(sessionItem), pagination: pagination(total, offset, limit, rows.length) };
}

async function route(
  pool: Pool,
  sql: ServiceSql,
  config: ReturnType<typeof loadConfig>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const [path, search] = (req.url ?? '/').split('?', 2);
  const q = new URLSearchParams(search ?? '');
  const companyId = await companyOf(pool, sql, req.headers['x-api-key'] as string | undefined);
  if (!companyId) return send(res, 401, error('invalid_credentials', 'The API key is not valid or has been revoked.'));
  if (req.method !== 'GET') return send(res, 405, error('method_not_allowed', 'Only GET here.'));
  if (path === '/api/user') {
    const offset = int(q.get('offset'), 0);
    const limit = int(q.get('limit'), 100);
    const t = pageSql(sql.users, offset);
    const [rows, count] = await Promise.all([
      run(pool, t.rows, { companyId, offset, limit }),
      run(pool, t.count, { companyId }),
    ]);
    return send(res, 200, {
      data: rows.map(userItem),
      pagination: pagination(Number(count[0].n), offset, limit, rows.length),
    });
  }
  if (path === '/api/roleplay/session') return send(res, 200, await listSessions(pool, sql, companyId, q));
  if (path.startsWith('/api/roleplay/session/')) {
    const id = path.slice('/api/roleplay/session/'.length);
    const [session] = await run(pool, sql.session.main, { companyId, id });
    if (!session) return send(res, 404, error('not_found', 'Roleplay session not found.'));
    const [snippets, responses] = await Promise.all([
      run(pool, sql.session.snippets, { id }),
      run(pool, sql.session.responses, { id }),
    ]);
    return send(res, 200, sessionResult(session, snippets, responses, config));
  }
  if (path === '/api/roleplay')
    return send(res, 200, (await run(pool, sql.roleplays, { companyId })).map(roleplayItem));
  if (path.startsWith('/api/user/')) {
    const [user] = await run(pool, sql.user, { companyId, id: path.slice('/api/user/'.length) });
    return user ? send(res, 200, userItem(user)) : send(res, 404, error('not_found', 'User not found.'));
  }
  if (path.startsWith('/api/roleplay/')) {
    const [roleplay] = await run(pool, sql.roleplay, { companyId, id: path.slice('/api/roleplay/'.length) });
    return roleplay
      ? send(res, 200, roleplayItem(roleplay))
      : send(res, 404, error('not_found', 'Roleplay not found.'));
  }
  return send(res, 404, error('not_found', 'No such route.'));
}

async function main(): Promise<void> {
  const config = loadConfig();
  const input = JSON.parse(process.env.BENCH_CAPTURE ?? '') as CaptureInput;
  const capturer = createDb(config.DATABASE_URL, 1);
  let sql: ServiceSql;
  try {
    sql = await captureServiceSql(capturer, input);
  } finally {
    await capturer.destroy();
  }
  // The same driver options as the service's Knex pool (UTC dates, utf8mb4, big numbers), and the same pool size.
  const connection = knexConfig(config.DATABASE_URL).connection as mysql.PoolOptions;
  const pool = mysql.createPool({ ...connection, connectionLimit: config.DATABASE_POOL_MAX });
  const server = createServer((req, res) => {
    route(pool, sql, config, req, res).catch((err: unknown) => {
      console.error(err);
      if (!res.headersSent) send(res, 500, error('internal', 'Unexpected failure.'));
    });
  });
  server.listen(config.PORT, '127.0.0.1');
  await once(server, 'listening');
  console.log(`listening ${config.PORT}`);
  process.on('SIGTERM', () => {
    server.close();
    server.closeIdleConnections();
    void pool.end().finally(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
