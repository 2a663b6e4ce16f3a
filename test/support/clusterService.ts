import { expect } from 'chai';
import type { Config } from '../../common/config';
import { runAdmin } from './adminCli';
import { startApi, type TestApi } from './api';
import { startWorker, type RunningWorker } from './worker';

// The service on the test cluster (test/support/temporalCluster.ts), as an operator brings it up: `admin
// temporal:setup` with the service's settings, then an API and a tuned worker with the same settings.

export async function startServiceOnCluster(
  settings: Partial<Config>,
): Promise<{ api: TestApi; worker: RunningWorker }> {
  const env = Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, String(v)]));
  const setup = await runAdmin(['temporal:setup'], env);
  expect(setup.code, setup.stderr).to.equal(0);
  const api = await startApi(settings);
  const worker = await startWorker(settings, { tuned: true });
  return { api, worker };
}
