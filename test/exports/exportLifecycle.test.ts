import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { CompanyExport } from '../../api/schemas/exports';
import type { UserErasure } from '../../api/schemas/userErasure';
import { archiveKey } from '../../activities/companyExport/storeKeys';
import { recordingStorageFor } from '../../common/storage/configuredStorage';
import { plannedSweep, sweepExpiredRows } from '../../activities/sweeps';
import { startApi, type TestApi } from '../support/api';
import { testConfig, testEnv } from '../support/env';
import { download, waitForExport } from '../support/exportFixtures';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { movableClock } from '../support/movableClock';
import { makeUser } from '../support/userFixtures';
import { startWorker, type RunningWorker } from '../support/worker';

// What ends an archive: a person's erasure (every archive of their company is deleted and reads `withdrawn`;
// the integrator can export again), and EXPORT_RETENTION (the link is a 410 once it expires, the export reads
// `expired`, and the worker's sweep deletes the archive). Time is the test's clock, moved instead of waited for.

const DAY = 24 * 3600_000;

describe('exports: withdrawn by an erasure, expired by retention', function () {
  this.timeout(180_000);
  const time = movableClock({ flowing: true });
  let storageDir: string;
  let api: TestApi;
  let worker: RunningWorker;

  before(async () => {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-export-life-'));
    const config = { TEMPORAL_TASK_QUEUE: `export-life-${randomUUID().slice(0, 8)}`, STORAGE_DIR: storageDir };
    api = await startApi(config, testEnv().db, { clock: time.clock });
    worker = await startWorker(config, { clock: time.clock });
  });
  after(async () => {
    await worker.stop();
    await api.close();
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  const exported = async (tenant: TenantFixture): Promise<CompanyExport> => {
    const started = await api.request<CompanyExport>('POST', '/api/exports', { apiKey: tenant.apiKey, json: {} });
    expect(started.status, started.text).to.equal(202);
    const done = await waitForExport(api, tenant.apiKey, started.body.id);
    expect(done.status, done.failureReason ?? '').to.equal('completed');
    return done;
  };
  const archiveFile = (tenant: TenantFixture, id: string) => path.join(storageDir, archiveKey(tenant.company.id, id));
  const exists = (file: string) =>
    fs.stat(file).then(
      () => true,
      () => false,
    );

  it("deletes the company's archives when a person is erased; the export reads withdrawn and can be asked again", async () => {
    const tenant = await createTenant();
    const person = await makeUser(tenant.company.id);
    const done = await exported(tenant);
    expect(await exists(archiveFile(tenant, done.id))).to.equal(true);

    const erase = await api.request<UserErasure>('POST', `/api/user/${person.id}/erase`, { apiKey: tenant.apiKey });
    expect(erase.status).to.equal(202);
    const after = await waitForExport(api, tenant.apiKey, done.id, (e) => e.status !== 'completed', 60_000);
    expect(after).to.deep.include({ status: 'withdrawn', downloadUrl: null });
    expect(await exists(archiveFile(tenant, done.id))).to.equal(false);
    // The link given before no longer finds the archive.
    expect((await download(api, done.downloadUrl as string)).status).to.equal(404);

    const again = await exported(tenant);
    expect(again.id).to.not.equal(done.id);
    const [user] = (await testEnv().db('users').where({ id: person.id })) as Array<{ erased_at: Date | null }>;
    expect(user.erased_at).to.not.equal(null);
  });

  it('expires the link after MEDIA_URL_TTL (410) and the archive after EXPORT_RETENTION (deleted)', async () => {
    const tenant = await createTenant();
    await makeUser(tenant.company.id);
    const done = await exported(tenant);
    expect(Date.parse(done.expiresAt as string) - Date.parse(done.completedAt as string)).to.equal(7 * DAY);
    expect((await download(api, done.downloadUrl as string)).status).to.equal(200);

    time.advance(16 * 60_000);
    const stale = await download(api, done.downloadUrl as string);
    expect(stale.status).to.equal(410);
    expect((JSON.parse(String(stale.body)) as ErrorBody).error.code).to.equal('link_expired');
    const fresh = await waitForExport(api, tenant.apiKey, done.id, () => true);
    expect((await download(api, fresh.downloadUrl as string)).status).to.equal(200);

    time.advance(7 * DAY);
    const expired = await waitForExport(api, tenant.apiKey, done.id, () => true);
    expect(expired).to.deep.include({ status: 'expired', downloadUrl: null });
    const storage = recordingStorageFor(testConfig({ STORAGE_DIR: storageDir }));
    // The retention sweep's `export-archives` entry, as the schedule's run calls it.
    const planned = plannedSweep('export-archives', testConfig({ EXPORT_RETENTION: '7d' }));
    expect(await sweepExpiredRows(testEnv().db, planned, time.clock(), undefined, storage)).to.be.at.least(1);
    expect(await exists(archiveFile(tenant, done.id))).to.equal(false);
    const [row] = (await testEnv().db('company_exports').where({ id: done.id })) as Array<{
      status: string;
      archive_key: string | null;
    }>;
    expect(row).to.deep.include({ status: 'expired', archive_key: null });
  });
});
