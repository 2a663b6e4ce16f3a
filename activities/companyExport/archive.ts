import { createHash } from 'node:crypto';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Context } from '@temporalio/activity';
import { ZipFile } from 'yazl';
import type { RecordingStorage } from '../../common/storage/recordingStorage';
import type { CompanyExportRow } from '../../db/queries/companyExports';
import { exportKind } from './kinds';
import { MEDIA_KIND, type KindWritten } from './pages';
import { partKey } from './storeKeys';

// The archive: one zip streamed from the parts in the store into the store (yazl writes each entry as it
// is read, one at a time, so memory does not grow with the archive). Every file passes through a tap that
// counts its bytes and lines and hashes it, and the manifest, the last entry, is built from those taps:
// it describes the bytes that were written, whatever happened before. A retried assembly starts again from
// the parts (the store's put is atomic: the archive is either the whole new one or not there).

export const MANIFEST_FILE = 'manifest.json';

export interface ManifestFile {
  name: string;
  kind: string;
  /** Items (lines) in a kind's file; absent for media. */
  items?: number;
  /** The recording a media file is the stored audio of. */
  recordingId?: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  exportId: string;
  companyId: string;
  apiVersion: string;
  createdAt: string;
  includeMedia: boolean;
  files: ManifestFile[];
  /** Stored audio listed when the export began but gone when the archive was written (retention, an erasure). */
  missing: MissingMedia[];
}

export interface MissingMedia {
  kind: 'media';
  recordingId: string;
  reason: string;
}

/** Bytes the zip adds per entry at most (headers, ZIP64 extras, data descriptor) and for its directory. */
const ZIP_OVERHEAD_PER_FILE = 512;
const ZIP_OVERHEAD = 1024 * 1024;

/** A pass-through that fills `entry`'s bytes, items and sha256 as the file streams by. */
function tap(entry: ManifestFile): Transform {
  const hash = createHash('sha256');
  let lines = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      entry.bytes += chunk.length;
      if (entry.items !== undefined) for (const byte of chunk) if (byte === 0x0a) lines += 1;
      done(null, chunk);
    },
    flush(done) {
      entry.sha256 = hash.digest('hex');
      if (entry.items !== undefined) entry.items = lines;
      done();
    },
  });
}

/** A kind's parts one after the other, each opened only when the previous one is read. */
function partsStream(storage: RecordingStorage, row: CompanyExportRow, kind: string, parts: number): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let seq = 0; seq < parts; seq += 1) {
      const file = await storage.get(partKey(row.companyId, row.id, kind, seq));
      if (!file) throw new Error(`part ${seq} of ${kind} is missing from the store`);
      for await (const chunk of file.stream) yield chunk as Buffer;
    }
  }
  return Readable.from(chunks());
}

interface MediaLine {
  id: string;
  storageKey: string;
  sizeBytes?: number;
}

/** The stored audio the media parts list: `{id, storageKey, sizeBytes}` per line, a part (≤ EXPORT_PART_BYTES) at a time. */
async function* mediaOf(storage: RecordingStorage, row: CompanyExportRow, parts: number): AsyncGenerator<MediaLine> {
  for (let seq = 0; seq < parts; seq += 1) {
    const file = await storage.get(partKey(row.companyId, row.id, MEDIA_KIND, seq));
    if (!file) throw new Error(`part ${seq} of ${MEDIA_KIND} is missing from the store`);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    for (const line of Buffer.concat(chunks).toString('utf8').split('\n'))
      if (line) yield JSON.parse(line) as MediaLine;
  }
}

/** What the archive will weigh at most: its files as written (deflate barely grows what it cannot shrink), and the zip's own bytes. */
async function archiveEstimate(
  storage: RecordingStorage,
  row: CompanyExportRow,
  kinds: KindWritten[],
): Promise<number> {
  let bytes = ZIP_OVERHEAD;
  let files = 1;
  for (const kind of kinds.filter((k) => k.name !== MEDIA_KIND)) {
    bytes += Math.ceil((kind.bytes ?? 0) * 1.01);
    files += 1;
  }
  const media = kinds.find((k) => k.name === MEDIA_KIND);
  if (media)
    for await (const file of mediaOf(storage, row, media.parts)) {
      bytes += file.sizeBytes ?? 0;
      files += 1;
    }
  return bytes + files * ZIP_OVERHEAD_PER_FILE;
}

/** Writes the archive of `row` from its parts to `key`; answers its size. */
export async function writeArchive(
  storage: RecordingStorage,
  row: CompanyExportRow,
  kinds: KindWritten[],
  key: string,
  goneReason: (recordingId: string) => Promise<string>,
): Promise<number> {
  const activity = Context.current();
  const zip = new ZipFile();
  const mtime = row.createdAt;
  const manifest: Manifest = {
    exportId: row.id,
    companyId: row.companyId,
    apiVersion: row.apiVersion,
    createdAt: row.createdAt.toISOString(),
    includeMedia: row.includeMedia,
    files: [],
    missing: [],
  };
  // The store picks its upload's part size from it (S3 takes at most 10,000 parts).
  const expectedBytes = await archiveEstimate(storage, row, kinds);
  let written = 0;
  // A transform, not a 'data' listener: the store starts reading when it is ready, and nothing may flow before.
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      written += chunk.length;
      activity.heartbeat({ bytes: written });
      done(null, chunk);
    },
  });
  const out = zip.outputStream as PassThrough;
  zip.on('error', (err: Error) => out.destroy(err));
  out.on('error', (err) => counted.destroy(err));
  out.pipe(counted);
  const putting = storage.put(key, counted, { maxBytes: Number.MAX_SAFE_INTEGER, expectedBytes });
  // Unhandled until awaited below; the entries are added meanwhile.
  putting.catch(() => undefined);

  for (const kind of kinds.filter((k) => k.name !== MEDIA_KIND)) {
    const entry: ManifestFile = { name: exportKind(kind.name).file, kind: kind.name, items: 0, bytes: 0, sha256: '' };
    manifest.files.push(entry);
    zip.addReadStreamLazy(entry.name, { mtime }, (cb) =>
      cb(null, partsStream(storage, row, kind.name, kind.parts).pipe(tap(entry))),
    );
  }
  const media = kinds.find((k) => k.name === MEDIA_KIND);
  if (media) {
    // One file at a time: it is opened (and a file removed meanwhile found gone) only when the previous
    // one has streamed into the zip, so a removed file is left out and listed, not a failed archive.
    for await (const file of mediaOf(storage, row, media.parts)) {
      const found = await storage.get(file.storageKey);
      if (!found) {
        manifest.missing.push({ kind: MEDIA_KIND, recordingId: file.id, reason: await goneReason(file.id) });
        continue;
      }
      const entry: ManifestFile = {
        name: `media/${file.id}${path.extname(file.storageKey)}`,
        kind: MEDIA_KIND,
        recordingId: file.id,
        bytes: 0,
        sha256: '',
      };
      manifest.files.push(entry);
      const tapped = found.stream.pipe(tap(entry));
      found.stream.on('error', (err) => tapped.destroy(err));
      // Audio is compressed already: stored as it is.
      zip.addReadStream(tapped, entry.name, { mtime, compress: false });
      await Promise.race([finished(tapped), putting]);
    }
  }
  // Last: by the time yazl opens it every file before it has streamed through its tap.
  zip.addReadStreamLazy(MANIFEST_FILE, { mtime }, (cb) =>
    cb(null, Readable.from([Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)])),
  );
  zip.end();
  const { sizeBytes } = await putting;
  return sizeBytes;
}
