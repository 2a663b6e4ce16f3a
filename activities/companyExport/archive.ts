import { createHash } from 'node:crypto';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
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
}

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

/** The stored audio the media parts list: `{id, storageKey}` per line. */
async function* mediaOf(
  storage: RecordingStorage,
  row: CompanyExportRow,
  parts: number,
): AsyncGenerator<{ id: string; storageKey: string }> {
  for (let seq = 0; seq < parts; seq += 1) {
    const file = await storage.get(partKey(row.companyId, row.id, MEDIA_KIND, seq));
    if (!file) throw new Error(`part ${seq} of ${MEDIA_KIND} is missing from the store`);
    let text = '';
    for await (const chunk of file.stream) text += (chunk as Buffer).toString('utf8');
    for (const line of text.split('\n')) if (line) yield JSON.parse(line) as { id: string; storageKey: string };
  }
}

/** Writes the archive of `row` from its parts to `key`; answers its size. */
export async function writeArchive(
  storage: RecordingStorage,
  row: CompanyExportRow,
  kinds: KindWritten[],
  key: string,
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
  };
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
  const putting = storage.put(key, counted, { maxBytes: Number.MAX_SAFE_INTEGER });
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
    for await (const file of mediaOf(storage, row, media.parts)) {
      const entry: ManifestFile = {
        name: `media/${file.id}${path.extname(file.storageKey)}`,
        kind: MEDIA_KIND,
        recordingId: file.id,
        bytes: 0,
        sha256: '',
      };
      manifest.files.push(entry);
      // Audio is compressed already: stored as it is.
      zip.addReadStreamLazy(entry.name, { mtime, compress: false }, (cb) => {
        storage.get(file.storageKey).then(
          (found) =>
            found
              ? cb(null, found.stream.pipe(tap(entry)))
              : cb(new Error(`the stored audio of recording ${file.id} is gone`), Readable.from([])),
          (err: unknown) => cb(err, Readable.from([])),
        );
      });
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
