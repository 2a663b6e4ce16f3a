import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { workflowIds } from '../../common/temporal';
import type { RecordingAccepted } from '../../api/schemas/recordings';
import { testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';
import { registerWebhook } from '../support/recordingFixtures';
import { useWebhookStack } from '../support/webhookStack';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';

// Issue 35 (patch `first-attempt-activity`): the first attempt of a webhook made by the recording's own run is an
// ordinary activity. A workflow task that runs again (here: reset to the run's last task, which makes the server
// fail that task and schedule it anew on the same history) replays the attempt's recorded result; as a local
// activity it ran inside that task and was sent a second time.

const SAMPLE = JSON.parse(
  readFileSync(path.join(__dirname, '..', '..', 'scripts', 'sample-transcript.json'), 'utf8'),
) as Record<string, unknown>;

describe('webhooks: a retried workflow task never sends a first attempt twice', function () {
  this.timeout(90_000);
  let stt: SttServer;

  before(async () => {
    stt = await startOpenAiSttServer({ segments: [{ start: 0, end: 1, text: 'never asked' }] });
  });
  after(() => stt.close());
  const web = useWebhookStack(() => ({ STT_PROVIDER: 'openai', STT_BASE_URL: stt.url }));

  it('resetting the recording run to its last workflow task replays the delivered first attempt', async () => {
    const tenant = await createTenant();
    const hookPath = `/once/${randomUUID()}`;
    const endpoint = await registerWebhook(web.stack.api, tenant.apiKey, web.receiver, hookPath);
    const res = await web.stack.api.request<RecordingAccepted>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: SAMPLE,
    });
    expect(res.status, res.text).to.equal(200);
    const workflowId = workflowIds.recording(res.body.recordingId);
    const client = web.stack.api.temporal;
    const first = client.workflow.getHandle(workflowId);
    await first.result();
    const [hook] = await web.receiver.waitFor(hookPath, 1);
    expect(hook.event?.type).to.equal('recording.processing.completed');

    const events = (await first.fetchHistory()).events ?? [];
    expect(
      events.some((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'firstWebhookAttempt'),
      'the first attempt is an activity of the run',
    ).to.equal(true);
    const lastTask = events.filter((e) => e.workflowTaskCompletedEventAttributes).at(-1);
    const { runId } = await first.describe();
    const reset = await client.workflowService.resetWorkflowExecution({
      namespace: client.options.namespace,
      workflowExecution: { workflowId, runId },
      reason: 'test: the last workflow task runs again',
      workflowTaskFinishEventId: lastTask?.eventId,
      requestId: randomUUID(),
    });
    expect(reset.runId).to.be.a('string').and.not.equal(runId);
    // The new run re-executes the last task and completes: everything it would send is sent before that.
    expect(await client.workflow.getHandle(workflowId, reset.runId ?? undefined).result()).to.include({
      status: 'completed',
    });

    const attempts = await testEnv()
      .db('webhook_deliveries')
      .where({ endpoint_id: endpoint.id })
      .select('attempt', 'outcome');
    expect(attempts.map((a) => [a.attempt, a.outcome])).to.deep.equal([[1, 'delivered']]);
    expect(web.receiver.on(hookPath)).to.have.length(1);
  });
});
