import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Config } from '../../common/config';
import type { TestApi } from '../support/api';
import { startServiceOnCluster } from '../support/clusterService';
import { testEnv } from '../support/env';
import {
  allCompleted,
  fairBound,
  submitMany,
  timeToComplete,
  transcriptSubmission,
  unfinished,
} from '../support/fairnessScenario';
import { createTenant } from '../support/fixtures';
import { startTemporalCluster, type TemporalCluster } from '../support/temporalCluster';
import type { RunningWorker } from '../support/worker';

// Issue 41 §4 on the real server (v1.29.1, all four services, mutual TLS, matching.enableFairness in its
// dynamic config as in docker-compose): company B's transcript behind company A's backlog, on a worker with
// few slots. The same bound as on the dev server (test/recordings/fairness.test.ts).

const BACKLOG = 200;

describe('fairness on the Temporal cluster (v1.29.1, fairness on)', function () {
  this.timeout(600_000);
  let cluster: TemporalCluster;
  let api: TestApi;
  let worker: RunningWorker;

  before(async () => {
    cluster = await startTemporalCluster();
    const settings: Partial<Config> = {
      ...cluster.clientSettings,
      TEMPORAL_NAMESPACE: `fair-${randomBytes(3).toString('hex')}`,
      TEMPORAL_TASK_QUEUE: `fair-${randomBytes(4).toString('hex')}`,
      WORKER_MAX_CONCURRENT_ACTIVITIES: 2,
      WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: 2,
      WORKER_MAX_CACHED_WORKFLOWS: 600,
    };
    ({ api, worker } = await startServiceOnCluster(settings));
  });
  after(async () => {
    await worker?.stop();
    await api?.close();
    await cluster?.stop();
  });

  it("company B's transcript finishes within max(10 s, 3 × its time alone) behind company A's backlog", async () => {
    const a = await createTenant('Backfilling company');
    const b = await createTenant('Live company');
    await timeToComplete(api, b.apiKey, transcriptSubmission(), 120_000); // warm-up
    const alone = await timeToComplete(api, b.apiKey, transcriptSubmission(), 120_000);

    const backlog = await submitMany(api, a.apiKey, BACKLOG, transcriptSubmission());
    const behind = await timeToComplete(api, b.apiKey, transcriptSubmission(), 180_000);
    const waiting = await unfinished(testEnv().db, backlog);

    expect(behind.ms, `alone ${Math.round(alone.ms)} ms`).to.be.below(fairBound(alone.ms));
    expect(waiting, "A's recordings not finished when B's was").to.be.at.least(BACKLOG / 4);
    await allCompleted(testEnv().db, backlog, 480_000);
  });
});
