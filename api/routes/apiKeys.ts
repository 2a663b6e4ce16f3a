import { createApiKey, getApiKey, listApiKeys, revokeCompanyApiKey, type ApiKeyRow } from '../../db/queries/credentials';
import { insufficientScope, notFound } from '../errors';
import { defineOperation, type Operation } from '../operation';
import { IdParams, PageQuery, pagination } from '../schemas/common';
import { ApiKeyList, ApiKeyWithSecret, CreateApiKeyBody, type ApiKey } from '../schemas/apiKeys';

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
  };
}

export const apiKeyOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'listApiKeys',
      method: 'get',
      path: '/api/api-keys',
      summary: "List the company's API keys",
      description: 'Every key of the company, revoked ones included, newest first, with its scopes and when it was last used. Keys themselves are never shown again.',
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
        'Issues a key of the caller\'s company with the given scopes (default: the calling key\'s). The key is in this answer only. ' +
        'A key cannot grant a scope it does not hold: 403 `insufficient_scope` naming it.',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'keys:manage',
      body: CreateApiKeyBody,
      bodyOptional: true,
      response: ApiKeyWithSecret,
      successStatus: 201,
      errors: [403],
    },
    async ({ body, company, credential, deps }) => {
      const scopes = body?.scopes ?? [...credential.scopes];
      const ungrantable = scopes.find((s) => !credential.scopes.includes(s));
      if (ungrantable) throw insufficientScope(ungrantable);
      const { id, key } = await createApiKey(deps.db, company.id, body?.name ?? null, scopes);
      const row = await getApiKey(deps.db, company.id, id);
      if (!row) throw notFound('API key');
      return { ...toApiKey(row), key };
    },
  ),
  defineOperation(
    {
      operationId: 'revokeApiKey',
      method: 'delete',
      path: '/api/api-keys/{id}',
      summary: 'Revoke an API key',
      description: 'Requests with the key get 401 from then on. An unknown, another company\'s or an already revoked key is a 404.',
      tags: TAGS,
      auth: 'apiKey',
      scope: 'keys:manage',
      params: IdParams,
      response: undefined,
      successStatus: 204,
      errors: [404],
    },
    async ({ params, company, deps, ctx }) => {
      if (!(await revokeCompanyApiKey(deps.db, company.id, params.id))) throw notFound('API key');
      deps.credentialCache?.forgetAll();
      ctx.status = 204;
    },
  ),
];
