import { Context } from '@temporalio/activity';
import type { LogLevel, LogMetadata, Logger as TemporalLogger } from '@temporalio/common';
import type { Logger } from 'pino';
import { workflowIds } from '../common/temporal';

// The Temporal Runtime's logger (SDK messages, workflow `log`, activity `Context.current().log`, and the
// Core SDK's forwarded logs) as pino JSON lines, so the worker writes one log format. Lines about a
// recording's workflow or its activities carry `recordingId` next to Temporal's `workflowId`, and when the
// worker traces, `traceId` (and the API's `requestId`, from the trace's baggage: workflows/tracing.ts).

const RECORDING_PREFIX = workflowIds.recording('');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The recording a workflow id belongs to, when it is a recording intake workflow. */
export function recordingIdOf(workflowId: unknown): string | undefined {
  if (typeof workflowId !== 'string' || !workflowId.startsWith(RECORDING_PREFIX)) return undefined;
  const id = workflowId.slice(RECORDING_PREFIX.length);
  return UUID.test(id) ? id : undefined;
}

const LEVELS = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

function fields(meta: LogMetadata | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(meta ?? {})) {
    // pino serialises errors under `err` only.
    if ((k === 'error' || k === 'failure') && v instanceof Error) out.err = v;
    // Temporal's tracing interceptors name the trace as OpenTelemetry's logs do; ours say traceId.
    else if (k === 'trace_id') out.traceId = v;
    else if (k === 'span_id') out.spanId = v;
    else if (k !== 'trace_flags') out[k] = v;
  }
  const recordingId = recordingIdOf(out.workflowId);
  if (recordingId && out.recordingId === undefined) out.recordingId = recordingId;
  return out;
}

export function temporalLogger(logger: Logger): TemporalLogger {
  const log = (level: LogLevel, message: string, meta?: LogMetadata): void => {
    const method = LEVELS[level] ?? 'info';
    if (logger.isLevelEnabled(method)) logger[method](fields(meta), message);
  };
  return {
    log,
    trace: (message, meta) => log('TRACE', message, meta),
    debug: (message, meta) => log('DEBUG', message, meta),
    info: (message, meta) => log('INFO', message, meta),
    warn: (message, meta) => log('WARN', message, meta),
    error: (message, meta) => log('ERROR', message, meta),
  };
}

/**
 * A pino mixin: lines that activities write with their injected pino logger get the ids of the
 * activity they come from (workflowId, activityType, attempt and, for recordings, recordingId).
 */
export function activityLogContext(): Record<string, unknown> {
  let info: Context['info'];
  try {
    info = Context.current().info;
  } catch {
    return {}; // not inside an activity
  }
  const workflowId = info.workflowExecution?.workflowId;
  const recordingId = recordingIdOf(workflowId);
  return {
    workflowId,
    activityType: info.activityType,
    attempt: info.attempt,
    ...(recordingId ? { recordingId } : {}),
  };
}
