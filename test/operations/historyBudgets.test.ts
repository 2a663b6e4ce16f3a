import { expect } from 'chai';
import { workflowIds } from '../../common/temporal';
import { submit, transcriptSubmission } from '../support/fairnessScenario';
import { createTenant } from '../support/fixtures';
import { registerWebhook, waitForRecording } from '../support/recordingFixtures';
import { useWebhookStack } from '../support/webhookStack';

// docs/operations.md, "History budgets" (issue 50 §3): a webhook delivery retried to its end, with short timers,
// stays within its kind's budget, and so does the recording that produced its event. (The recording that waits
// behind a full company: test/recordings/backlog.test.ts.)

const BUDGETS = { webhookDelivery: 400, recordingIntake: 2_000 } as const;
const ATTEMPTS = 8;

describe('history budgets: a delivery retried to its end (issue 50 §3)', function () {
  this.timeout(180_000);
  const web = useWebhookStack({
    WEBHOOK_INITIAL_INTERVAL: '100ms',
    WEBHOOK_MAX_INTERVAL: '200ms',
    WEBHOOK_MAX_ATTEMPTS: ATTEMPTS,
  });

  it(`every attempt refused: the delivery run stays within ${BUDGETS.webhookDelivery} events`, async () => {
    const { stack, receiver } = web;
    const tenant = await createTenant('Company whose receiver refuses');
    receiver.respond('/budget', () => ({ status: 500, body: 'down' }));
    const endpoint = await registerWebhook(stack.api, tenant.apiKey, receiver, '/budget');
    const id = await submit(stack.api, tenant.apiKey, transcriptSubmission());
    expect((await waitForRecording(stack.api, tenant.apiKey, id, 60_000)).status).to.equal('completed');
    const attempts = await receiver.waitFor('/budget', ATTEMPTS, 120_000);
    const eventId = attempts[0].event?.id;
    expect(eventId, 'the event carried its id').to.be.a('string');

    const delivery = stack.api.temporal.workflow.getHandle(workflowIds.webhookDelivery(eventId!, endpoint.id));
    await delivery.result().catch(() => undefined); // ended: exhausted
    const deliveryEvents = (await delivery.fetchHistory()).events ?? [];
    expect(deliveryEvents.length, 'webhookDelivery events').to.be.at.most(BUDGETS.webhookDelivery);
    const recordingEvents =
      (await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).fetchHistory()).events ?? [];
    expect(recordingEvents.length, 'recordingIntake events').to.be.at.most(BUDGETS.recordingIntake);
    // The schedule ran to its end: no attempt past the last.
    expect(receiver.on('/budget')).to.have.length(ATTEMPTS);
  });
});
