import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import yauzl from 'yauzl';
import type { CompanyExport } from '../../api/schemas/exports';
import type { Manifest } from '../../activities/companyExport/archive';
import { EXPORT_KINDS } from '../../activities/companyExport/kinds';
import type { ApiVersion } from '../../common/apiVersions';
import type { ApiRequests, TestApi } from './api';
import { testEnv } from './env';
import { assertSchema } from './schemaAssert';

// Company exports in tests: following one to its end, reading its archive with a zip reader of its own
// (yauzl, not the writer's library) and checking the manifest against the files, and making many rows fast.

export async function waitForExport(
  api: ApiRequests,
  apiKey: string,
  id: string,
  until: (e: CompanyExport) => boolean = (e) => e.status !== 'running',
  timeoutMs = 120_000,
): Promise<CompanyExport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.request<CompanyExport>('GET', `/api/exports/${id}`, { apiKey });
    expect(res.status, res.text).to.equal(200);
    if (until(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`export ${id} still ${res.body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every file of a zip archive by name. */
export async function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true, validateEntrySizes: true });
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return files;
}

export interface ReadArchive {
  manifest: Manifest;
  files: Map<string, Buffer>;
  /** The items of each kind's file, parsed. */
  items: Map<string, unknown[]>;
}

/**
 * Reads an archive as a user would: every file the manifest names is there with its size and SHA-256,
 * nothing else is, each kind's file has the counted lines, and every item passes the kind's schema.
 */
export async function readArchive(archive: Buffer, apiVersion: ApiVersion): Promise<ReadArchive> {
  const files = await unzip(archive);
  const manifestBytes = files.get('manifest.json');
  expect(manifestBytes, 'manifest.json').to.not.equal(undefined);
  const manifest = JSON.parse(String(manifestBytes)) as Manifest;
  expect([...files.keys()].sort()).to.deep.equal([...manifest.files.map((f) => f.name), 'manifest.json'].sort());
  const items = new Map<string, unknown[]>();
  for (const entry of manifest.files) {
    const bytes = files.get(entry.name) as Buffer;
    expect(bytes.length, `${entry.name} size`).to.equal(entry.bytes);
    expect(createHash('sha256').update(bytes).digest('hex'), `${entry.name} sha256`).to.equal(entry.sha256);
    const kind = EXPORT_KINDS.find((k) => k.name === entry.kind);
    if (!kind) continue;
    const lines = String(bytes)
      .split('\n')
      .filter((l) => l !== '');
    expect(lines.length, `${entry.name} items`).to.equal(entry.items);
    const parsed = lines.map((l) => JSON.parse(l) as unknown);
    parsed.forEach((item, i) => assertSchema(kind.schema(apiVersion), item, `${entry.name} line ${i + 1}`));
    items.set(kind.name, parsed);
  }
  // Every kind has its file, empty or not.
  expect(EXPORT_KINDS.map((k) => k.file).filter((f) => !files.has(f))).to.deep.equal([]);
  return { manifest, files, items };
}

/**
 * GETs the archive through its download link (the service's /media route). The link is built on PUBLIC_URL;
 * the test API listens elsewhere, so only its path and signature are kept.
 */
export async function download(
  api: TestApi,
  link: string,
): Promise<{ status: number; body: Buffer; type: string | null }> {
  const url = new URL(link);
  const res = await fetch(api.url + url.pathname + url.search);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
}

/** `n` users of the company in bulk (one INSERT per thousand): fast data for size and crash tests. */
export async function insertManyUsers(companyId: string, n: number): Promise<void> {
  const db = testEnv().db;
  for (let start = 0; start < n; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - start) }, (_, i) => ({
      id: randomUUID(),
      company_id: companyId,
      email: `bulk-${start + i}-${randomUUID().slice(0, 8)}@example.com`,
      first_name: `Bulk${start + i}`,
      last_name: 'Exported',
      role: 'Rep',
      status: 'active',
    }));
    await db('users').insert(rows);
  }
}

/** `n` kept events of the company in bulk (as GET /api/events lists them). */
export async function insertManyEvents(companyId: string, n: number): Promise<void> {
  const db = testEnv().db;
  for (let start = 0; start < n; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - start) }, (_, i) => {
      const id = randomUUID();
      const payload = {
        id,
        type: 'user.erased',
        createdAt: new Date().toISOString(),
        data: { userId: randomUUID(), n: start + i },
      };
      return { id, company_id: companyId, type: 'user.erased', payload: JSON.stringify(payload) };
    });
    await db('webhook_events').insert(rows);
  }
}
