import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { temporal } from '@temporalio/proto';
import { expect } from 'chai';
import type { CompanyExport } from '../../api/schemas/exports';
import type { UserRead } from '../../api/schemas/users';
import { partKey } from '../../activities/companyExport/storeKeys';
import { workflowIds } from '../../common/temporal';
import { startApi, type TestApi } from '../support/api';
import { download, insertManyUsers, readArchive, waitForExport } from '../support/exportFixtures';
import { createTenant } from '../support/fixtures';
import { keepKindHistory } from '../support/kindHistories';
import { filesUnder } from '../support/recordingFixtures';
import { spawnService, type ServiceProcess } from '../support/serviceProcess';

const { PendingActivityState } = temporal.api.enums.v1;

// An export survives its worker's death: the worker is killed (SIGKILL) while it writes the users' pages;
// another worker takes the kind's activity over once its heartbeat times out and goes on from its last
// heartbeat (the pages already stored are not written again), and the archive still matches its manifest.

const USERS = 10_000;

describe('exports: a worker killed in the middle of an export', function () {
  this.timeout(300_000);
  const queue = `export-crash-${randomUUID().slice(0, 8)}`;
  let storageDir: string;
  let api: TestApi;
  let worker: ServiceProcess | undefined;
  const config = (): { TEMPORAL_TASK_QUEUE: string; STORAGE_DIR: string } => ({
    TEMPORAL_TASK_QUEUE: queue,
    STORAGE_DIR: storageDir,
  });
  const startWorker = async (): Promise<ServiceProcess> => {
    const child = spawnService('worker/main.ts', config());
    await child.waitFor('"msg":"worker started"', 180_000);
    return child;
  };

  before(async () => {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-export-crash-'));
    api = await startApi(config());
  });
  after(async () => {
    await worker?.kill();
    await api.close();
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  it('resumes at the page it was on and writes an archive that matches its manifest', async () => {
    const tenant = await createTenant();
    await insertManyUsers(tenant.company.id, USERS);
    worker = await startWorker();
    const started = await api.request<CompanyExport>('POST', '/api/exports', { apiKey: tenant.apiKey, json: {} });
    expect(started.status, started.text).to.equal(202);
    const run = api.temporal.workflow.getHandle(workflowIds.companyExport(started.body.id));

    // Killed once a few pages of users are stored and their heartbeat has reached Temporal.
    const before = await waitForExport(
      api,
      tenant.apiKey,
      started.body.id,
      (e) => (e.progress.users?.written ?? 0) >= 600,
    );
    expect(before.status).to.equal('running');
    const heartbeating = async (): Promise<boolean> =>
      ((await run.describe()).raw.pendingActivities ?? []).some(
        (a) => a.state === PendingActivityState.PENDING_ACTIVITY_STATE_STARTED && a.lastHeartbeatTime != null,
      );
    while (!(await heartbeating())) await new Promise((r) => setTimeout(r, 100));
    await worker.kill();
    worker = undefined;
    const killedAt = Date.now();
    const written = (await waitForExport(api, tenant.apiKey, started.body.id, () => true)).progress.users.written;
    expect(written).to.be.lessThan(USERS);
    const firstPart = path.join(storageDir, partKey(tenant.company.id, started.body.id, 'users', 0));
    expect((await fs.stat(firstPart)).mtimeMs).to.be.below(killedAt);

    worker = await startWorker();
    // The new worker writes past where the dead one was: the first page it had stored is not written again.
    await waitForExport(
      api,
      tenant.apiKey,
      started.body.id,
      (e) => e.status !== 'running' || e.progress.users.written > written,
    );
    const stillThere = await fs.stat(firstPart).catch(() => undefined);
    if (stillThere) expect(stillThere.mtimeMs, 'part 0 rewritten').to.be.below(killedAt);

    const done = await waitForExport(api, tenant.apiKey, started.body.id);
    expect(done.status, done.failureReason ?? '').to.equal('completed');
    expect(done.progress.users).to.deep.equal({ written: USERS, total: USERS });
    const archive = await readArchive((await download(api, done.downloadUrl as string)).body, '2026-11-23');
    const users = archive.items.get('users') as UserRead[];
    expect(users).to.have.length(USERS);
    expect(new Set(users.map((u) => u.id)).size).to.equal(USERS);
    expect(archive.manifest.files.find((f) => f.name === 'users.ndjson')?.items).to.equal(USERS);

    // The users' activity ran again (attempt 2) and no kind was started over by the workflow.
    const history = await run.fetchHistory();
    const attempts = (history.events ?? [])
      .filter((e) => e.activityTaskStartedEventAttributes)
      .map((e) => e.activityTaskStartedEventAttributes?.attempt ?? 0);
    expect(Math.max(...attempts)).to.be.at.least(2);
    const scheduled = (history.events ?? [])
      .map((e) => e.activityTaskScheduledEventAttributes?.activityType?.name)
      .filter((name) => name === 'exportCompanyKind');
    expect(scheduled).to.have.length(Object.keys(done.progress).length);
    // The parts are gone once the archive is written.
    expect(await filesUnder(path.dirname(path.dirname(firstPart)))).to.deep.equal([]);
    await keepKindHistory(api.temporal, 'companyExport', 'worker-killed-resumed', run.workflowId);
  });
});
