import { once } from 'node:events';
import { PassThrough } from 'node:stream';
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
import { EXPORT_KINDS, exportKind, type KindEntry, type KindReadContext } from './kinds';
import { partKey } from './storeKeys';

// Writing an export's pages: each kind's items are read a few at a time and written, as they are read,
// into a part of its own in the recording store (a put is atomic, and part n always holds the same items).
// A part ends after EXPORT_PAGE_SIZE items or once it has passed EXPORT_PART_BYTES, whichever comes first
// (an item larger than that bound is a part of its own), so memory holds a few items whatever they weigh.
// After each part the activity heartbeats where it is; a retried activity (its worker died) starts from the
// last heartbeat's cursor and part number, so it writes again at most the part after it, over the same key.

/** Items per part at most: one part, one heartbeat, one progress write. */
export const EXPORT_PAGE_SIZE = 200;
/** A part ends once its serialized size passes this (4 MiB): a part's put buffers at most about this much. */
export const EXPORT_PART_BYTES = 4 * 1024 * 1024;

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
  /** Bytes of the parts (absent in histories written before it was counted): the archive's size estimate. */
  bytes?: number;
}

interface PageCheckpoint {
  next: string | null;
  parts: number;
  written: number;
  bytes?: number;
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

/** The stored audio of the company's recordings: `{id, storageKey, sizeBytes}` per item. */
async function* mediaItems(ctx: KindReadContext, after: string | null): AsyncGenerator<KindEntry> {
  for (let cursor = after; ;) {
    const rows = await storedMediaAfter(ctx.db, ctx.companyId, cursor, EXPORT_PAGE_SIZE);
    for (const row of rows) yield { item: row, cursor: row.id };
    if (rows.length < EXPORT_PAGE_SIZE) return;
    cursor = rows[rows.length - 1].id;
  }
}

/**
 * Writes items from `entries` into one part, each serialized as it comes, until the part is full or the
 * entries end; answers what the part holds (nothing written when `entries` had none left).
 */
async function writePart(
  storage: ActivityDeps['storage'],
  key: string,
  entries: AsyncGenerator<KindEntry>,
): Promise<{ items: number; bytes: number; cursor: string | null; ended: boolean }> {
  let entry = await entries.next();
  if (entry.done) return { items: 0, bytes: 0, cursor: null, ended: true };
  const body = new PassThrough();
  const putting = storage.put(key, body, { maxBytes: Number.MAX_SAFE_INTEGER });
  // Unhandled until awaited below; the part is written meanwhile.
  putting.catch(() => undefined);
  let items = 0;
  let bytes = 0;
  let cursor: string | null = null;
  try {
    while (!entry.done) {
      const line = Buffer.from(`${JSON.stringify(entry.value.item)}\n`);
      items += 1;
      bytes += line.length;
      cursor = entry.value.cursor;
      // Backpressure: the next item is read once the store has taken this one.
      if (!body.write(line)) await Promise.race([once(body, 'drain'), putting]);
      if (items >= EXPORT_PAGE_SIZE || bytes >= EXPORT_PART_BYTES) break;
      entry = await entries.next();
    }
  } catch (err) {
    body.destroy(err as Error);
    await putting.catch(() => undefined);
    throw err;
  }
  const ended = entry.done === true;
  body.end();
  await putting;
  return { items, bytes, cursor, ended };
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
      const read = kindName === MEDIA_KIND ? mediaItems : exportKind(kindName).read;
      const resumed = activity.info.heartbeatDetails as PageCheckpoint | undefined;
      let at: PageCheckpoint = resumed ?? { next: null, parts: 0, written: 0, bytes: 0, done: false };
      const entries = read(ctx, at.next);
      try {
        while (!at.done) {
          const part = await writePart(storage, partKey(row.companyId, exportId, kindName, at.parts), entries);
          at = {
            next: part.cursor ?? at.next,
            parts: at.parts + (part.items > 0 ? 1 : 0),
            written: at.written + part.items,
            bytes: (at.bytes ?? 0) + part.bytes,
            done: part.ended,
          };
          activity.heartbeat(at);
          await setKindWritten(db, exportId, kindName, at.written);
        }
      } finally {
        await entries.return(undefined);
      }
      return { name: kindName, parts: at.parts, written: at.written, bytes: at.bytes ?? 0 };
    },
  };
}
