import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

// S3 bucket versioning for the test S3 server (s3rver answers NotImplemented to every versioning request).
// With it on, the server behaves as a bucket with versioning Enabled does, per Amazon S3's API reference:
// - `GET /{bucket}?versioning` (GetBucketVersioning) answers Status Enabled;
// - a PUT of an object, or the completion of a multipart upload, keeps the object it replaces as a noncurrent
//   version; a DELETE without `versionId` keeps the current object as a noncurrent version and adds a delete
//   marker (the object then reads 404, as on S3);
// - `GET /{bucket}?versions&prefix=` (ListObjectVersions) lists every version and delete marker of the keys
//   under the prefix (one page: the tests hold few);
// - `DELETE /{bucket}/{key}?versionId=` (DeleteObject with a version) removes that version or marker for good.
// Current objects stay s3rver's (its files under `directory`); noncurrent versions are copies beside them.

interface Version {
  versionId: string;
  deleteMarker: boolean;
  /** A noncurrent version's bytes (a copy of s3rver's file); absent for a delete marker. */
  file?: string;
  size: number;
  lastModified: Date;
}

export interface BucketVersions {
  /** Every version and delete marker of `key`, newest first (what ListObjectVersions would list). */
  of(key: string): Array<{ versionId: string; deleteMarker: boolean; isLatest: boolean }>;
  /**
   * Handles the request when it is one of versioning's; otherwise prepares for the write it is (keeping the
   * object it replaces) and returns false, for s3rver to serve it.
   */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

const xmlEscape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function bucketVersions(directory: string, bucket: string): BucketVersions {
  /** Per key: noncurrent versions and markers, oldest first; `current` is s3rver's object's version id. */
  const history = new Map<string, Version[]>();
  const current = new Map<string, string>();
  const objectFile = (key: string): string => {
    const parts = key.split('/');
    return path.join(directory, bucket, ...parts.slice(0, -1), `${parts[parts.length - 1]}._S3rver_object`);
  };
  const sizeOf = async (file: string): Promise<number | undefined> =>
    fs.stat(file).then(
      (s) => s.size,
      () => undefined,
    );
  const versionsDir = path.join(directory, '.versions');

  /** The object now current (if any) becomes a noncurrent version. */
  async function keepCurrent(key: string): Promise<void> {
    const size = await sizeOf(objectFile(key));
    if (size === undefined) return;
    await fs.mkdir(versionsDir, { recursive: true });
    const versionId = current.get(key) ?? 'null';
    const file = path.join(versionsDir, randomUUID());
    await fs.copyFile(objectFile(key), file);
    history.set(key, [
      ...(history.get(key) ?? []),
      { versionId, deleteMarker: false, file, size, lastModified: new Date() },
    ]);
    current.delete(key);
  }

  function list(key: string): Array<Version & { isLatest: boolean }> {
    const older = (history.get(key) ?? []).map((v) => ({ ...v, isLatest: false }));
    return older.reverse();
  }

  async function listing(prefix: string): Promise<string> {
    const keys = new Set([...history.keys(), ...current.keys()].filter((k) => k.startsWith(prefix)));
    const entries: string[] = [];
    for (const key of [...keys].sort()) {
      const size = await sizeOf(objectFile(key));
      const now = size !== undefined ? [{ versionId: current.get(key) ?? 'null', size }] : [];
      const newestIsMarker = now.length === 0 && (history.get(key) ?? []).at(-1)?.deleteMarker === true;
      for (const v of now)
        entries.push(
          `<Version><Key>${xmlEscape(key)}</Key><VersionId>${v.versionId}</VersionId><IsLatest>true</IsLatest>` +
            `<LastModified>${new Date().toISOString()}</LastModified><ETag>"0"</ETag><Size>${v.size}</Size>` +
            `<StorageClass>STANDARD</StorageClass></Version>`,
        );
      list(key).forEach((v, i) => {
        const latest = newestIsMarker && i === 0;
        entries.push(
          v.deleteMarker
            ? `<DeleteMarker><Key>${xmlEscape(key)}</Key><VersionId>${v.versionId}</VersionId><IsLatest>${latest}</IsLatest>` +
                `<LastModified>${v.lastModified.toISOString()}</LastModified></DeleteMarker>`
            : `<Version><Key>${xmlEscape(key)}</Key><VersionId>${v.versionId}</VersionId><IsLatest>false</IsLatest>` +
                `<LastModified>${v.lastModified.toISOString()}</LastModified><ETag>"0"</ETag><Size>${v.size}</Size>` +
                `<StorageClass>STANDARD</StorageClass></Version>`,
        );
      });
    }
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListVersionsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyMarker></KeyMarker><VersionIdMarker></VersionIdMarker>` +
      `<MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${entries.join('')}</ListVersionsResult>`
    );
  }

  async function removeVersion(key: string, versionId: string): Promise<boolean> {
    if ((current.get(key) ?? 'null') === versionId && (await sizeOf(objectFile(key))) !== undefined) {
      const base = objectFile(key).replace(/object$/, '');
      await Promise.all(['object', 'metadata.json', 'object.md5'].map((s) => fs.rm(base + s, { force: true })));
      current.delete(key);
      return true;
    }
    const older = history.get(key) ?? [];
    const found = older.find((v) => v.versionId === versionId);
    if (!found) return false;
    if (found.file) await fs.rm(found.file, { force: true });
    const left = older.filter((v) => v !== found);
    if (left.length > 0) history.set(key, left);
    else history.delete(key);
    return true;
  }

  return {
    of: (key) => [
      ...(current.has(key) ? [{ versionId: current.get(key) ?? 'null', deleteMarker: false, isLatest: true }] : []),
      ...list(key).map((v, i) => ({
        versionId: v.versionId,
        deleteMarker: v.deleteMarker,
        isLatest: !current.has(key) && i === 0 && v.deleteMarker,
      })),
    ],
    async handle(req, res, url) {
      const [, pathBucket, ...rest] = url.pathname.split('/');
      if (pathBucket !== bucket) return false;
      const key = decodeURIComponent(rest.join('/'));
      const q = url.searchParams;
      const reply = (status: number, body = '', headers: Record<string, string> = {}): true => {
        req.resume();
        res.writeHead(status, { 'content-type': 'application/xml', ...headers }).end(body);
        return true;
      };
      if (!key && req.method === 'GET' && q.has('versioning'))
        return reply(
          200,
          `<?xml version="1.0" encoding="UTF-8"?>\n<VersioningConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Status>Enabled</Status></VersioningConfiguration>`,
        );
      if (!key && req.method === 'GET' && q.has('versions')) return reply(200, await listing(q.get('prefix') ?? ''));
      if (!key) return false;
      if (req.method === 'DELETE' && q.has('versionId')) {
        const versionId = q.get('versionId') ?? '';
        await removeVersion(key, versionId);
        return reply(204, '', { 'x-amz-version-id': versionId });
      }
      if (req.method === 'DELETE' && !q.has('uploadId')) {
        await keepCurrent(key);
        const marker: Version = { versionId: randomUUID(), deleteMarker: true, size: 0, lastModified: new Date() };
        history.set(key, [...(history.get(key) ?? []), marker]);
        return reply(204, '', { 'x-amz-delete-marker': 'true', 'x-amz-version-id': marker.versionId });
      }
      const wholePut = req.method === 'PUT' && !q.has('partNumber') && !q.has('uploadId');
      const completion = req.method === 'POST' && q.has('uploadId');
      if (wholePut || completion) {
        await keepCurrent(key);
        const versionId = randomUUID();
        res.on('finish', () => {
          if (res.statusCode === 200) current.set(key, versionId);
        });
      }
      return false;
    },
  };
}
