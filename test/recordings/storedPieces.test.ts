import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MockActivityEnvironment } from '@temporalio/testing';
import { expect } from 'chai';
import type { ActivityDeps } from '../../activities/deps';
import { pieceKey } from '../../activities/media/storedPieces';
import { createRecordingRetentionActivities } from '../../activities/recordingRetention';
import { createUserErasureActivities } from '../../activities/userErasure';
import { createLocalStorage } from '../../common/storage/localStorage';
import { insertRecordingChunks } from '../../db/queries/recordingChunks';
import { insertRecording } from '../../db/queries/recordings';
import { testLogger, testConfig, testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { filesUnder } from '../support/recordingFixtures';
import { makeUser } from '../support/userFixtures';

// Pieces of a cut kept in the recording store go when the recording ends (removeMediaScratch, covered by
// test/operations/fleet.test.ts); a run that never ended (terminated) leaves them, and then retention
// and erasure delete them with the recording's media: they never outlive either.

describe('recordings: stored pieces never outlive retention or erasure', () => {
  let tenant: TenantFixture;
  let storageDir: string;
  let deps: ActivityDeps;

  beforeEach(async () => {
    tenant = await createTenant();
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-pieces-'));
    deps = {
      db: testEnv().db,
      config: testConfig({ STORAGE_DIR: storageDir }),
      logger: testLogger,
      storage: createLocalStorage(storageDir),
    };
  });
  afterEach(async () => fs.rm(storageDir, { recursive: true, force: true }));

  const run = <A extends unknown[], R>(fn: (...args: A) => Promise<R>, ...args: A): Promise<R> =>
    new MockActivityEnvironment().run(fn, ...args);

  /** A finished recording whose run left two pieces in the store (their rows first, as prepareMedia writes them). */
  async function recordingWithStoredPieces(userId: string | null): Promise<string> {
    const id = randomUUID();
    const db = testEnv().db;
    await insertRecording(db, {
      id,
      companyId: tenant.company.id,
      userUniqueIdentifier: 'crm-pieces',
      userName: 'Pat Pieces',
      sourceUrl: 'https://files.example.test/pieces.mp3',
      storeRecording: false,
      roleplayId: null,
      workflowId: `recording-${id}`,
    });
    await db('recordings').where({ id }).update({ status: 'failed', user_id: userId });
    const pieces = [0, 1].map((index) => ({
      recordingId: id,
      channel: 'mono' as const,
      index,
      startMs: index * 600_000,
      durationMs: 600_000,
    }));
    await insertRecordingChunks(db, pieces);
    for (const p of pieces)
      await deps.storage.put(pieceKey(id, p), Readable.from([Buffer.from('mp3 frames')]), { maxBytes: 1024 });
    expect(await filesUnder(storageDir)).to.have.length(2);
    return id;
  }

  it('retention deletes the pieces a run left with the recording it cleans', async () => {
    const id = await recordingWithStoredPieces(null);
    const report = await run(createRecordingRetentionActivities(deps).purgeRecordingMedia, [id]);
    expect(report).to.include({ recordings: 1, pieces: 2 });
    expect(await filesUnder(storageDir)).to.deep.equal([]);
  });

  it("erasure deletes the pieces a run left with the person's recordings", async () => {
    const user = await makeUser(tenant.company.id);
    await recordingWithStoredPieces(user.id);
    const batch = await run(
      createUserErasureActivities(deps).eraseUserRecordingsBatch,
      tenant.company.id,
      user.id,
      null,
    );
    expect(batch.count).to.equal(1);
    expect(await filesUnder(storageDir)).to.deep.equal([]);
  });
});
