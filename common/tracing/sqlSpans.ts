import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { Knex } from 'knex';

// A client span per SQL statement, made only inside a sampled trace. The mysql2 instrumentation this
// replaces wrapped every query of the process, sampled or not (a span object, the statement formatted with
// its values, attributes), which cost unsampled reads nearly what sampled ones paid (BENCHMARKS.md, round
// 6). Here an unsampled query costs one look at the active context. Knex's own events carry the statement
// as written (placeholders, never the bound values); 'query' is emitted in the caller's context, once the
// connection is acquired, and 'query-response' or 'query-error' ends the span.

interface QueryEvent {
  __knexQueryUid?: string;
  sql?: string;
}

/** The first word of a statement (SELECT, INSERT, …), as the span's name: the statement itself is an attribute. */
const operationOf = (sql: string): string => /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';

export function traceSqlStatements(db: Knex, database: string): void {
  const tracer = trace.getTracer('sales-practice-sql');
  const open = new Map<string, Span>();
  db.on('query', (query: QueryEvent) => {
    const active = context.active();
    if (!query.__knexQueryUid || !trace.getSpan(active)?.isRecording()) return;
    const sql = query.sql ?? '';
    open.set(
      query.__knexQueryUid,
      tracer.startSpan(
        operationOf(sql),
        {
          kind: SpanKind.CLIENT,
          attributes: { 'db.system': 'mysql', 'db.name': database, 'db.statement': sql },
        },
        active,
      ),
    );
  });
  const end = (query: QueryEvent | undefined, err?: Error): void => {
    const span = query?.__knexQueryUid ? open.get(query.__knexQueryUid) : undefined;
    if (!span || !query?.__knexQueryUid) return;
    open.delete(query.__knexQueryUid);
    if (err) span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
    span.end();
  };
  db.on('query-response', (_response: unknown, query: QueryEvent) => end(query));
  db.on('query-error', (err: Error, query: QueryEvent) => end(query, err));
}
