import { expect } from 'chai';
import { workflowIds } from '../../common/temporal';
import type { WebhookAttemptResult } from '../../api/schemas/webhooks';
import { createTenant } from '../support/fixtures';
import { registerWebhook, startRecordingStack, type RecordingStack } from '../support/recordingFixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';
import { startWorker, type RunningWorker } from '../support/worker';

// A test event and a redelivery are attempted on the worker's delivery policy, not the API process's: the API
// starts the delivery workflow without a schedule and the workflow asks the worker (webhookRetryPolicy). Here
// the two processes disagree on WEBHOOK_TIMEOUT; the attempt's activity gets the worker's (its POST may take
// that long, and Temporal's limit on the activity is that plus room for its bookkeeping).

describe("webhooks: test and redelivery run on the worker's delivery policy", function () {
  this.timeout(60_000);
  let receiver: WebhookReceiver;
  let stack: RecordingStack;
  let worker: RunningWorker;

  before(async () => {
    receiver = await startWebhookReceiver();
    stack = await startRecordingStack({ WEBHOOK_TIMEOUT: '2s' }, { worker: false });
    worker = await startWorker({ ...stack.config, WEBHOOK_TIMEOUT: '7s' });
  });
  after(async () => {
    await worker.stop();
    await stack.stop();
    await receiver.close();
  });

  it("gives the attempts of a test event and of its redelivery the worker's WEBHOOK_TIMEOUT", async () => {
    const tenant = await createTenant();
    const endpoint = await registerWebhook(stack.api, tenant.apiKey, receiver, '/policy');
    const sent = await stack.api.request<WebhookAttemptResult>('POST', `/api/webhook-endpoints/${endpoint.id}/test`, {
      apiKey: tenant.apiKey,
    });
    expect(sent.status, sent.text).to.equal(200);
    expect(sent.body.outcome).to.equal('delivered');
    const redelivered = await stack.api.request<WebhookAttemptResult>(
      'POST',
      `/api/webhook-endpoints/${endpoint.id}/deliveries/${sent.body.delivery?.id ?? ''}/redeliver`,
      { apiKey: tenant.apiKey },
    );
    expect(redelivered.status, redelivered.text).to.equal(200);
    expect(redelivered.body).to.include({ outcome: 'delivered', attempt: 2 });

    const base = workflowIds.webhookDelivery(sent.body.eventId, endpoint.id);
    for (const workflowId of [base, `${base}-redelivery-2`]) {
      const history = await stack.api.temporal.workflow.getHandle(workflowId).fetchHistory();
      const scheduled = (history.events ?? []).flatMap((e) =>
        e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes] : [],
      );
      expect(scheduled.map((a) => a.activityType?.name)).to.deep.equal(['deliverWebhook']);
      // 7 s (the worker's WEBHOOK_TIMEOUT) + 15 s of room (common/webhookRetry.ts); the API's 2 s would make 17.
      expect(Number(scheduled[0].startToCloseTimeout?.seconds), workflowId).to.equal(22);
      expect(scheduled[0].retryPolicy?.maximumAttempts, workflowId).to.equal(1);
    }
  });
});
