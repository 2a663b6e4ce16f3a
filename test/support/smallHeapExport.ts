import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { CompanyExport } from '../../api/schemas/exports';
import { startApi, type TestApi } from './api';
import { download, readArchive, waitForExport, type ReadArchive } from './exportFixtures';
import { spawnCommand, type ServiceProcess } from './serviceProcess';

// What the export memory tests share (test/exports/exportMemory.test.ts by count, exportLongCalls.test.ts by
// item size): an API and a store of their own, and a worker process whose heap is held to a limit (V8's
// --max-old-space-size) below what holding the exported rows would take; an export through the API that
// must complete with the worker alive, read back as a user would.

export interface SmallHeapExport {
  api: TestApi;
  /** Exports the company of `apiKey` on the small-heap worker (started on first use); fails unless it completes. */
  exportCompany(apiKey: string): Promise<{ done: CompanyExport; archive: ReadArchive }>;
  close(): Promise<void>;
}

export async function startSmallHeapExport(label: string, heapMib: number): Promise<SmallHeapExport> {
  const queue = `export-${label}-${randomUUID().slice(0, 8)}`;
  const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), `sp-export-${label}-`));
  const api = await startApi({ TEMPORAL_TASK_QUEUE: queue, STORAGE_DIR: storageDir });
  let worker: ServiceProcess | undefined;

  const startWorker = async (): Promise<ServiceProcess> => {
    const started = spawnCommand(
      process.execPath,
      [`--max-old-space-size=${heapMib}`, '--require', 'tsx/cjs', 'worker/main.ts'],
      { TEMPORAL_TASK_QUEUE: queue, STORAGE_DIR: storageDir },
    );
    worker = started;
    await started.waitFor('"msg":"worker started"', 180_000);
    return started;
  };

  return {
    api,
    async exportCompany(apiKey) {
      const running = worker ?? (await startWorker());
      const started = await api.request<CompanyExport>('POST', '/api/exports', { apiKey, json: {} });
      expect(started.status, started.text).to.equal(202);
      const done = await waitForExport(api, apiKey, started.body.id, undefined, 480_000);
      expect(done.status, done.failureReason ?? '').to.equal('completed');
      // The worker lived through it (a heap past its limit ends the process, and a retry on it would too).
      expect(running.output()).to.not.match(/heap out of memory/i);
      const archive = await readArchive((await download(api, done.downloadUrl as string)).body, '2026-11-23');
      return { done, archive };
    },
    async close() {
      await worker?.kill();
      await api.close();
      await fs.rm(storageDir, { recursive: true, force: true });
    },
  };
}
