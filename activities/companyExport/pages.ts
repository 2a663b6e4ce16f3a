import { Readable } from 'node:stream';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { CURRENT_API_VERSION, isApiVersion } from '../../common/apiVersions';
import { nowOn } from '../../common/clock';
import {
  exportSetCount,
  getExportById,
  setExportProgress,
  setKindWritten,
  storedMediaAfter,
  type CompanyExportRow,
  type ExportProgress,
} from '../../db/queries/companyExports';
import type { ActivityDeps } from '../deps';
import { EXPORT_KINDS, exportKind, type KindPage, type KindReadContext } from './kinds';
import { partKey } from './storeKeys';

// Writing an export's pages: each kind is read a keyset page at a time and each page stored as a part
// of its own in the recording store (a put is atomic, and part n always holds the same page), then the
// activity heartbeats where it is. A retried activity (its worker died) starts from the last heartbeat's
// cursor and part number, so it writes again at most the pages after it, over the same keys.

/** Items per page: one part, one heartbeat, one progress write. */
export const EXPORT_PAGE_SIZE = 200;

/** The pseudo-kind listing the stored audio to put into the archive (`includeMedia`). */
export const MEDIA_KIND = 'media';

export interface ExportPlan {
  companyId: string;
  requestedByCompanyId: string;
  kinds: Array<{ name: string; total: number }>;
}

export interface KindWritten {
  name: string;
  /** Parts 0 … parts − 1 hold the kind's items. */
  parts: number;
  written: number;
}

interface PageCheckpoint {
  next: string | null;
  parts: number;
  written: number;
  done: boolean;
}

const notFound = (exportId: string) =>
  ApplicationFailure.nonRetryable(`export ${exportId} has no row`, 'ExportNotFound');

export function readContext(deps: ActivityDeps, row: CompanyExportRow): KindReadContext {
  return {
    db: deps.db,
    config: deps.config,
    companyId: row.companyId,
    apiVersion: isApiVersion(row.apiVersion) ? row.apiVersion : CURRENT_API_VERSION,
    now: nowOn(deps),
  };
}

async function mediaPage(ctx: KindReadContext, after: string | null, limit: number): Promise<KindPage> {
  const rows = await storedMediaAfter(ctx.db, ctx.companyId, after, limit);
  return { items: rows, next: rows.length < limit ? null : rows[rows.length - 1].id };
}

export function createExportPageActivities(deps: ActivityDeps) {
  const { db, storage } = deps;
  return {
    /**
     * The export's kinds and how many items each has now (its progress's totals). Null when the export no
     * longer runs (withdrawn by an erasure before it began): there is nothing to do.
     */
    async beginCompanyExport(exportId: string): Promise<ExportPlan | null> {
      const row = await getExportById(db, exportId);
      if (!row) throw notFound(exportId);
      if (row.status !== 'running') return null;
      const ctx = readContext(deps, row);
      const kinds: ExportPlan['kinds'] = [];
      for (const kind of EXPORT_KINDS) kinds.push({ name: kind.name, total: await kind.count(ctx) });
      if (row.includeMedia) kinds.push({ name: MEDIA_KIND, total: await exportSetCount(db, 'media', row.companyId) });
      // A retry keeps what earlier attempts wrote.
      const progress: ExportProgress = {};
      for (const k of kinds) progress[k.name] = { written: row.progress[k.name]?.written ?? 0, total: k.total };
      await setExportProgress(db, exportId, progress);
      return { companyId: row.companyId, requestedByCompanyId: row.requestedByCompanyId, kinds };
    },

    /** Writes every page of one kind as parts; resumes from its last heartbeat. */
    async exportCompanyKind(exportId: string, kindName: string): Promise<KindWritten> {
      const activity = Context.current();
      const row = await getExportById(db, exportId);
      if (!row) throw notFound(exportId);
      const ctx = readContext(deps, row);
      const read = kindName === MEDIA_KIND ? mediaPage : exportKind(kindName).page;
      const resumed = activity.info.heartbeatDetails as PageCheckpoint | undefined;
      let at: PageCheckpoint = resumed ?? { next: null, parts: 0, written: 0, done: false };
      while (!at.done) {
        const page = await read(ctx, at.next, EXPORT_PAGE_SIZE);
        if (page.items.length > 0) {
          const text = page.items.map((item) => `${JSON.stringify(item)}\n`).join('');
          await storage.put(partKey(row.companyId, exportId, kindName, at.parts), Readable.from([Buffer.from(text)]), {
            maxBytes: Number.MAX_SAFE_INTEGER,
          });
        }
        at = {
          next: page.next,
          parts: at.parts + (page.items.length > 0 ? 1 : 0),
          written: at.written + page.items.length,
          done: page.next === null,
        };
        activity.heartbeat(at);
        await setKindWritten(db, exportId, kindName, at.written);
      }
      return { name: kindName, parts: at.parts, written: at.written };
    },
  };
}
