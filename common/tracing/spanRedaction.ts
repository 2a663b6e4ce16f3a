import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';

// What leaves the process in a span carries ids, never personal data (docs/security.md): every span,
// the API's and the worker's, workflow spans included, passes through here before it is exported.
// - SQL: `db.statement` with its literals replaced by `?` (./sqlSpans.ts records Knex's statement with its
//   placeholders; a literal written into the SQL itself is replaced).
// - URLs: the origin only. Customers' URLs carry tokens (presigned recording links, webhook paths) and
//   our own paths do too (/media/{token}, /invitations/{token}); the HTTP server span names its route
//   template instead.
// - Values that are not plain strings, numbers or booleans are dropped: Temporal's workflow exporter
//   copies the whole WorkflowInfo (memo, search attributes) into a workflow span's attributes.
// - Error texts (span status, exception events) with their quoted literals replaced: a database error
//   quotes the value it refused ("Duplicate entry 'dana@example.com'").
// A database span with no parent (a query outside any request or activity) is not exported at all.

/** Attributes that hold a URL or part of one: reduced to the origin, or dropped. */
const URL_ATTRIBUTES = new Set(['url.full', 'http.url']);
const DROPPED_ATTRIBUTES = new Set(['url.path', 'url.query', 'http.target', 'url.original']);
const SQL_ATTRIBUTES = new Set(['db.statement', 'db.query.text']);
const ERROR_TEXT_ATTRIBUTES = new Set(['exception.message', 'exception.stacktrace', 'error.type']);

/** A SQL text with its string, hex and number literals replaced by `?`; identifiers and keywords stay. */
export function sqlWithoutLiterals(sql: string): string {
  return sql
    .replace(/\b[xXbB]'[0-9a-fA-F]*'|\b0x[0-9a-fA-F]+\b/g, '?')
    .replace(/'(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.|"")*"/g, '?')
    .replace(/(?<![\w`.])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/g, '?');
}

/** An error text with its quoted literals replaced (the quoted parts are where values appear). */
export function errorTextWithoutLiterals(text: string): string {
  return text.replace(/'(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.|"")*"/g, "'?'");
}

/** `scheme://host:port` of a URL; an unparseable value is dropped (undefined). */
export function urlOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

type MutableAttributes = Record<string, unknown>;

function isPlainValue(value: unknown): boolean {
  const kind = typeof value;
  if (kind === 'string' || kind === 'number' || kind === 'boolean') return true;
  return Array.isArray(value) && value.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
}

/** Redacts a span's (or an event's) attribute map in place. */
export function redactAttributes(attributes: MutableAttributes): void {
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    if (DROPPED_ATTRIBUTES.has(key) || !isPlainValue(value)) delete attributes[key];
    else if (URL_ATTRIBUTES.has(key)) {
      const origin = typeof value === 'string' ? urlOrigin(value) : undefined;
      if (origin) attributes[key] = origin;
      else delete attributes[key];
    } else if (SQL_ATTRIBUTES.has(key) && typeof value === 'string') attributes[key] = sqlWithoutLiterals(value);
    else if (ERROR_TEXT_ATTRIBUTES.has(key) && typeof value === 'string')
      attributes[key] = errorTextWithoutLiterals(value);
  }
}

/** Redacts a finished span in place (ReadableSpan's fields are read-only by type, not in fact). */
export function redactSpan(span: ReadableSpan): void {
  redactAttributes(span.attributes);
  for (const event of span.events) if (event.attributes) redactAttributes(event.attributes);
  if (span.status.message) {
    (span.status as { message?: string }).message = errorTextWithoutLiterals(span.status.message);
  }
}

/** A span processor that redacts every span before handing it on (to the batch exporter). */
export class RedactingSpanProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}

  onStart(span: Span, parentContext: Context): void {
    this.next.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    // A query outside any request or activity (the idempotency-key sweep, /readyz) is noise on its own.
    if (!span.parentSpanId && span.attributes['db.system'] !== undefined) return;
    redactSpan(span);
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}
