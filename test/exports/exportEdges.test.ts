import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import type { CompanyExport } from '../../api/schemas/exports';
import { exportKind, type KindReadContext } from '../../activities/companyExport/kinds';
import { CURRENT_API_VERSION } from '../../common/apiVersions';
import { recordingStorageFor } from '../../common/storage/configuredStorage';
import { partSizeFor, S3_MAX_PARTS } from '../../common/storage/s3Storage';
import { workflowIds } from '../../common/temporal';
import { insertRecording } from '../../db/queries/recordings';
import { startApi, type TestApi } from '../support/api';
import { testConfig, testEnv } from '../support/env';
import { download, readArchive, waitForExport } from '../support/exportFixtures';
import { createTenant } from '../support/fixtures';
import { startWorker, type RunningWorker } from '../support/worker';

// The export's edges: an event deleted (by its retention) where the walk stands does not restart it; a
// stored audio file gone from the store while its row still names it is left out and listed in the
// manifest; an archive of any size fits S3's 10,000 parts.

const MIB = 1024 * 1024;

async function collect(entries: AsyncGenerator<{ item: unknown; cursor: string }>, n: number) {
  const got: Array<{ id: string; cursor: string }> = [];
  for await (const entry of entries) {
    got.push({ id: (entry.item as { id: string }).id, cursor: entry.cursor });
    if (got.length === n) break;
  }
  return got;
}

describe('exports: events walked by (time, id)', function () {
  this.timeout(60_000);

  it('resumes after a cursor whose event was deleted, without repeating any', async () => {
    const tenant = await createTenant();
    const db = testEnv().db;
    const base = Date.UTC(2026, 10, 1);
    // 130 events, one a second, two at each of the same instants (the id breaks the tie).
    const rows = Array.from({ length: 130 }, (_, i) => {
      const id = randomUUID();
      const createdAt = new Date(base + Math.floor(i / 2) * 1000);
      const payload = { id, type: 'user.erased', createdAt: createdAt.toISOString(), data: { n: i } };
      return {
        id,
        company_id: tenant.company.id,
        type: 'user.erased',
        payload: JSON.stringify(payload),
        created_at: createdAt,
      };
    });
    await db('webhook_events').insert(rows);
    const ctx: KindReadContext = {
      db,
      config: testConfig(),
      companyId: tenant.company.id,
      apiVersion: CURRENT_API_VERSION,
      now: new Date(),
    };
    const events = exportKind('events');
    const first = await collect(events.read(ctx, null), 61);
    // The walk stopped (a part ended, the worker died) at the 61st event; the sweep deletes that event.
    const stop = first[first.length - 1];
    expect(await db('webhook_events').where({ id: stop.id }).delete()).to.equal(1);
    const rest = await collect(events.read(ctx, stop.cursor), Number.MAX_SAFE_INTEGER);

    const ids = [...first, ...rest].map((e) => e.id);
    expect(new Set(ids).size, 'no event twice').to.equal(ids.length);
    expect(ids).to.have.length(130);
    expect(new Set(ids)).to.deep.equal(new Set(rows.map((r) => r.id)));
    // Newest first throughout.
    const time = new Map<string, number>(rows.map((r) => [r.id, r.created_at.getTime()]));
    for (let i = 1; i < ids.length; i += 1) expect(time.get(ids[i])).to.be.at.most(time.get(ids[i - 1]) as number);
  });
});

describe('exports: stored audio gone mid-export', function () {
  this.timeout(180_000);
  let storageDir: string;
  let api: TestApi;
  let worker: RunningWorker;

  before(async () => {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-export-edges-'));
    const config = { TEMPORAL_TASK_QUEUE: `export-edges-${randomUUID().slice(0, 8)}`, STORAGE_DIR: storageDir };
    api = await startApi(config);
    worker = await startWorker(config);
  });
  after(async () => {
    await worker.stop();
    await api.close();
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  it('leaves the file out and lists it as missing with its reason; the export completes', async () => {
    const tenant = await createTenant();
    const db = testEnv().db;
    const storage = recordingStorageFor({ ...testConfig(), STORAGE_DIR: storageDir });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = randomUUID();
      ids.push(id);
      await insertRecording(db, {
        id,
        companyId: tenant.company.id,
        userUniqueIdentifier: `crm-${i}`,
        userName: `Caller ${i}`,
        sourceUrl: `https://files.example.com/${id}.mp3`,
        storeRecording: true,
        roleplayId: null,
        workflowId: workflowIds.recording(id),
      });
      const key = `${tenant.company.id}/${id}.mp3`;
      const body = Buffer.from(`audio of ${id}`);
      await storage.put(key, Readable.from([body]), { maxBytes: MIB });
      await db('recordings').where({ id }).update({ storage_key: key, size_bytes: body.length });
    }
    // The row still names it, the store no longer has it: what retention or an erasure leaves mid-export.
    const gone = ids[1];
    await storage.delete(`${tenant.company.id}/${gone}.mp3`);

    const started = await api.request<CompanyExport>('POST', '/api/exports', {
      apiKey: tenant.apiKey,
      json: { includeMedia: true },
    });
    expect(started.status, started.text).to.equal(202);
    const done = await waitForExport(api, tenant.apiKey, started.body.id);
    expect(done.status, done.failureReason ?? '').to.equal('completed');
    const archive = await readArchive((await download(api, done.downloadUrl as string)).body, CURRENT_API_VERSION);
    const media = archive.manifest.files.filter((f) => f.kind === 'media').map((f) => f.recordingId);
    expect(media.sort()).to.deep.equal([ids[0], ids[2]].sort());
    expect(archive.manifest.missing).to.have.length(1);
    expect(archive.manifest.missing[0]).to.include({ kind: 'media', recordingId: gone });
    expect(archive.manifest.missing[0].reason).to.match(/not found in the recording store/);
    expect(String(archive.files.get(`media/${ids[0]}.mp3`))).to.equal(`audio of ${ids[0]}`);
  });
});

describe('exports: an archive of any size fits S3 parts', () => {
  it('keeps S3_PART_SIZE while it fits 10,000 parts, and grows (whole MiB) when not', () => {
    const configured = 8 * MIB;
    expect(partSizeFor(configured, undefined)).to.equal(configured);
    expect(partSizeFor(configured, 1000)).to.equal(configured);
    expect(partSizeFor(configured, configured * S3_MAX_PARTS)).to.equal(configured);
    for (const size of [configured * S3_MAX_PARTS + 1, 79 * 1024 * MIB, 500 * 1024 * MIB, 5 * 1024 * 1024 * MIB]) {
      const part = partSizeFor(configured, size);
      expect(Math.ceil(size / part), `${size} bytes`).to.be.at.most(S3_MAX_PARTS);
      expect(part % MIB).to.equal(0);
      expect(part).to.be.greaterThan(configured);
    }
    // Never below S3's 5 MiB floor.
    expect(partSizeFor(1, 10)).to.equal(5 * MIB);
  });
});
