import { Type, type Static } from '@sinclair/typebox';
import { API_VERSION_NAMES, type ApiVersion } from '../../common/apiVersions';
import { SCOPES, type Scope } from '../../common/scopes';
import { DateTime, Nullable, Page, Uuid } from './common';

// /api/api-keys: scoped API keys managed by keys with `keys:manage`.

export const ApiVersionSchema = Type.Unsafe<ApiVersion>({
  type: 'string',
  enum: [...API_VERSION_NAMES],
  description: 'A dated API version (docs/changelog.md).',
});

export const ScopeSchema = Type.Unsafe<Scope>({ type: 'string', enum: [...SCOPES], description: 'What a key may do.' });

const keyFields = {
  id: Uuid,
  name: Nullable(Type.String()),
  prefix: Type.String({ description: 'The visible start of the key (`spk_<prefix>_…`), to tell keys apart.' }),
  scopes: Type.Array(ScopeSchema),
  lastUsedAt: Nullable({
    ...DateTime,
    description: 'Last request made with the key, to the minute; null if never used.',
  }),
  revokedAt: Nullable(DateTime),
  createdAt: DateTime,
  apiVersion: Type.Optional({
    ...ApiVersionSchema,
    description:
      'The API version requests with this key are answered in when they send no Sales-Practice-Version header: the current one when the key was created; PATCH changes it.',
  }),
};

export const ApiKey = Type.Object(keyFields, { additionalProperties: false });
export type ApiKey = Static<typeof ApiKey>;
export const ApiKeyList = Page(ApiKey);

export const ApiKeyWithSecret = Type.Object(
  {
    ...keyFields,
    key: Type.String({
      pattern: '^spk_',
      description: 'The key itself, shown only in this response; stored only hashed.',
    }),
  },
  { additionalProperties: false },
);

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'A label, e.g. the integration using the key.' }),
    ),
    scopes: Type.Optional(
      Type.Array(ScopeSchema, {
        minItems: 1,
        uniqueItems: true,
        description: "Default: the calling key's scopes. A key cannot grant a scope it does not hold (403).",
      }),
    ),
    apiVersion: Type.Optional({
      ...ApiVersionSchema,
      description: 'The API version to pin the key to. Default: the current version.',
    }),
  },
  { additionalProperties: false },
);

export const UpdateApiKeyBody = Type.Object(
  {
    apiVersion: {
      ...ApiVersionSchema,
      description: 'The API version requests with this key are answered in from now on (when they send no header).',
    },
  },
  { additionalProperties: false },
);
