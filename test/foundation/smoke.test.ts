import { expect } from 'chai';
import { startApi, type TestApi } from '../support/api';
import { createTenant } from '../support/fixtures';
import { startWorker } from '../support/worker';

describe('smoke', () => {
  let api: TestApi;
  before(async () => {
    api = await startApi();
  });
  after(async () => api.close());

  it('healthz and readyz', async () => {
    expect((await api.request('GET', '/healthz')).status).to.equal(200);
    const ready = await api.request('GET', '/readyz');
    expect(ready.status).to.equal(200);
  });

  it('runs the connectivity workflow', async () => {
    await createTenant();
    const worker = await startWorker();
    try {
      const result = await api.temporal.workflow.execute('connectivityCheck', {
        taskQueue: api.config.TEMPORAL_TASK_QUEUE,
        workflowId: `connectivity-${Date.now()}`,
        args: [],
      });
      expect(result).to.have.property('companies').that.is.at.least(1);
    } finally {
      await worker.stop();
    }
  });
});
