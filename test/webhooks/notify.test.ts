import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { testActivities } from '../support/worker';
import type { Config } from '../../common/config';
import { dataConverterFor } from '../../common/payloadCodec';
import { searchAttributes, workflowIds } from '../../common/temporal';
import { createTemporalClient } from '../../common/temporalClient';
import { temporalConnection } from '../../common/temporalConnection';
import { createWebhookEndpoint, disableWebhookEndpoint } from '../../db/queries/webhooks';
import { testConfig, testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';
import {
  sampleWebhookEvent,
  startWebhookReceiver,
  type WebhookReceiver,
  testSecretBox,
} from '../support/webhookFixtures';
import { notifyTwiceForTest } from './notifyWorkflows';

describe('notifyWebhooks (fan-out from inside a workflow)', function () {
  this.timeout(90_000);
  let config: Config;
  let receiver: WebhookReceiver;
  let client: Client;
  let connection: NativeConnection;
  let worker: Worker;
  let running: Promise<void>;

  before(async () => {
    config = testConfig({
      TEMPORAL_TASK_QUEUE: `webhook-notify-${randomBytes(4).toString('hex')}`,
      WEBHOOK_INITIAL_INTERVAL: '1h',
      WEBHOOK_MAX_INTERVAL: '1h',
    });
    receiver = await startWebhookReceiver();
    client = createTemporalClient(config);
    connection = await NativeConnection.connect(temporalConnection(config).options);
    worker = await Worker.create({
      connection,
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowBundle: await bundleWorkflowCode({
        workflowsPath: require.resolve('./notifyWorkflows'),
        logger: undefined,
      }),
      activities: testActivities(config),
      dataConverter: dataConverterFor(config),
      shutdownGraceTime: '5 seconds',
    });
    running = worker.run();
  });
  after(async () => {
    worker.shutdown();
    await running;
    await connection.close();
    await client.connection.close();
    await receiver.close();
  });

  it('delivers to every subscribed, enabled endpoint; a failing one delays neither the others nor the caller', async () => {
    const tenant = await createTenant('Fan-out Co');
    const other = await createTenant('Bystander Co');
    const db = testEnv().db;
    const make = async (
      companyId: string,
      path: string,
      events: Array<'recording.processing.completed' | 'recording.processing.failed'>,
    ) => {
      const { endpoint, secret } = await createWebhookEndpoint(
        db,
        {
          companyId,
          url: receiver.url + path,
          description: null,
          events,
        },
        testSecretBox(),
      );
      receiver.setSecret(path, secret);
      return endpoint.id;
    };
    const failing = await make(tenant.company.id, '/failing', ['recording.processing.completed']);
    const healthy = await make(tenant.company.id, '/healthy', [
      'recording.processing.completed',
      'recording.processing.failed',
    ]);
    const failedOnly = await make(tenant.company.id, '/failed-only', ['recording.processing.failed']);
    const disabled = await make(tenant.company.id, '/disabled', ['recording.processing.completed']);
    await disableWebhookEndpoint(db, disabled, 'test');
    const otherCompany = await make(other.company.id, '/other-company', ['recording.processing.completed']);
    receiver.respond('/failing', () => ({ status: 500 }));

    const event = sampleWebhookEvent();
    const parent = await client.workflow.start(notifyTwiceForTest, {
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowId: `notify-test-${event.id}`,
      args: [tenant.company.id, event],
    });
    expect(await parent.result()).to.equal('notified');

    const [delivered] = await receiver.waitFor('/healthy', 1, 30_000);
    expect(delivered.verified).to.equal(true);
    expect(delivered.standardVerified).to.equal(true);
    expect(delivered.event).to.deep.equal(event);
    await receiver.waitFor('/failing', 1, 10_000);

    // The failing endpoint waits an hour for its second attempt, still running after the parent closed.
    const failingChild = client.workflow.getHandle(workflowIds.webhookDelivery(event.id, failing));
    const description = await failingChild.describe();
    expect(description.status.name).to.equal('RUNNING');
    expect(description.typedSearchAttributes.get(searchAttributes.CompanyId)).to.equal(tenant.company.id);
    const healthyChild = await client.workflow.getHandle(workflowIds.webhookDelivery(event.id, healthy)).result();
    expect(healthyChild).to.include({ outcome: 'delivered', attempt: 1 });

    // Two notify calls, one delivery per endpoint; nothing for unsubscribed, disabled or foreign endpoints.
    // The parent has completed, so every child it starts is started: none for those endpoints, and the
    // failing one's next attempt waits an hour (its pending activity is the second attempt).
    for (const endpointId of [failedOnly, disabled, otherCompany]) {
      const child = await client.workflow
        .getHandle(workflowIds.webhookDelivery(event.id, endpointId))
        .describe()
        .then(
          () => 'started',
          (err: unknown) => (err instanceof WorkflowNotFoundError ? 'not started' : String(err)),
        );
      expect(child, endpointId).to.equal('not started');
    }
    const attempts = async (): Promise<number[]> =>
      ((await failingChild.describe()).raw.pendingActivities ?? []).map((a) => a.attempt ?? 0);
    for (const deadline = Date.now() + 30_000; (await attempts())[0] !== 2 && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 100));
    expect(await attempts()).to.deep.equal([2]);
    expect(receiver.on('/healthy')).to.have.length(1);
    expect(receiver.on('/failing')).to.have.length(1);
    for (const path of ['/failed-only', '/disabled', '/other-company'])
      expect(receiver.on(path), path).to.have.length(0);
    await failingChild.terminate('test over');
  });
});
