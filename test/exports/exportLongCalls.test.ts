import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { CompanyExport } from '../../api/schemas/exports';
import type { TranscriptView } from '../../api/schemas/transcripts';
import { workflowIds } from '../../common/temporal';
import { insertRecording } from '../../db/queries/recordings';
import { startApi, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import { download, readArchive, waitForExport } from '../support/exportFixtures';
import { createTenant } from '../support/fixtures';
import { longCallTranscript } from '../support/longCallTranscript';
import { spawnCommand, type ServiceProcess } from '../support/serviceProcess';

// Memory stays flat in the size of an item, not only in their number: recordings of 4-hour calls, each
// transcript about 1 MB of JSON (several MB as objects), are exported by a worker whose heap is held to a
// limit (V8's --max-old-space-size) below what a page of 200 of them would take, read at once.

const CALLS = 48;
const HOURS = 4;
/** MiB of heap: enough for the worker to start and run under tsx, not to hold the page's transcripts. */
const HEAP_MIB = 128;

describe('exports: memory stays flat in the size of items', function () {
  this.timeout(600_000);
  const queue = `export-long-${randomUUID().slice(0, 8)}`;
  let storageDir: string;
  let api: TestApi;
  let worker: ServiceProcess | undefined;

  before(async () => {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-export-long-'));
    api = await startApi({ TEMPORAL_TASK_QUEUE: queue, STORAGE_DIR: storageDir });
  });
  after(async () => {
    await worker?.kill();
    await api.close();
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  it(`exports ${CALLS} recordings of ${HOURS}-hour calls with a ${HEAP_MIB} MiB heap`, async () => {
    const tenant = await createTenant();
    const db = testEnv().db;
    for (let n = 0; n < CALLS; n += 1) {
      const id = randomUUID();
      await insertRecording(db, {
        id,
        companyId: tenant.company.id,
        userUniqueIdentifier: `crm-${n}`,
        userName: `Caller ${n}`,
        sourceUrl: `https://files.example.com/${id}.mp3`,
        storeRecording: false,
        roleplayId: null,
        workflowId: workflowIds.recording(id),
        transcript: longCallTranscript(n, HOURS),
      });
    }
    const [{ bytes }] = (await db('recordings')
      .where({ company_id: tenant.company.id })
      .select(db.raw('sum(length(transcript)) as bytes'))) as Array<{ bytes: string }>;
    expect(Number(bytes) / CALLS, 'bytes of JSON per transcript').to.be.greaterThan(900_000);

    worker = spawnCommand(
      process.execPath,
      [`--max-old-space-size=${HEAP_MIB}`, '--require', 'tsx/cjs', 'worker/main.ts'],
      { TEMPORAL_TASK_QUEUE: queue, STORAGE_DIR: storageDir },
    );
    await worker.waitFor('"msg":"worker started"', 180_000);
    const started = await api.request<CompanyExport>('POST', '/api/exports', { apiKey: tenant.apiKey, json: {} });
    expect(started.status, started.text).to.equal(202);
    const done = await waitForExport(api, tenant.apiKey, started.body.id, undefined, 480_000);
    expect(done.status, done.failureReason ?? '').to.equal('completed');
    expect(done.progress.transcripts).to.deep.equal({ written: CALLS, total: CALLS });

    // The worker lived through it (a heap past its limit ends the process, and a retry on it would too).
    expect(worker.output()).to.not.match(/heap out of memory/i);
    const archive = await readArchive((await download(api, done.downloadUrl as string)).body, '2026-11-23');
    const transcripts = archive.items.get('transcripts') as TranscriptView[];
    expect(transcripts).to.have.length(CALLS);
    expect(archive.items.get('recordings')).to.have.length(CALLS);
  });
});
