import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, Uuid } from './common';

// A company export (POST /api/exports, GET /api/exports/{exportId}); the archive's files are described in
// docs/api.md ("Company export"), generated from activities/companyExport/kinds.ts.

export const ExportCreateBody = Type.Object(
  {
    includeMedia: Type.Optional(
      Type.Boolean({ default: false, description: "Put the recordings' stored audio into the archive (`media/`)." }),
    ),
    childCompanyId: Type.Optional(
      Type.String({ format: 'uuid', description: 'Export this direct child company (otherwise 403).' }),
    ),
  },
  { additionalProperties: false },
);
export type ExportCreateBody = Static<typeof ExportCreateBody>;

export const ExportParams = Type.Object({ exportId: Uuid }, { additionalProperties: false });

const KindProgress = Type.Object(
  {
    written: Type.Integer({ minimum: 0, description: 'Items written to the archive so far.' }),
    total: Type.Integer({ minimum: 0, description: 'Items to write, as counted when the export began.' }),
  },
  { additionalProperties: false },
);

export const CompanyExport = Type.Object(
  {
    id: Uuid,
    companyId: { ...Uuid, description: 'The company exported: the caller, or the child it named.' },
    status: Type.Union(
      [
        Type.Literal('running'),
        Type.Literal('completed'),
        Type.Literal('failed'),
        Type.Literal('withdrawn'),
        Type.Literal('expired'),
      ],
      {
        description:
          '`running`; `completed` (the archive can be downloaded until `expiresAt`); `failed` (`failureReason` says why); ' +
          "`withdrawn` (a person's erasure deleted the archive: export again); `expired` (EXPORT_RETENTION deleted it).",
      },
    ),
    includeMedia: Type.Boolean(),
    apiVersion: Type.String({
      description:
        "The API version the items are written in: the request's Sales-Practice-Version header when it named one, else the API key's pinned version.",
    }),
    progress: Type.Record(Type.String(), KindProgress, {
      description:
        'Per kind (`users`, `teams`, …, `media` with includeMedia): items written of items to write. Empty until the export has counted them.',
    }),
    sizeBytes: Nullable(Type.Integer({ minimum: 0, description: "The archive's size once completed." })),
    downloadUrl: Nullable(
      Type.String({
        format: 'uri',
        description:
          'Once completed: a link to the zip archive signed by this service, valid for MEDIA_URL_TTL (15 minutes); GET the export again for a fresh one. An expired link answers 410 `link_expired`.',
      }),
    ),
    failureReason: Nullable(Type.String()),
    createdAt: DateTime,
    completedAt: Nullable(DateTime),
    expiresAt: Nullable(DateTime),
  },
  { additionalProperties: false },
);
export type CompanyExport = Static<typeof CompanyExport>;
