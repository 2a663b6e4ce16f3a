import { expect } from 'chai';
import type { temporal } from '@temporalio/proto';
import { Registry } from 'prom-client';
import { workflowIds } from '../../common/temporal';
import { createActivityMetrics } from '../../worker/metrics';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  acceptRecording,
  CONVERSATION,
  keepHistory,
  registerWebhook,
  SAMPLE_AUDIO,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { sample } from '../support/observedApi';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// Issue 25.1 (patch `folded-steps`): a recording costs the workflow tasks its long steps need and no more.
// The status changes are the first writes of the steps they announce, the short database steps are local
// activities (markers in the history, no task of their own), and the webhook's first attempt is made by
// the recording's run; a delivery workflow exists only for an endpoint that must be retried, and it goes on
// with the same schedule.

type History = temporal.api.history.v1.IHistory;

interface RunShape {
  workflowTasks: number;
  activities: string[];
  localActivities: number;
  children: string[];
}

function shapeOf(history: History): RunShape {
  const events = history.events ?? [];
  return {
    workflowTasks: events.filter((e) => e.workflowTaskCompletedEventAttributes).length,
    activities: events.flatMap((e) =>
      e.activityTaskScheduledEventAttributes?.activityType?.name
        ? [e.activityTaskScheduledEventAttributes.activityType.name]
        : [],
    ),
    localActivities: events.filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity').length,
    children: events.flatMap((e) =>
      e.startChildWorkflowExecutionInitiatedEventAttributes?.workflowId
        ? [e.startChildWorkflowExecutionInitiatedEventAttributes.workflowId]
        : [],
    ),
  };
}

const deliveriesOf = (endpointId: string) =>
  testEnv()
    .db('webhook_deliveries')
    .where({ endpoint_id: endpointId })
    .orderBy('attempt')
    .select('attempt', 'outcome', 'status_code', 'event_id');

describe('recordings: folded steps (few workflow tasks per recording)', function () {
  this.timeout(90_000);
  let files: FileServer;
  let receiver: WebhookReceiver;
  let stt: SttServer;
  let stack: RecordingStack;
  let tenant: TenantFixture;
  let n = 0;

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    stack = await startRecordingStack({
      STT_PROVIDER: 'openai',
      STT_BASE_URL: stt.url,
      WEBHOOK_INITIAL_INTERVAL: '5s',
      WEBHOOK_MAX_INTERVAL: '1m',
    });
  });
  after(async () => {
    await stack.stop();
    await stt.close();
    await files.close();
    await receiver.close();
  });
  beforeEach(async () => {
    tenant = await createTenant();
  });

  const history = (recordingId: string): Promise<History> =>
    stack.api.temporal.workflow.getHandle(workflowIds.recording(recordingId)).fetchHistory();

  it('a stored call: one workflow task per long step and one to finish, the webhook delivered by the run itself', async () => {
    const hookPath = `/folded/${++n}`;
    const endpoint = await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const url = files.serve(`/folded/${n}/call.mp3`, { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: true });
    const [hook] = await receiver.waitFor(hookPath, 1);
    expect(hook.verified, hook.signatureProblem ?? '').to.equal(true);
    expect(hook.event?.type).to.equal('recording.processing.completed');
    expect((await waitForRecording(stack.api, tenant.apiKey, id)).status).to.equal('completed');
    await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).result();

    const run = shapeOf(await history(id));
    // The long steps and the webhook's first attempt (patch first-attempt-activity) are the only activities;
    // each long step set the status it stands for (no status activity).
    expect(run.activities).to.deep.equal([
      'storeRecording',
      'prepareMedia',
      'transcribeRecordingPiece',
      'analyzeAndKeepRecording',
      'firstWebhookAttempt',
    ]);
    // Resolve the user, stitch, save, remove scratch, list targets, keep the event, retry policy.
    expect(run.localActivities).to.equal(7);
    // One task to start, one after each activity (the last one also finishes): 6, against ~18 stepwise. The
    // bound the code promises, not an exact count: on a loaded machine the SDK may complete a task early to
    // heartbeat a local activity slower than the task timeout (at most once per local activity here).
    expect(run.workflowTasks).to.be.within(run.activities.length + 1, run.activities.length + 1 + run.localActivities);
    expect(run.children, 'no delivery workflow for a delivered event').to.deep.equal([]);
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.map((d) => [d.attempt, d.outcome, d.status_code])).to.deep.equal([[1, 'delivered', 200]]);
    expect(deliveries[0].event_id).to.equal(hook.event?.id);
    await keepHistory(stack.api, id, 'folded-stored');
  });

  it("a receiver refusing the first attempt (503, Retry-After: 2) gets a delivery workflow that sends attempt 2 after the receiver's wait", async () => {
    const hookPath = `/folded/${++n}`;
    const endpoint = await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    receiver.respond(hookPath, (count) =>
      count === 1 ? { status: 503, headers: { 'retry-after': '2' }, body: 'busy' } : { status: 200, body: 'ok' },
    );
    const url = files.serve(`/folded/${n}/call.mp3`, { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
    const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
    const [first, second] = await receiver.waitFor(hookPath, 2, 30_000);
    // The same event, byte for byte, under the same webhook-id; the wait is the receiver's, not the 5 s schedule.
    expect(second.rawBody.equals(first.rawBody)).to.equal(true);
    expect(second.headers['webhook-id']).to.equal(first.headers['webhook-id']);
    // The delivery workflow waits by a timer of the receiver's Retry-After, read from its history.
    expect(second.receivedAt - first.receivedAt).to.be.at.least(1900);

    await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).result();
    const run = shapeOf(await history(id));
    const eventId = first.event?.id ?? '';
    expect(run.children).to.deep.equal([workflowIds.webhookDelivery(eventId, endpoint.id)]);
    const child = await stack.api.temporal.workflow
      .getHandle(workflowIds.webhookDelivery(eventId, endpoint.id))
      .result();
    expect(child).to.include({ outcome: 'delivered', attempt: 2 });
    const childHistory = await stack.api.temporal.workflow
      .getHandle(workflowIds.webhookDelivery(eventId, endpoint.id))
      .fetchHistory();
    const timers = (childHistory.events ?? []).flatMap((e) =>
      e.timerStartedEventAttributes
        ? [Number(String(e.timerStartedEventAttributes.startToFireTimeout?.seconds ?? 0))]
        : [],
    );
    expect(timers, "the first wait is the receiver's 2 s, not the 5 s schedule").to.deep.equal([2]);
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.map((d) => [d.attempt, d.outcome, d.status_code])).to.deep.equal([
      [1, 'failed', 503],
      [2, 'delivered', 200],
    ]);
    await keepHistory(stack.api, id, 'folded-webhook-retry');
  });

  it('a failed recording tells its owner from its own run too, with the reason of the failed step', async () => {
    const hookPath = `/folded/${++n}`;
    const endpoint = await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    const id = await acceptRecording(stack.api, tenant.apiKey, {
      recordingPresignedUrl: `${files.url}/folded/${n}/missing.mp3`,
      storeRecording: true,
    });
    const [hook] = await receiver.waitFor(hookPath, 1);
    expect(hook.event?.type).to.equal('recording.processing.failed');
    const view = await waitForRecording(stack.api, tenant.apiKey, id);
    expect(view.status).to.equal('failed');
    expect(view.failureReason).to.match(/^Storing the recording failed: /);
    expect((hook.event?.data as { reason?: string }).reason).to.equal(view.failureReason);

    await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).result();
    const run = shapeOf(await history(id));
    expect(run.activities).to.deep.equal(['storeRecording', 'firstWebhookAttempt']);
    expect(run.children).to.deep.equal([]);
    expect((await deliveriesOf(endpoint.id)).map((d) => [d.attempt, d.outcome])).to.deep.equal([[1, 'delivered']]);
    await keepHistory(stack.api, id, 'folded-failed');
  });
});

describe('recordings: folded steps with WEBHOOK_MAX_ATTEMPTS=1', function () {
  this.timeout(90_000);

  it('a refused first attempt is the only one: no delivery workflow, one failed attempt in the log, counted as exhausted', async () => {
    const files = await startFileServer();
    const receiver = await startWebhookReceiver();
    const stt = await startOpenAiSttServer({ segments: CONVERSATION });
    const registry = new Registry();
    const stack = await startRecordingStack(
      { STT_PROVIDER: 'openai', STT_BASE_URL: stt.url, WEBHOOK_MAX_ATTEMPTS: 1 },
      { metrics: createActivityMetrics(registry) },
    );
    try {
      const tenant = await createTenant();
      const endpoint = await registerWebhook(stack.api, tenant.apiKey, receiver, '/folded/once');
      receiver.respond('/folded/once', () => ({ status: 503, body: 'busy' }));
      const url = files.serve('/folded/once/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
      const id = await acceptRecording(stack.api, tenant.apiKey, { recordingPresignedUrl: url, storeRecording: false });
      await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).result();
      expect(
        shapeOf(await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).fetchHistory()).children,
      ).to.deep.equal([]);
      expect(receiver.on('/folded/once')).to.have.length(1);
      expect((await deliveriesOf(endpoint.id)).map((d) => [d.attempt, d.outcome, d.status_code])).to.deep.equal([
        [1, 'failed', 503],
      ]);
      // The delivery gave up: its one attempt was its last (docs/operations.md, WebhookDeliveriesExhausted).
      const text = await registry.metrics();
      expect(
        sample(text, 'sales_practice_webhook_deliveries_total', { outcome: 'exhausted', trigger: 'event' }),
      ).to.equal(1);
      expect(
        sample(text, 'sales_practice_webhook_deliveries_total', { outcome: 'failed_will_retry', trigger: 'event' }),
      ).to.equal(0);
    } finally {
      await stack.stop();
      await stt.close();
      await files.close();
      await receiver.close();
    }
  });
});
