import { nowOn } from '../../common/clock';
import type { ApiVersion } from '../../common/apiVersions';
import type { Config } from '../../common/config';
import { signMediaLink } from '../../common/mediaLinks';
import { startCompanyExport } from '../../common/workflowStarts/companyExport';
import {
  failExport,
  findRunningExport,
  getExportById,
  getRequestedExport,
  insertRunningExport,
  type CompanyExportRow,
} from '../../db/queries/companyExports';
import type { AppDeps } from '../deps';
import { conflict, notFound, workflowStartError } from '../errors';
import type { CompanyExport } from '../schemas/exports';
import { CompanyMarkedError } from '../../db/queries/companyOffboardings';
import type { ScopedCompany } from './companyScope';

// A company export: the row is written first (its unique running marker refuses a second running export
// of the company, whichever API process asks), then the workflow is started. A start that fails ends the
// row, so the company is not left blocked; a start that reached Temporal all the same finds the row failed
// and ends at its first step.

const UNAVAILABLE = 'The export could not be started. Retry the request.';

/** The export as GET /api/exports/{exportId} answers it; a completed one past its retention reads `expired`. */
export function exportView(row: CompanyExportRow, config: Config, now: Date): CompanyExport {
  const expired = row.status === 'completed' && row.expiresAt !== null && row.expiresAt <= now;
  const status = expired ? 'expired' : row.status;
  return {
    id: row.id,
    companyId: row.companyId,
    status,
    includeMedia: row.includeMedia,
    apiVersion: row.apiVersion,
    progress: row.progress,
    sizeBytes: row.sizeBytes,
    downloadUrl: status === 'completed' && row.archiveKey ? signMediaLink(config, row.archiveKey, now.getTime()) : null,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}

const exportRunning = (running: CompanyExportRow) =>
  conflict(
    'export_running',
    `Export ${running.id} of this company is running (since ${running.createdAt.toISOString()}); ` +
      `follow it at GET /api/exports/${running.id} and ask again once it has ended.`,
  );

/** POST /api/exports: `exportId` is the request's (its Idempotency-Key attempt's, so a takeover finds it). */
export async function requestExport(
  deps: AppDeps,
  requester: { id: string },
  company: ScopedCompany,
  request: { includeMedia: boolean; apiVersion: ApiVersion; exportId: string },
): Promise<CompanyExport> {
  let row = await getExportById(deps.db, request.exportId);
  if (!row) {
    const inserted = await insertRunningExport(deps.db, {
      id: request.exportId,
      companyId: company.id,
      requestedByCompanyId: requester.id,
      apiVersion: request.apiVersion,
      includeMedia: request.includeMedia,
    });
    if (inserted === 'offboarding') throw new CompanyMarkedError(company.id);
    if (inserted === 'busy') {
      const running = await findRunningExport(deps.db, company.id);
      // It ended between the two statements: the next request gets through.
      if (!running) throw conflict('export_running', 'Another export of this company just ended; ask again.');
      throw exportRunning(running);
    }
    row = await getExportById(deps.db, request.exportId);
    if (!row) throw new Error('export vanished after insert');
  }
  try {
    await startCompanyExport(deps.temporal, deps.config, company, { exportId: row.id, companyId: row.companyId });
    deps.metrics?.workflowStarts.inc({ workflow: 'companyExport' });
  } catch (err) {
    await failExport(deps.db, row.id, 'The export could not be started.', nowOn(deps));
    throw workflowStartError(err, UNAVAILABLE);
  }
  return exportView(row, deps.config, nowOn(deps));
}

/** GET /api/exports/{exportId}: the caller's exports, of itself or of a child it exported. */
export async function exportStatus(deps: AppDeps, requesterId: string, exportId: string): Promise<CompanyExport> {
  const row = await getRequestedExport(deps.db, requesterId, exportId);
  if (!row) throw notFound('Export');
  return exportView(row, deps.config, nowOn(deps));
}
