import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect } from 'chai';
import type { Client } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import type { Invitation } from '../../api/schemas/invitations';
import { plannedSweeps } from '../../activities/sweeps';
import { ERASURE_BATCH } from '../../activities/userErasure';
import { dataConverterFor } from '../../common/payloadCodec';
import { workflowIds } from '../../common/temporal';
import { RETENTION_BATCHES_PER_RUN, type RecordingRetentionResult } from '../../workflows/recordingRetention';
import type { RetentionSweepResult } from '../../workflows/retentionSweep';
import type { UserErasureOutcome } from '../../workflows/userErasure';
import { expectOvershootWithinBudget, finishedRecordings } from '../support/budgetBacklog';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  HISTORIES_DIR as INVITATION_HISTORY_DIR,
  invitationHandle,
  startInvitationWorld,
  uniqueEmail,
  type InvitationWorld,
} from '../support/invitationFixtures';
import { expectChainWithinBudget, keepRunHistory, scheduledAfterSuggestion } from '../support/runChain';
import { startTemporalDevServer, type TemporalDevServer } from '../support/temporalServer';
import { makeTeam, makeUser } from '../support/userFixtures';
import { workflowBundle } from '../support/worker';
import { workflowTracingSinks } from '../../worker/tracing';

// docs/operations.md, "History budgets" (issue 50 §3): the kinds that continue as new, each at its largest case
// at reduced size. A Temporal server of their own suggests continuing as new after a few dozen events (instead
// of 4,096), so a few hundred rows make chains of several runs; every run of each chain is held to its kind's
// budget, and what a run adds past the suggestion, added to the default 4,096, is too (the size production runs
// reach however large the backlog). The offboarding's chain: test/companies/offboardingContinueAsNew.test.ts.

const SUGGEST_AFTER_EVENTS = 40;
const BUDGETS = { userErasure: 5_000, recordingRetention: 5_000, retentionSweep: 200, invitation: 5_000 } as const;
const HOUR_MS = 3_600_000;
const ERASURE_HISTORY_DIR = path.join(__dirname, '..', 'histories', 'userErasure');
const DAY_MS = 24 * HOUR_MS;

describe('history budgets: the kinds that continue as new (issue 50 §3)', function () {
  this.timeout(300_000);
  let server: TemporalDevServer;
  let world: InvitationWorld;
  let client: Client;
  let tenant: TenantFixture;
  let taskQueue: string;

  before(async () => {
    server = await startTemporalDevServer(undefined, {
      dynamicConfig: { 'limit.historyCount.suggestContinueAsNew': SUGGEST_AFTER_EVENTS },
    });
    // API, worker and mail server on a task queue of their own, against that server.
    world = await startInvitationWorld({ TEMPORAL_ADDRESS: server.address });
    client = world.api.temporal;
    taskQueue = world.worker!.config.TEMPORAL_TASK_QUEUE;
    tenant = await createTenant('History budgets');
  });
  after(async () => {
    await world?.close();
    await server?.stop();
  });

  it(`userErasure: a person with ${ERASURE_BATCH * 6} recordings continues as new between batches`, async () => {
    const person = await makeUser(tenant.company.id);
    const recordings = ERASURE_BATCH * 6; // six batches
    await finishedRecordings(tenant.company.id, recordings, { userId: person.id });
    const workflowId = workflowIds.userErasure(tenant.company.id, person.id);
    const handle = await client.workflow.start('userErasure', {
      workflowId,
      taskQueue,
      args: [{ companyId: tenant.company.id, userId: person.id }],
    });
    const outcome = (await handle.result()) as UserErasureOutcome;
    // Counted across the chain: every recording once.
    expect(outcome.status).to.equal('erased');
    if (outcome.status === 'erased') expect(outcome.data.recordingsErased).to.equal(recordings);
    const left = await testEnv()
      .db('recordings')
      .where({ user_id: person.id })
      .whereNotNull('transcript')
      .count({ n: '*' });
    expect(Number(left[0]['n'])).to.equal(0);

    const runs = await expectChainWithinBudget(client, workflowId, BUDGETS.userErasure, { atLeastRuns: 2 });
    expectOvershootWithinBudget(runs, SUGGEST_AFTER_EVENTS, BUDGETS.userErasure);
    // The run it resumed as, to its end (replayed by test/users/erasureReplay.test.ts). The first run is not
    // kept: it ends before the call of the deprecated `erasure-withdraws-exports`, and a committed history
    // without that marker is refused (test/operations/patchLifecycle.test.ts), however far the run got.
    expect(runs.length, 'two runs: the second one ends the erasure').to.equal(2);
    // Instead, the first run replays here against today's code, as a worker picking it up mid-chain would.
    await Worker.runReplayHistory(
      {
        workflowBundle: await workflowBundle(),
        sinks: workflowTracingSinks(),
        dataConverter: dataConverterFor(world.worker!.config),
      },
      await client.workflow.getHandle(workflowId, runs[0].runId).fetchHistory(),
      workflowId,
    );
    await keepRunHistory(client, ERASURE_HISTORY_DIR, 'resumed', workflowId, runs[1].runId);
  });

  it('recordingRetention: a backlog of 150 recordings past retention, in batches of 5', async () => {
    await finishedRecordings(tenant.company.id, 150, { ageMs: DAY_MS });
    const workflowId = `budget-retention-${randomUUID()}`;
    const handle = await client.workflow.start('recordingRetention', {
      workflowId,
      taskQueue,
      args: [{ retentionMs: HOUR_MS, batchSize: 5 }],
    });
    const result = (await handle.result()) as RecordingRetentionResult;
    expect(result.recordings).to.equal(150);
    expect(result.batches).to.equal(30);

    const runs = await expectChainWithinBudget(client, workflowId, BUDGETS.recordingRetention, { atLeastRuns: 2 });
    expectOvershootWithinBudget(runs, SUGGEST_AFTER_EVENTS, BUDGETS.recordingRetention);
    // Whatever the server suggests, a run stops after RETENTION_BATCHES_PER_RUN (20) batches of 100: the events
    // of the chain per batch (its runs' starts and ends included) times 20 bound such a run.
    const perBatch = runs.reduce((n, r) => n + r.events, 0) / result.batches;
    expect(perBatch * RETENTION_BATCHES_PER_RUN, `${perBatch} events a batch`).to.be.at.most(
      BUDGETS.recordingRetention,
    );
  });

  it('retentionSweep: every sweep and a backlog past retention, the cleanup its own chain', async () => {
    await finishedRecordings(tenant.company.id, 120, { ageMs: DAY_MS });
    const workflowId = `budget-sweep-${randomUUID()}`;
    const handle = await client.workflow.start('retentionSweep', {
      workflowId,
      taskQueue,
      args: [{ sweeps: plannedSweeps(world.worker!.config), recordingRetentionMs: HOUR_MS }],
    });
    const result = (await handle.result()) as RetentionSweepResult;
    expect(result.recordings?.recordings).to.equal(120);

    // The sweep's own run: one activity per sweep and the child's start and end, whatever the backlog.
    const [sweep] = await expectChainWithinBudget(client, workflowId, BUDGETS.retentionSweep);
    const events = (await handle.fetchHistory()).events ?? [];
    const child = events.find((e) => e.childWorkflowExecutionStartedEventAttributes)
      ?.childWorkflowExecutionStartedEventAttributes?.workflowExecution?.workflowId;
    expect(child, 'the sweep started its cleanup').to.be.a('string');
    await expectChainWithinBudget(client, child!, BUDGETS.recordingRetention);
    // The batches are the child's: none of them is in the sweep's run, so it does not grow with the backlog.
    const scheduled = events.map((e) => e.activityTaskScheduledEventAttributes?.activityType?.name).filter(Boolean);
    expect(scheduled).to.not.include('purgeRecordingMedia');
    expect(sweep.events).to.be.at.most(BUDGETS.retentionSweep);
  });

  /** Sends the invitation and `resends` resends; `waitEach` waits for each email before the next request. */
  async function inviteAndResend(resends: number, waitEach: boolean) {
    const teamId = (await makeTeam(tenant.company.id)).id;
    const email = uniqueEmail('budget');
    const invite = () =>
      world.api.request<Invitation>('POST', '/api/user/invite', {
        apiKey: tenant.apiKey,
        json: { email, teamId, role: 'User' },
      });
    const { body: first } = await invite();
    if (waitEach) await world.smtp.waitForMails(email, 1);
    for (let i = 1; i <= resends; i += 1) {
      expect((await invite()).body.resendCount).to.equal(i);
      if (waitEach) await world.smtp.waitForMails(email, i + 1);
    }
    // Every send count has its own email, in order, whichever run sent it.
    await world.smtp.waitForMails(email, resends + 1);
    const handle = await invitationHandle(world.api, tenant.company.id, email);
    expect(
      (await world.api.request('DELETE', `/api/invitations/${first.id}`, { apiKey: tenant.apiKey })).status,
    ).to.equal(200);
    expect(await handle.result()).to.equal('revoked');
    const runs = await expectChainWithinBudget(client, handle.workflowId, BUDGETS.invitation, { atLeastRuns: 2 });
    expectOvershootWithinBudget(runs, SUGGEST_AFTER_EVENTS, BUDGETS.invitation);
    // No run sends another email once Temporal has suggested continuing: the next run sends what is owed.
    for (const run of runs.slice(0, -1))
      expect(
        await scheduledAfterSuggestion(client, handle.workflowId, run.runId, 'sendInvitationEmail'),
        `emails scheduled by run ${run.runId} after the suggestion`,
      ).to.equal(0);
    return { handle, runs };
  }

  it('invitation: resent 12 times, each email waited for, continues as new', async () => {
    await inviteAndResend(12, true);
  });

  it('invitation: 12 resends at once, every email owed sent, continues as new while sending', async () => {
    const { handle, runs } = await inviteAndResend(12, false);
    // A run that continued while it still owed emails (patch invitation-continues-while-sending).
    await keepRunHistory(client, INVITATION_HISTORY_DIR, 'continued-while-sending', handle.workflowId, runs[0].runId);
  });
});
