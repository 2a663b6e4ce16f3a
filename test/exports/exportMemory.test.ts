import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { CompanyExport } from '../../api/schemas/exports';
import { startApi, type TestApi } from '../support/api';
import { download, insertManyEvents, insertManyUsers, readArchive, waitForExport } from '../support/exportFixtures';
import { createTenant } from '../support/fixtures';
import { spawnCommand, type ServiceProcess } from '../support/serviceProcess';

// Memory stays flat whatever the company's size: tens of thousands of rows are exported by a worker whose
// heap is held to a limit (V8's --max-old-space-size) far below what holding them would take, and the
// archive still has every item. The rows are inserted in bulk, a thousand per statement.

const USERS = 30_000;
const EVENTS = 20_000;
/** MiB of heap: enough for the worker to start and run under tsx, not to hold the rows it exports. */
const HEAP_MIB = 128;

describe('exports: memory stays flat', function () {
  this.timeout(600_000);
  const queue = `export-memory-${randomUUID().slice(0, 8)}`;
  let storageDir: string;
  let api: TestApi;
  let worker: ServiceProcess | undefined;

  before(async () => {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-export-memory-'));
    api = await startApi({ TEMPORAL_TASK_QUEUE: queue, STORAGE_DIR: storageDir });
  });
  after(async () => {
    await worker?.kill();
    await api.close();
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  it(`exports ${USERS} users and ${EVENTS} events with a ${HEAP_MIB} MiB heap`, async () => {
    const tenant = await createTenant();
    await insertManyUsers(tenant.company.id, USERS);
    await insertManyEvents(tenant.company.id, EVENTS);
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
    expect(done.progress.users).to.deep.equal({ written: USERS, total: USERS });
    expect(done.progress.events).to.deep.equal({ written: EVENTS, total: EVENTS });

    // The worker lived through it (a heap past its limit ends the process).
    expect(worker.output()).to.not.match(/heap out of memory/i);
    const archive = await readArchive((await download(api, done.downloadUrl as string)).body, '2026-11-23');
    expect(archive.items.get('users')).to.have.length(USERS);
    expect(archive.items.get('events')).to.have.length(EVENTS);
    expect(new Set((archive.items.get('events') as Array<{ id: string }>).map((e) => e.id)).size).to.equal(EVENTS);
  });
});
