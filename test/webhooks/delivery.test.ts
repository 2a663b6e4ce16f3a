import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { WorkflowFailedError, type Client } from '@temporalio/client';
import type { Config } from '../../common/config';
import { createTemporalClient } from '../../common/temporalClient';
import type { WebhookEvent } from '../../common/webhookEvents';
import { webhookRetryFromConfig } from '../../common/webhookRetryPolicy';
import type { WebhookRetry } from '../../common/webhookRetry';
import { createWebhookEndpoint, deleteWebhookEndpoint, getWebhookEndpoint } from '../../db/queries/webhooks';
import { webhookDelivery } from '../../workflows/webhookDelivery';
import { testEnv } from '../support/env';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  sampleWebhookEvent,
  startWebhookReceiver,
  type WebhookReceiver,
  testSecretBox,
} from '../support/webhookFixtures';
import { keepKindHistory } from '../support/kindHistories';
import { startWorker, type RunningWorker } from '../support/worker';

/** A worker of its own (own task queue), so workers with different settings never take each other's work. */
function startWebhookWorker(overrides: Partial<Config> = {}): Promise<RunningWorker> {
  return startWorker({
    TEMPORAL_TASK_QUEUE: `webhooks-${randomBytes(4).toString('hex')}`,
    WEBHOOK_INITIAL_INTERVAL: '100ms',
    WEBHOOK_MAX_INTERVAL: '300ms',
    ...overrides,
  });
}

async function deliveriesOf(endpointId: string) {
  return testEnv().db('webhook_deliveries').where({ endpoint_id: endpointId }).orderBy('attempt');
}

describe('webhook delivery (real worker, real receiver)', function () {
  this.timeout(90_000);
  let receiver: WebhookReceiver;
  let tenant: TenantFixture;
  let client: Client;
  let worker: RunningWorker;

  before(async () => {
    receiver = await startWebhookReceiver();
    tenant = await createTenant('Delivery Co');
    worker = await startWebhookWorker();
    client = createTemporalClient(worker.config);
  });
  after(async () => {
    await worker.stop();
    await client.connection.close();
    await receiver.close();
  });

  async function endpointAt(path: string): Promise<string> {
    const { endpoint, secret } = await createWebhookEndpoint(
      testEnv().db,
      {
        companyId: tenant.company.id,
        url: receiver.url + path,
        description: null,
        events: ['recording.processing.completed', 'recording.processing.failed'],
      },
      testSecretBox(),
    );
    receiver.setSecret(path, secret);
    return endpoint.id;
  }

  function deliver(
    on: RunningWorker,
    endpointId: string,
    event: WebhookEvent,
    retry: WebhookRetry = webhookRetryFromConfig(on.config),
  ) {
    return client.workflow.start(webhookDelivery, {
      taskQueue: on.config.TEMPORAL_TASK_QUEUE,
      workflowId: `test-webhook-${event.id}-${endpointId}`,
      args: [{ companyId: tenant.company.id, endpointId, event, retry }],
    });
  }

  it('retries a receiver that answers 500 three times, then stops at the first 200', async () => {
    const endpointId = await endpointAt('/flaky');
    receiver.respond('/flaky', (n) => (n <= 3 ? { status: 500, body: 'boom' } : { status: 200, body: 'thanks' }));
    const event = sampleWebhookEvent();
    const handle = await deliver(worker, endpointId, event);
    const result = await handle.result();
    expect(result).to.deep.equal({ outcome: 'delivered', statusCode: 200, attempt: 4 });
    await keepKindHistory(client, 'webhookDelivery', 'retried-until-delivered', handle.workflowId);

    // The workflow has completed, so no attempt can follow; each of its attempts got its answer (a row
    // below), so each request has arrived: the count is final without waiting.
    const got = receiver.on('/flaky');
    expect(got).to.have.length(4);
    for (const r of got) {
      expect(r.method).to.equal('POST');
      expect(r.headers['content-type']).to.equal('application/json');
      expect(r.verified, r.signatureProblem ?? '').to.equal(true);
      expect(r.standardVerified).to.equal(true);
      expect(r.event).to.deep.equal(event);
      expect(r.headers['webhook-id']).to.equal(event.id);
    }
    const rows = await deliveriesOf(endpointId);
    expect(rows.map((d) => [d.attempt, d.outcome, d.status_code, d.event_id])).to.deep.equal([
      [1, 'failed', 500, event.id],
      [2, 'failed', 500, event.id],
      [3, 'failed', 500, event.id],
      [4, 'delivered', 200, event.id],
    ]);
    expect(rows[0].error).to.equal('The receiver answered 500');
  });

  it('disables the endpoint on 410 Gone and sends nothing more', async () => {
    const endpointId = await endpointAt('/gone');
    receiver.respond('/gone', () => ({ status: 410 }));
    const result = await (await deliver(worker, endpointId, sampleWebhookEvent())).result();
    expect(result).to.deep.equal({ outcome: 'endpoint_disabled', statusCode: 410, attempt: 1 });
    const endpoint = await getWebhookEndpoint(testEnv().db, tenant.company.id, endpointId);
    expect(endpoint?.enabled).to.equal(false);
    expect(endpoint?.disabledReason).to.match(/410/);
    expect((await deliveriesOf(endpointId)).map((d) => [d.attempt, d.outcome, d.status_code])).to.deep.equal([
      [1, 'failed', 410],
    ]);

    const later = await (await deliver(worker, endpointId, sampleWebhookEvent())).result();
    expect(later).to.deep.equal({ outcome: 'skipped', reason: 'endpoint disabled' });
    expect(receiver.on('/gone')).to.have.length(1);
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    const endpointId = await endpointAt('/moved');
    receiver.respond('/moved', (n) =>
      n === 1 ? { status: 302, headers: { location: `${receiver.url}/moved-target` } } : { status: 204 },
    );
    const result = await (await deliver(worker, endpointId, sampleWebhookEvent())).result();
    expect(result).to.include({ outcome: 'delivered', statusCode: 204, attempt: 2 });
    expect(receiver.on('/moved-target')).to.have.length(0);
    const rows = await deliveriesOf(endpointId);
    expect(rows.map((d) => [d.attempt, d.outcome, d.status_code])).to.deep.equal([
      [1, 'failed', 302],
      [2, 'delivered', 204],
    ]);
    expect(rows[0].error).to.match(/redirects are not followed/);
  });

  it('honours Retry-After over a long backoff', async function () {
    this.timeout(180_000);
    // Retry-After is capped at the worker's WEBHOOK_MAX_INTERVAL (activities/webhooks.ts): this worker's cap
    // (an hour) lets the receiver's two seconds through. On the shared worker (300 ms) the wait was the cap, and
    // the test only passed while the dev server happened to take about a second to fire the retry.
    const patient = await startWebhookWorker({ WEBHOOK_MAX_INTERVAL: '1h' });
    try {
      const endpointId = await endpointAt('/busy');
      receiver.respond('/busy', (n) => (n === 1 ? { status: 503, headers: { 'retry-after': '2' } } : { status: 200 }));
      const hourLong: WebhookRetry = { initialIntervalMs: 3_600_000, maxIntervalMs: 3_600_000, maximumAttempts: 3 };
      const handle = await deliver(patient, endpointId, sampleWebhookEvent(), hourLong);
      // The positive signal is the second request; waiting for it has a deadline far below the hour-long
      // backoff, and a miss says where the run was: the pending attempt, when Temporal will make it, and why the
      // last one failed.
      await receiver.waitFor('/busy', 2, 120_000).catch(async (err: unknown) => {
        const pending = ((await handle.describe()).raw.pendingActivities ?? []).map((a) => ({
          attempt: a.attempt,
          state: a.state,
          nextAttemptScheduleTime: a.nextAttemptScheduleTime?.seconds?.toString(),
          lastFailure: a.lastFailure?.message,
        }));
        const rows = (await deliveriesOf(endpointId)).map((d) => [d.attempt, d.outcome, d.status_code, d.error]);
        throw new Error(`${String(err)}; pending ${JSON.stringify(pending)}; attempts ${JSON.stringify(rows)}`);
      });
      expect(await handle.result()).to.include({ outcome: 'delivered', attempt: 2 });
      const [first, second] = receiver.on('/busy');
      // Not before the receiver's Retry-After: the first request was taken before its 503 was sent, and Temporal's
      // retry timer starts only once the attempt's failure reached it, so a busy machine only makes this longer.
      expect(second.receivedAt - first.receivedAt).to.be.at.least(2000);
    } finally {
      await patient.stop();
    }
  });

  it('gives up after the last attempt, with every attempt recorded', async () => {
    const endpointId = await endpointAt('/down');
    receiver.respond('/down', () => ({ status: 502 }));
    const handle = await deliver(worker, endpointId, sampleWebhookEvent(), {
      initialIntervalMs: 100,
      maxIntervalMs: 200,
      maximumAttempts: 3,
    });
    const err = await handle.result().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(WorkflowFailedError);
    expect((await deliveriesOf(endpointId)).map((d) => d.attempt)).to.deep.equal([1, 2, 3]);
    // Failed for good: no fourth attempt can be scheduled, and the three recorded ones were answered.
    expect(receiver.on('/down')).to.have.length(3);
  });

  it('records a receiver that does not answer within WEBHOOK_TIMEOUT', async () => {
    const slowWorker = await startWebhookWorker({ WEBHOOK_TIMEOUT: '500ms' });
    try {
      const endpointId = await endpointAt('/slow');
      receiver.respond('/slow', (n) => (n === 1 ? { status: 200, delayMs: 3000 } : { status: 200 }));
      const result = await (await deliver(slowWorker, endpointId, sampleWebhookEvent())).result();
      expect(result).to.include({ outcome: 'delivered', attempt: 2 });
      const rows = await deliveriesOf(endpointId);
      expect(rows[0]).to.include({ attempt: 1, outcome: 'failed', status_code: null });
      expect(rows[0].error).to.match(/No answer within 500 ms/);
    } finally {
      await slowWorker.stop();
    }
  });

  it('sends nothing for an endpoint deleted before the attempt', async () => {
    const endpointId = await endpointAt('/deleted');
    await deleteWebhookEndpoint(testEnv().db, tenant.company.id, endpointId);
    const result = await (await deliver(worker, endpointId, sampleWebhookEvent())).result();
    expect(result).to.deep.equal({ outcome: 'skipped', reason: 'endpoint deleted' });
    expect(receiver.on('/deleted')).to.have.length(0);
  });

  it('refuses loopback receivers when private networks are not allowed, and records why', async () => {
    const strictWorker = await startWebhookWorker({ OUTBOUND_ALLOW_PRIVATE: false });
    try {
      for (const [path, url] of [
        ['/private', receiver.url + '/private'],
        ['/private-name', receiver.url.replace('127.0.0.1', 'localhost') + '/private-name'],
      ]) {
        const { endpoint } = await createWebhookEndpoint(
          testEnv().db,
          {
            companyId: tenant.company.id,
            url,
            description: null,
            events: ['recording.processing.completed'],
          },
          testSecretBox(),
        );
        const handle = await deliver(strictWorker, endpoint.id, sampleWebhookEvent());
        const err = await handle.result().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err, url).to.be.instanceOf(WorkflowFailedError);
        const rows = await deliveriesOf(endpoint.id);
        expect(rows, url).to.have.length(1);
        expect(rows[0]).to.include({ attempt: 1, outcome: 'failed', status_code: null });
        // Says that the address is not allowed, never which one it was (nor its range).
        expect(rows[0].error).to.match(/refused: the address is not allowed$/);
        expect(rows[0].error).to.not.match(/127\.0\.0\.1|::1|loopback/);
        expect(receiver.on(path)).to.have.length(0);
      }
    } finally {
      await strictWorker.stop();
    }
  });
});
