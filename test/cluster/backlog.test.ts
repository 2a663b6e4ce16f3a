import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Config } from '../../common/config';
import { workflowIds } from '../../common/temporal';
import type { TestApi } from '../support/api';
import { startServiceOnCluster } from '../support/clusterService';
import { startDelayProxy, type DelayProxy } from '../support/delayProxy';
import { testEnv } from '../support/env';
import { allCompleted, submitMany } from '../support/fairnessScenario';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import { heldIntervals, SHORT_CALL_BUDGET, wokenByHandOff } from '../support/placeHandOff';
import { expectNoWaiters, expectPlacesHandedOn } from '../support/placeHandOffChecks';
import { CONVERSATION, SAMPLE_AUDIO } from '../support/recordingFixtures';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { startTemporalCluster, type TemporalCluster } from '../support/temporalCluster';
import type { RunningWorker } from '../support/worker';

// Issue 50 §5 on the real server (v1.29.1, all four services, mutual TLS, PostgreSQL): dozens of short calls of
// one company behind two places (COMPANY_MAX_HEAVY_ACTIVITIES=2) against a slow speech-to-text stand-in. Every
// call completes, every run stays within its history budget, and each released place is taken by the next
// waiter within about a second, read from the runs' activity events (test/support/placeHandOff.ts, as the dev
// server's test/recordings/backlog.test.ts does). On the cluster a hand-off crosses the real matching and history
// services, so this is the one that says the signal path is prompt outside the dev server.

const CALLS = 30;
const PLACES = 2;
const STT_DELAY_MS = 800;

describe('a company backlog behind its places on the Temporal cluster (v1.29.1)', function () {
  this.timeout(900_000);
  let cluster: TemporalCluster;
  let files: FileServer;
  let stt: SttServer;
  let slow: DelayProxy;
  let api: TestApi;
  let worker: RunningWorker;

  before(async () => {
    cluster = await startTemporalCluster();
    files = await startFileServer();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    slow = await startDelayProxy(stt.url, STT_DELAY_MS);
    const settings: Partial<Config> = {
      ...cluster.clientSettings,
      TEMPORAL_NAMESPACE: `backlog-${randomBytes(3).toString('hex')}`,
      TEMPORAL_TASK_QUEUE: `backlog-${randomBytes(4).toString('hex')}`,
      WORKER_MAX_CONCURRENT_ACTIVITIES: 6,
      COMPANY_MAX_HEAVY_ACTIVITIES: PLACES,
      STT_CONCURRENCY: 1,
      STT_PROVIDER: 'openai',
      STT_BASE_URL: slow.url,
      STT_API_KEY: 'test-stt-key',
    };
    ({ api, worker } = await startServiceOnCluster(settings));
  });
  after(async () => {
    await worker?.stop();
    await api?.close();
    await cluster?.stop();
    await slow?.close();
    await stt?.close();
    await files?.close();
  });

  it('completes every call, each run within its budget, each released place taken within about a second', async () => {
    const a = await createTenant('Backfilling company');
    const url = files.serve('/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
    const body = {
      userUniqueIdentifier: 'crm-backlog',
      userName: 'Sam Seller',
      recordingPresignedUrl: url,
      storeRecording: false,
    };
    const ids = await submitMany(api, a.apiKey, CALLS, body);
    await allCompleted(testEnv().db, ids, 720_000);

    const held: Array<[number, number]> = [];
    let queued = 0;
    for (const id of ids) {
      const history = await api.temporal.workflow.getHandle(workflowIds.recording(id)).fetchHistory();
      const events = history.events ?? [];
      expect(events.length, `history of recording ${id}`).to.be.at.most(SHORT_CALL_BUDGET);
      held.push(...heldIntervals(events));
      if (wokenByHandOff(events)) queued += 1;
    }
    expect(queued, 'runs woken by a hand-off').to.be.at.least(CALLS / 2);
    // Two places: never more than two holders at once, and each release's place taken soon after; nobody left queued.
    expectPlacesHandedOn(held, PLACES);
    await expectNoWaiters(a.company.id);
  });
});
