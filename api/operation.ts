import type { Static, TSchema } from '@sinclair/typebox';
import type { Context } from 'koa';
import type { ApiVersion } from '../common/apiVersions';
import type { Scope } from '../common/scopes';
import type { AppDeps } from './deps';
import type { IdempotencyMode } from './idempotency';
import { IdempotencyKeyHeaders } from './schemas/common';

// An operation is the single description of an endpoint: its schemas drive request validation,
// the OpenAPI document and the response checks in tests; its handler does the work.

export type AuthScheme = 'apiKey' | 'bearer' | 'none';
export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

export interface CallerCompany {
  id: string;
  name: string;
  parentCompanyId: string | null;
  /** Its fairness weight (companies.fairness_weight), for the workflows a request starts (common/workflowStarts/). */
  fairnessWeight: number;
}

/** The caller's company under an auth scheme: there is none for auth 'none'. */
export type CompanyUnder<A extends AuthScheme> = A extends 'none' ? null : CallerCompany;

export interface OperationSpec<
  P extends TSchema | undefined,
  Q extends TSchema | undefined,
  B extends TSchema | undefined,
  R extends TSchema | undefined,
  H extends TSchema | undefined = undefined,
  A extends AuthScheme = AuthScheme,
> {
  operationId: string;
  method: Method;
  /** OpenAPI-style path, e.g. /api/roleplay/{id}. */
  path: string;
  summary: string;
  /** What the operation does, for the documentation (Spectral requires one on every operation). */
  description: string;
  tags: string[];
  auth: A;
  /** The scope an API key needs for this operation (null for operations without a credential). */
  scope: A extends 'none' ? null : Scope;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Request headers the operation reads, an object schema whose property names are the headers as
   * documented (e.g. `Idempotency-Key`); matched case-insensitively, validated like the other parts.
   */
  headers?: H;
  /** Schema of the success body; undefined for operations that stream something other than JSON. */
  response: R;
  successStatus?: number;
  /** Error statuses worth listing in the OpenAPI document besides the ones every operation has. */
  errors?: number[];
  /** Body is optional (e.g. an action endpoint with nothing to send). */
  bodyOptional?: boolean;
  /**
   * The operation honours an `Idempotency-Key` header (api/idempotency.ts): 'transaction' when all it
   * does is write to the database, 'lease' when it talks to Temporal. The header is declared for it.
   */
  idempotent?: IdempotencyMode;
  /** The Location header of a success, from its body (also of a replayed answer). */
  location?: (body: StaticOr<R, void>) => string;
  /**
   * Other media types the success can be rendered as (e.g. `text/vtt`), chosen by the request's Accept
   * header over JSON; each renders the JSON answer as text.
   */
  renderings?: Record<string, Rendering<StaticOr<R, void>>>;
  /**
   * What differs under an older API version (common/apiVersions.ts): the body it validates against and
   * the answer it gives. The handler sees `apiVersion` and shapes the answer accordingly; the OpenAPI
   * document describes the current version, and docs/changelog.md what each older one differs in.
   */
  versions?: Partial<Record<ApiVersion, VersionedSchemas>>;
}

export interface VersionedSchemas {
  body?: TSchema;
  response?: TSchema;
}

export interface Rendering<T> {
  /** What the rendering is, for the OpenAPI document. */
  description: string;
  render: (body: T) => string;
}

type StaticOr<T, Fallback> = T extends TSchema ? Static<T> : Fallback;

export interface OperationInput<P, Q, B, H, C extends CallerCompany | null> {
  params: P;
  query: Q;
  body: B;
  /** The declared headers that were sent, under their documented names. */
  headers: H;
  /** The authenticated caller's company (null for auth 'none'). */
  company: C;
  /** The credential's scopes and, when an API key was used, its id. */
  credential: { scopes: readonly Scope[]; apiKeyId: string | null };
  /** The API version the request is answered in: its Sales-Practice-Version header, else the credential's pinned one. */
  apiVersion: ApiVersion;
  /** Under an Idempotency-Key, the request's id, the same in every run of it (api/idempotency.ts); null without a key. */
  attemptId: string | null;
  deps: AppDeps;
  ctx: Context;
}

export type OperationHandler<P, Q, B, R, H, A extends AuthScheme> = (
  input: OperationInput<
    StaticOr<P, Record<string, never>>,
    StaticOr<Q, Record<string, never>>,
    StaticOr<B, undefined>,
    StaticOr<H, Record<string, never>>,
    CompanyUnder<A>
  >,
) => Promise<StaticOr<R, void>>;

/** What the app and the OpenAPI builder see of an operation, with its types erased. */
export interface Operation extends Omit<
  OperationSpec<
    TSchema | undefined,
    TSchema | undefined,
    TSchema | undefined,
    TSchema | undefined,
    TSchema | undefined,
    AuthScheme
  >,
  'location' | 'renderings'
> {
  handler: (input: OperationInput<unknown, unknown, unknown, unknown, CallerCompany | null>) => Promise<unknown>;
  location?: (body: unknown) => string;
  renderings?: Record<string, Rendering<unknown>>;
}

/** The Idempotency-Key header's documentation on every operation that honours it. */
export const IDEMPOTENCY_KEY_DESCRIPTION =
  'Makes retries safe: a retry with the same key and the same request from the same credential gets the first answer again (with `Idempotent-Replayed: true`) and does nothing twice. ' +
  'The same key with another request, or from another API key, is 409 idempotency_key_reused. Kept for IDEMPOTENCY_KEY_TTL (24 hours by default).';

export function defineOperation<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema | undefined = undefined,
  H extends TSchema | undefined = undefined,
  A extends AuthScheme = AuthScheme,
>(spec: OperationSpec<P, Q, B, R, H, A>, handler: OperationHandler<P, Q, B, R, H, A>): Operation {
  // The handler only ever receives input that passed the spec's schemas, so its typed view is sound.
  const op: Operation = {
    ...spec,
    handler: handler as unknown as Operation['handler'],
    location: spec.location as Operation['location'],
    renderings: spec.renderings as Operation['renderings'],
  };
  if (spec.idempotent) {
    op.headers = IdempotencyKeyHeaders(IDEMPOTENCY_KEY_DESCRIPTION);
    op.errors = [...new Set([...(spec.errors ?? []), 409])];
  }
  return op;
}
