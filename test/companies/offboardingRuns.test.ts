import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Client } from '@temporalio/client';
import type { Config } from '../../common/config';
import { createTemporalClient } from '../../common/temporalClient';
import { searchAttributes, workflowIds } from '../../common/temporal';
import { startCompanyOffboarding } from '../../common/workflowStarts/companyOffboarding';
import type { OffboardingRemoved } from '../../activities/companyOffboarding';
import { testConfig } from '../support/env';
import { createTenant } from '../support/fixtures';
import { startWorker, type RunningWorker } from '../support/worker';

// An offboarding deletes a company's Temporal runs a listing page at a time: thousands of closed runs
// (started on a queue no worker polls and terminated at once: the cheapest closed run there is) are all
// deleted, and the worker's heap (this process: the worker runs in it) grows by far less than holding
// their listing would take, sampled while it runs.

const RUNS = 3000;
const UNPOLLED = `offboarding-runs-unpolled-${randomUUID().slice(0, 8)}`;
/** Heap growth allowed while deleting: the SDK, a page of 500 runs and GC slack, not a listing of them all. */
const HEAP_GROWTH_MIB = 48;

async function closedRuns(client: Client, companyId: string, n: number): Promise<void> {
  let next = 0;
  const one = async (): Promise<void> => {
    for (let i = next++; i < n; i = next++) {
      const handle = await client.workflow.start('connectivityCheck', {
        taskQueue: UNPOLLED,
        workflowId: `offboarding-runs-${companyId}-${i}`,
        typedSearchAttributes: [{ key: searchAttributes.CompanyId, value: companyId }],
      });
      await handle.terminate('a closed run for the offboarding to delete');
    }
  };
  await Promise.all(Array.from({ length: 16 }, one));
}

async function countOf(client: Client, companyId: string): Promise<number> {
  return (await client.workflow.count(`CompanyId = '${companyId}'`)).count;
}

describe('companies: offboarding thousands of runs', function () {
  this.timeout(600_000);
  let config: Config;
  let worker: RunningWorker;
  let client: Client;

  before(async () => {
    config = testConfig({
      TEMPORAL_TASK_QUEUE: `offboarding-runs-${randomUUID().slice(0, 8)}`,
      CREDENTIAL_CACHE_TTL: '0s',
    });
    client = createTemporalClient(config);
    worker = await startWorker(config);
  });
  after(async () => {
    await worker.stop();
    await client.connection.close();
  });

  it(`deletes ${RUNS} closed runs with the heap flat`, async () => {
    const tenant = await createTenant();
    const companyId = tenant.company.id;
    await closedRuns(client, companyId, RUNS);
    for (let deadline = Date.now() + 60_000; (await countOf(client, companyId)) < RUNS;) {
      if (Date.now() > deadline) throw new Error('visibility never counted every run');
      await new Promise((r) => setTimeout(r, 250));
    }

    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 10);
    let removed: OffboardingRemoved;
    try {
      expect(await startCompanyOffboarding(client, config, { id: companyId, fairnessWeight: 1 })).to.equal(true);
      removed = await client.workflow.getHandle(workflowIds.companyOffboarding(companyId)).result();
    } finally {
      clearInterval(sampler);
    }
    expect(removed.workflowRuns).to.be.at.least(RUNS);
    expect(await countOf(client, companyId)).to.equal(0);
    const growthMib = (peak - baseline) / 1024 / 1024;
    expect(growthMib, `heap grew ${growthMib.toFixed(1)} MiB`).to.be.below(HEAP_GROWTH_MIB);
  });
});
