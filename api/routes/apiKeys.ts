import { getApiKey, listApiKeys, setApiKeyVersion, type ApiKeyRow } from '../../db/queries/credentials';
import { issueApiKey, revokeApiKey } from '../commands/apiKeys';
import { notFound } from '../errors';
import { defineOperation, type Operation } from '../operation';
import { IdParams, PageQuery, pagination } from '../schemas/common';
import { ApiKey, ApiKeyList, ApiKeyWithSecret, CreateApiKeyBody, UpdateApiKeyBody } from '../schemas/apiKeys';
import { CURRENT_API_VERSION, isApiVersion } from '../../common/apiVersions';

const TAGS = ['API keys'];

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    apiVersion: isApiVersion(row.apiVersion) ? row.apiVersion : CURRENT_API_VERSION,
  };
}

export const apiKeyOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'listApiKeys',
      method: 'get',
      path: '/api/api-keys',
      summary: "List the company's API keys",
      description:
        'Every key of the company, revoked ones included, newest first, with its scopes and when it was last used. Keys themselves are never shown again.',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'keys:manage',
      query: PageQuery,
      response: ApiKeyList,
    },
    async ({ query, company, deps }) => {
      const { rows, total } = await listApiKeys(deps.db, company.id, query);
      return { data: rows.map(toApiKey), pagination: pagination(total, query.offset, query.limit, rows.length) };
    },
  ),
  defineOperation(
    {
      operationId: 'createApiKey',
      method: 'post',
      idempotent: 'transaction',
      path: '/api/api-keys',
      summary: 'Issue an API key',
      description:
        "Issues a key of the caller's company with the given scopes (default: the calling key's). The key is in this answer only. " +
        'A key cannot grant a scope it does not hold: 403 `insufficient_scope` naming it. A company holds at most API_KEYS_PER_COMPANY active keys (50 by default): ' +
        'one more is 409 `limit_reached`.',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'keys:manage',
      body: CreateApiKeyBody,
      bodyOptional: true,
      response: ApiKeyWithSecret,
      successStatus: 201,
      errors: [403, 409],
    },
    async ({ body, company, credential, deps }) => {
      const { row, key } = await issueApiKey(deps, company.id, credential, body);
      return { ...toApiKey(row), key };
    },
  ),
  defineOperation(
    {
      operationId: 'updateApiKey',
      method: 'patch',
      path: '/api/api-keys/{id}',
      summary: "Change an API key's pinned API version",
      description:
        'Requests with the key (and the bearer tokens minted from it) that send no Sales-Practice-Version header are answered in this version from now on. ' +
        "An unknown, another company's or a revoked key is a 404.",
      tags: TAGS,
      auth: 'apiKey',
      scope: 'keys:manage',
      params: IdParams,
      body: UpdateApiKeyBody,
      response: ApiKey,
      errors: [404],
    },
    async ({ params, body, company, deps }) => {
      const target = await getApiKey(deps.db, company.id, params.id);
      if (!target || target.revokedAt !== null) throw notFound('API key');
      await setApiKeyVersion(deps.db, company.id, params.id, body.apiVersion);
      // Every process's kept holder has the old version: this one forgets now, the others within CREDENTIAL_CACHE_TTL.
      deps.credentialCache?.forgetAll();
      const row = await getApiKey(deps.db, company.id, params.id);
      if (!row) throw notFound('API key');
      return toApiKey(row);
    },
  ),
  defineOperation(
    {
      operationId: 'revokeApiKey',
      method: 'delete',
      path: '/api/api-keys/{id}',
      summary: 'Revoke an API key',
      description:
        "Requests with the key, and with the bearer tokens minted from it, get 401 from then on. An unknown, another company's or an already revoked key is a 404. " +
        'A key cannot revoke a key holding a scope it does not hold itself: 403 `insufficient_scope` naming it.',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'keys:manage',
      params: IdParams,
      response: undefined,
      successStatus: 204,
      errors: [403, 404],
    },
    async ({ params, company, credential, deps, ctx }) => {
      await revokeApiKey(deps, company.id, credential, params.id);
      ctx.status = 204;
    },
  ),
];
