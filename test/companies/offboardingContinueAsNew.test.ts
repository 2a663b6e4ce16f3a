import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Client } from '@temporalio/client';
import { workflowIds } from '../../common/temporal';
import { createTemporalClient } from '../../common/temporalClient';
import { getCompanyOffboarding } from '../../db/queries/companyOffboardings';
import { admin } from '../support/adminCli';
import { testConfig, testEnv } from '../support/env';
import {
  OFFBOARDING_FILE_BATCH,
  OFFBOARDING_ROW_BATCH,
  type OffboardingRemoved,
} from '../../activities/companyOffboarding';
import { expectOvershootWithinBudget, finishedRecordings } from '../support/budgetBacklog';
import { insertManyUsers } from '../support/exportFixtures';
import { keepKindHistory } from '../support/kindHistories';
import { expectChainWithinBudget } from '../support/runChain';
import { startTemporalDevServer, type TemporalDevServer } from '../support/temporalServer';
import { createTenantWorld } from '../support/tenantWorld';
import { startWorker, type RunningWorker } from '../support/worker';

// An offboarding long enough to continue as new in the middle of deleting files and rows: a Temporal server of its own
// suggests continuing as new after a few dozen events (instead of thousands), so one company with a row in
// most tables is enough. The run that continued as new and the one it resumed as are the histories a
// deploy finds in flight (test/histories/companyOffboarding).

/** Events after which the server suggests continuing as new (limit.historyCount.suggestContinueAsNew). */
const SUGGEST_AFTER_EVENTS = 40;
/** docs/operations.md, "History budgets": events per run of a companyOffboarding. */
const OFFBOARDING_BUDGET = 5_000;

describe('companies: an offboarding that continues as new', function () {
  this.timeout(300_000);
  let server: TemporalDevServer;
  let worker: RunningWorker;
  let client: Client;

  before(async () => {
    server = await startTemporalDevServer(undefined, {
      dynamicConfig: { 'limit.historyCount.suggestContinueAsNew': SUGGEST_AFTER_EVENTS },
    });
    worker = await startWorker({
      TEMPORAL_ADDRESS: server.address,
      TEMPORAL_TASK_QUEUE: `offboarding-can-${randomUUID().slice(0, 8)}`,
      CREDENTIAL_CACHE_TTL: '10ms',
    });
    client = createTemporalClient(worker.config);
  });
  after(async () => {
    await worker?.stop();
    await client?.connection.close();
    await server?.stop();
  });

  it('resumes where it was and removes every row once', async () => {
    const world = await createTenantWorld('Offboard Long');
    const companyId = world.company.id;
    // Many rows and files (issue 50 §3): users in several row batches, recordings with a stored file in
    // several file batches (OFFBOARDING_ROW_BATCH, OFFBOARDING_FILE_BATCH).
    await insertManyUsers(companyId, 3 * OFFBOARDING_ROW_BATCH);
    const stored = await finishedRecordings(companyId, 3 * OFFBOARDING_FILE_BATCH);
    await testEnv()
      .db('recordings')
      .whereIn('id', stored)
      .update({ storage_key: testEnv().db.raw("CONCAT(company_id, '/', id, '.m4a')") });
    const { TEMPORAL_PAYLOAD_KEYS } = testConfig();
    const started = await admin<{ started: boolean; workflowId: string }>(
      ['company:delete', companyId, '--confirm', world.company.name],
      {
        TEMPORAL_ADDRESS: server.address,
        TEMPORAL_PAYLOAD_KEYS,
        TEMPORAL_TASK_QUEUE: worker.config.TEMPORAL_TASK_QUEUE,
      },
    );
    expect(started).to.include({ started: true, workflowId: workflowIds.companyOffboarding(companyId) });

    // The result follows the chain of runs to the last one.
    const handle = client.workflow.getHandle(started.workflowId);
    const removed = (await handle.result()) as OffboardingRemoved;
    expect((await getCompanyOffboarding(testEnv().db, companyId))?.completedAt).to.not.equal(null);

    // The chain, first run to last, each run within the kind's budget (docs/operations.md, "History budgets"),
    // also at the default suggestion of 4,096 events plus what a run adds past it here.
    const runs = await expectChainWithinBudget(client, started.workflowId, OFFBOARDING_BUDGET, { atLeastRuns: 2 });
    expectOvershootWithinBudget(runs, SUGGEST_AFTER_EVENTS, OFFBOARDING_BUDGET);
    expect(removed.rows).to.include.keys('companies', 'users', 'teams');
    expect(removed.rows['users']).to.be.at.least(3 * OFFBOARDING_ROW_BATCH);
    expect(removed.files).to.be.at.least(3 * OFFBOARDING_FILE_BATCH);
    await keepKindHistory(client, 'companyOffboarding', 'continued-as-new', started.workflowId, runs[0].runId);
    // The second run: it began from the first one's `resume`.
    await keepKindHistory(client, 'companyOffboarding', 'resumed', started.workflowId, runs[1].runId);
  });
});
