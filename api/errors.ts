import { isTemporalUnavailable } from '../common/temporalClient';

// Typed API errors: every failure the API reports is one of these, rendered by the error boundary
// as {"error": {"code", "message", "details"}} with the status it carries.

export interface ErrorDetail {
  /** Where the problem is: body, query, path or header. */
  in: 'body' | 'query' | 'path' | 'header';
  /** Dotted path of the field ("customerPersona.name"); empty for the whole part. */
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details: ErrorDetail[] = [],
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (code: string, message: string, details: ErrorDetail[] = []): ApiError =>
  new ApiError(400, code, message, details);
export const unauthorized = (code: string, message: string): ApiError =>
  new ApiError(401, code, message, [], { 'www-authenticate': 'ApiKey, Bearer' });
export const forbidden = (code: string, message: string): ApiError => new ApiError(403, code, message);
/** The API key lacks the scope an operation needs (or one it tried to grant). */
export const insufficientScope = (scope: string): ApiError =>
  new ApiError(403, 'insufficient_scope', `This API key does not have the scope ${scope}.`, [
    { in: 'header', field: 'x-api-key', message: `the key lacks the scope ${scope}` },
  ]);
export const notFound = (what: string): ApiError => new ApiError(404, 'not_found', `${what} was not found.`);
export const conflict = (code: string, message: string): ApiError => new ApiError(409, code, message);
export const gone = (code: string, message: string): ApiError => new ApiError(410, code, message);
export const unavailable = (code: string, message: string): ApiError => new ApiError(503, code, message);

/** Temporal did not take a workflow start (down, or no answer within TEMPORAL_START_TIMEOUT): nothing was kept, retry. */
export const workflowUnavailable = (message: string): ApiError =>
  new ApiError(503, 'workflow_unavailable', message, [], { 'retry-after': '5' });

/** The error a failed workflow start answers: 503 when Temporal is unavailable, anything else as it is. */
export const workflowStartError = (err: unknown, message: string): unknown =>
  isTemporalUnavailable(err) ? workflowUnavailable(message) : err;
