import { randomUUID } from 'node:crypto';
import { exportStatus, requestExport } from '../commands/exports';
import { resolveCompanyScope } from '../commands/companyScope';
import { defineOperation, type Operation } from '../operation';
import { CompanyExport, ExportCreateBody, ExportParams } from '../schemas/exports';

const TAGS = ['Exports'];

export const exportOperations: Operation[] = [
  defineOperation(
    {
      operationId: 'createExport',
      method: 'post',
      // Lease: it starts a workflow. The export is named after the request (attemptId), so a retry that
      // takes over from a crashed first run finds that run's export instead of asking for another.
      idempotent: 'lease',
      path: '/api/exports',
      summary: 'Export everything the company has',
      description:
        'Starts an export of the calling company (or, with `childCompanyId`, of a direct child; otherwise 403) into one zip archive: ' +
        'newline-delimited JSON per kind, each item as the API returns it in the version this request is answered in, a manifest with ' +
        'counts and a SHA-256 per file, and the stored audio with `includeMedia` (docs/api.md, "Company export"). Answers 202; follow it at ' +
        'the Location (GET /api/exports/{exportId}); the end is announced with an `export.completed` or `export.failed` webhook event to ' +
        "the calling company's endpoints. One export of a company runs at a time: another while one runs is 409 `export_running` naming it.",
      tags: TAGS,
      auth: 'apiKey',
      scope: 'exports:write',
      body: ExportCreateBody,
      bodyOptional: true,
      response: CompanyExport,
      successStatus: 202,
      location: (created) => `/api/exports/${created.id}`,
      errors: [403, 409, 503],
    },
    async ({ body, company, apiVersion, attemptId, deps }) => {
      const scope = await resolveCompanyScope(deps.db, company, body?.childCompanyId);
      return requestExport(deps, company, scope, {
        includeMedia: body?.includeMedia ?? false,
        apiVersion,
        exportId: attemptId ?? randomUUID(),
      });
    },
  ),
  defineOperation(
    {
      operationId: 'getExport',
      method: 'get',
      path: '/api/exports/{exportId}',
      summary: 'Where an export stands',
      description:
        "Status, progress per kind (items written of items to write), the archive's size and, once completed, a signed download link valid " +
        "for 15 minutes (ask again for a fresh one). The archive is kept for EXPORT_RETENTION (7 days) and then reads `expired`; a person's " +
        "erasure deletes the company's archives (`withdrawn`: export again). Exports of a child company are read by the parent that asked for them.",
      tags: TAGS,
      auth: 'apiKey',
      scope: 'exports:read',
      params: ExportParams,
      response: CompanyExport,
      errors: [404],
    },
    async ({ params, company, deps }) => exportStatus(deps, company.id, params.exportId),
  ),
];
