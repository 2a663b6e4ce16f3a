import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Client } from '@temporalio/client';
import type { temporal } from '@temporalio/proto';
import { workflowIds } from '../../common/temporal';
import { createTemporalClient } from '../../common/temporalClient';
import { getCompanyOffboarding } from '../../db/queries/companyOffboardings';
import { admin } from '../support/adminCli';
import { testConfig, testEnv } from '../support/env';
import { keepKindHistory } from '../support/kindHistories';
import { startTemporalDevServer, type TemporalDevServer } from '../support/temporalServer';
import { createTenantWorld } from '../support/tenantWorld';
import { startWorker, type RunningWorker } from '../support/worker';

// An offboarding long enough to continue as new in the middle of deleting rows: a Temporal server of its own
// suggests continuing as new after a few dozen events (instead of thousands), so one company with a row in
// most tables is enough. The run that continued as new and the one it resumed as are the histories a
// deploy finds in flight (test/histories/companyOffboarding).

/** Events after which the server suggests continuing as new (limit.historyCount.suggestContinueAsNew). */
const SUGGEST_AFTER_EVENTS = 40;

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
    const removed = (await handle.result()) as { rows: Record<string, number> };
    expect((await getCompanyOffboarding(testEnv().db, companyId))?.completedAt).to.not.equal(null);

    // The chain, from the last run back through each one's predecessor (its started event names it).
    const runs: Array<{ runId: string | undefined; ended: string }> = [];
    for (let runId: string | undefined = undefined; ;) {
      const events: temporal.api.history.v1.IHistoryEvent[] =
        (await client.workflow.getHandle(started.workflowId, runId).fetchHistory()).events ?? [];
      const last = events[events.length - 1];
      runs.unshift({
        runId,
        ended: last?.workflowExecutionContinuedAsNewEventAttributes
          ? 'continued as new'
          : last?.workflowExecutionCompletedEventAttributes
            ? 'completed'
            : `event ${String(last?.eventType)}`,
      });
      const previous: string | null | undefined =
        events[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId;
      if (!previous) break;
      runId = previous;
    }
    expect(
      runs.map((r) => r.ended),
      JSON.stringify(runs),
    ).to.deep.equal([...runs.slice(0, -1).map(() => 'continued as new'), 'completed']);
    expect(runs.length, 'the run never continued as new').to.be.at.least(2);
    expect(removed.rows).to.include.keys('companies', 'users', 'teams');
    await keepKindHistory(client, 'companyOffboarding', 'continued-as-new', started.workflowId, runs[0].runId);
    // The second run: it began from the first one's `resume`.
    await keepKindHistory(client, 'companyOffboarding', 'resumed', started.workflowId, runs[1].runId);
  });
});
