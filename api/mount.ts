import type Router from '@koa/router';
import { Type, type TSchema } from '@sinclair/typebox';
import type { Context } from 'koa';
import {
  API_VERSION_HEADER,
  API_VERSION_NAMES,
  CURRENT_API_VERSION,
  isApiVersion,
  type ApiVersion,
} from '../common/apiVersions';
import type { AppDeps } from './deps';
import { badRequest, insufficientScope } from './errors';
import { answerIdempotently } from './idempotency';
import { authenticate } from './middleware/authenticate';
import type { RateLimit } from './middleware/rateLimit';
import type { Operation } from './operation';
import { assertValid, check, NOTHING_TO_CHECK } from './validation';

/** /api/roleplay/{id} → /api/roleplay/:id */
export const koaPath = (openApiPath: string): string => openApiPath.replace(/\{([^{}]+)\}/g, ':$1');

/** Registers each operation: authenticate, spend rate limit, validate every request part, run the handler, render. */
export function mountOperations(
  router: Router,
  operations: readonly Operation[],
  deps: AppDeps,
  rateLimit: RateLimit | null = null,
): void {
  for (const op of operations) {
    router[op.method](op.operationId, koaPath(op.path), async (ctx: Context) => {
      ctx.state.operationPath = op.path;
      // Named on every answer, a refusal before authentication included (then the requested or the current one).
      ctx.set(API_VERSION_HEADER, CURRENT_API_VERSION);
      const requested = requestedVersion(ctx);
      if (requested) ctx.set(API_VERSION_HEADER, requested);
      const { company, credentialId, scopes, apiKeyId, apiVersion: pinned } = await authenticate(ctx, op.auth, deps);
      const apiVersion = requested ?? pinned;
      ctx.set(API_VERSION_HEADER, apiVersion);
      const versioned = op.versions?.[apiVersion];
      const bodySchema = versioned?.body ?? op.body;
      // For the request log line.
      ctx.state.company = company;
      if (rateLimit && company && credentialId !== null)
        await rateLimit.consume(ctx, { credentialId, companyId: company.id });
      if (op.scope !== null && !scopes.includes(op.scope)) throw insufficientScope(op.scope);

      const params: Record<string, unknown> = { ...(ctx.params as Record<string, string>) };
      const query: Record<string, unknown> = { ...ctx.query };
      const body: unknown = ctx.state.body;
      const headers = op.headers ? declaredHeaders(ctx, op.headers) : {};
      const checks = [
        op.params ? check('path', op.params, params) : NOTHING_TO_CHECK,
        op.query
          ? check('query', op.query, query)
          : Object.keys(query).length > 0
            ? check('query', EMPTY, query)
            : NOTHING_TO_CHECK,
        op.headers ? check('header', op.headers, headers) : NOTHING_TO_CHECK,
      ];
      if (bodySchema) {
        if (body === undefined && !op.bodyOptional) {
          throw badRequest('validation_failed', 'This endpoint needs a JSON request body.', [
            { in: 'body', field: '', message: 'a JSON body is required' },
          ]);
        }
        if (body !== undefined) checks.push(check('body', bodySchema, body));
      } else if (body !== undefined) {
        checks.push({
          problems: [{ in: 'body', field: '', message: 'this endpoint takes no request body' }],
          complete: true,
        });
      }
      assertValid(
        checks.flatMap((c) => c.problems),
        checks.every((c) => c.complete),
      );

      const input = {
        params,
        query,
        body,
        headers,
        company,
        credential: { scopes, apiKeyId },
        apiVersion,
        attemptId: null,
        deps,
        ctx,
      };
      const key =
        op.idempotent && company ? (headers as Record<string, string | undefined>)['Idempotency-Key'] : undefined;
      if (op.idempotent && company && credentialId !== null && key !== undefined) {
        const request = { companyId: company.id, credentialId, key, operationId: op.operationId, params, body };
        const answer = await answerIdempotently(deps, op.idempotent, request, async (db, attempt) => ({
          status: op.successStatus ?? 200,
          body: await op.handler({ ...input, attemptId: attempt.id, deps: db === deps.db ? deps : { ...deps, db } }),
        }));
        if (answer.replayed) ctx.set('Idempotent-Replayed', 'true');
        if (op.location) ctx.set('Location', op.location(answer.body));
        ctx.status = answer.status;
        ctx.body = answer.body;
        return;
      }
      const result = await op.handler(input);
      if (op.location) ctx.set('Location', op.location(result));
      if (op.response !== undefined) {
        ctx.status = op.successStatus ?? 200;
        const rendering = renderingFor(ctx, op);
        if (rendering) {
          ctx.type = rendering.type;
          ctx.body = rendering.render(result);
        } else ctx.body = result;
      }
    });
  }
}

/** The Sales-Practice-Version header's version; one the API does not have is a 400 naming those it has. */
function requestedVersion(ctx: Context): ApiVersion | undefined {
  const value = ctx.get(API_VERSION_HEADER).trim();
  if (value === '') return undefined;
  if (isApiVersion(value)) return value;
  throw badRequest(
    'unknown_api_version',
    `There is no API version "${value}": use one of ${API_VERSION_NAMES.join(', ')}.`,
    [{ in: 'header', field: API_VERSION_HEADER, message: `must be one of ${API_VERSION_NAMES.join(', ')}` }],
  );
}

/** The rendering the Accept header prefers over JSON, if the operation has any (JSON wins ties and wildcards). */
function renderingFor(ctx: Context, op: Operation): { type: string; render: (body: unknown) => string } | undefined {
  if (!op.renderings) return undefined;
  const chosen = ctx.accepts('application/json', ...Object.keys(op.renderings));
  if (typeof chosen !== 'string' || chosen === 'application/json') return undefined;
  const rendering = op.renderings[chosen];
  return rendering && { type: chosen, render: rendering.render };
}

const EMPTY = Type.Object({}, { additionalProperties: false });

/** The declared headers that were sent (an empty header counts as not sent), under their declared names. */
function declaredHeaders(ctx: Context, schema: TSchema): Record<string, string> {
  const names = Object.keys((schema as { properties?: Record<string, unknown> }).properties ?? {});
  return Object.fromEntries(
    names.map((name): [string, string] => [name, ctx.get(name)]).filter(([, value]) => value !== ''),
  );
}
