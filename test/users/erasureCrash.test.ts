import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { expect } from 'chai';
import type { RecordingView } from '../../api/schemas/recordings';
import type { UserErasure } from '../../api/schemas/userErasure';
import type { UserRead } from '../../api/schemas/users';
import { CANCELLED_REASON } from '../../activities/userErasure';
import { startRecordingWorkflow } from '../../common/workflowStarts/recording';
import { workflowIds } from '../../common/temporal';
import { insertRecording, setRecordingUser } from '../../db/queries/recordings';
import { userErasureStatusQuery } from '../../workflows/userErasure';
import { startApi, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';
import { spawnWorker, type WorkerProcess } from '../support/workerProcess';
import { makeUser } from '../support/userFixtures';

const { PendingActivityState } = temporal.api.enums.v1;

// The erasure survives a worker killed in the middle: SIGKILL while it waits for a recording in progress,
// a new worker picks the waiting step up again (after its heartbeat timeout) and the erasure finishes.

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('users: erasure across a worker crash', function () {
  this.timeout(180_000);
  const queue = `erasure-crash-${randomUUID().slice(0, 8)}`;
  let storageDir: string;
  let api: TestApi;
  let worker: WorkerProcess | undefined;

  before(async () => {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-erasure-'));
    api = await startApi({ TEMPORAL_TASK_QUEUE: queue, STORAGE_DIR: storageDir });
  });
  after(async () => {
    await worker?.stop();
    await api.close();
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  it('resumes the step it was in and finishes', async () => {
    const tenant = await createTenant();
    const user = await makeUser(tenant.company.id, { externalId: `crm-${randomUUID()}`, role: 'Integration' });
    // A recording in progress whose workflow no worker runs: it ignores the erasure's cancel, so the
    // erasure sits in its waiting step until the recording ends.
    const recordingId = randomUUID();
    await insertRecording(testEnv().db, {
      id: recordingId,
      companyId: tenant.company.id,
      userUniqueIdentifier: user.externalId ?? '',
      userName: 'Crash Tester',
      sourceUrl: 'https://files.example.com/crash.mp3',
      storeRecording: false,
      roleplayId: null,
      workflowId: workflowIds.recording(recordingId),
    });
    await setRecordingUser(testEnv().db, recordingId, user.id);
    await startRecordingWorkflow(api.temporal, { TEMPORAL_TASK_QUEUE: `${queue}-unpolled` }, tenant.company, {
      id: recordingId,
      companyId: tenant.company.id,
      storeRecording: false,
      roleplayId: null,
    });

    const config = { TEMPORAL_TASK_QUEUE: queue, STORAGE_DIR: storageDir };
    worker = await spawnWorker(config);
    expect(
      (await api.request<UserErasure>('POST', `/api/user/${user.id}/erase`, { apiKey: tenant.apiKey })).status,
    ).to.equal(202);
    const erasure = api.temporal.workflow.getHandle(workflowIds.userErasure(tenant.company.id, user.id));
    await until(
      'the waiting step',
      async () => (await erasure.query(userErasureStatusQuery)).step === 'Waiting for cancelled recordings to end',
      60_000,
    );
    // The worker is killed in the middle of the waiting step: once the step has run and reported its first heartbeat.
    await until(
      'the waiting activity to heartbeat',
      async () =>
        ((await erasure.describe()).raw.pendingActivities ?? []).some(
          (a) => a.state === PendingActivityState.PENDING_ACTIVITY_STATE_STARTED && a.lastHeartbeatTime != null,
        ),
      30_000,
    );
    await worker.kill();
    worker = undefined;

    // The recording's workflow is terminated by an operator meanwhile: the erasure settles the row itself.
    await api.temporal.workflow.getHandle(workflowIds.recording(recordingId)).terminate('test: stuck recording');
    worker = await spawnWorker(config);
    await until(
      'the erasure to finish',
      async () =>
        (await api.request<UserErasure>('GET', `/api/user/${user.id}/erase`, { apiKey: tenant.apiKey })).body.status ===
        'erased',
      120_000,
    );

    const recording = await api.request<RecordingView>('GET', `/api/recording/${recordingId}`, {
      apiKey: tenant.apiKey,
    });
    // Two settlers may end the row, and either is right: the erasure's waiting step ("cancelled", it asked for
    // that) or the retention sweep every worker schedules (a run closed without an outcome), whichever reads it first.
    expect(recording.body.status).to.equal('failed');
    expect(recording.body.failureReason).to.be.oneOf([
      CANCELLED_REASON,
      'Processing stopped: its workflow run ended terminated without an outcome',
    ]);
    expect(
      (await api.request<UserRead>('GET', `/api/user/${user.id}`, { apiKey: tenant.apiKey })).body,
    ).to.deep.include({ firstName: 'Erased user', email: `erased-${user.id}@erased.invalid` });
    // The waiting step ran again after the crash (a second attempt in the history).
    const history = await erasure.fetchHistory();
    const waitAttempts = (history.events ?? [])
      .filter((e) => e.activityTaskStartedEventAttributes)
      .map((e) => e.activityTaskStartedEventAttributes?.attempt ?? 0);
    expect(Math.max(...waitAttempts)).to.be.at.least(2);
    expect(await erasure.result()).to.deep.include({ status: 'erased' });
  });
});
