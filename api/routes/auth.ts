import { nowOn } from '../../common/clock';
import { Type } from '@sinclair/typebox';
import { durationMs } from '../../common/config';
import { createBearerToken } from '../../db/queries/credentials';
import { DateTime } from '../schemas/common';
import { defineOperation, type Operation } from '../operation';

export const TokenResponse = Type.Object(
  { accessToken: Type.String(), tokenType: Type.Literal('Bearer'), expiresAt: DateTime },
  { additionalProperties: false },
);

export const authOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'createBearerToken',
      method: 'post',
      idempotent: 'transaction',
      path: '/api/auth/token',
      summary: 'Exchange an API key for a bearer token',
      description:
        'The token authenticates GET /api/company/get-active-user-count. It expires after BEARER_TOKEN_TTL (1 hour by default), or when the API key it came from is revoked.',
      tags: ['Auth'],
      auth: 'apiKey',
      scope: 'analytics:read',
      response: TokenResponse,
    },
    async ({ company, credential, deps }) => {
      // The token records its key: revoking the key ends it, and it spends the key's rate-limit budget.
      const token = await createBearerToken(
        deps.db,
        company.id,
        durationMs(deps.config.BEARER_TOKEN_TTL),
        credential.apiKeyId,
        nowOn(deps),
      );
      return { accessToken: token.accessToken, tokenType: 'Bearer' as const, expiresAt: token.expiresAt.toISOString() };
    },
  ),
];
