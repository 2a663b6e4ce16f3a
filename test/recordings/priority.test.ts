import { decodePriority, type Priority } from '@temporalio/common';
import { expect } from 'chai';
import type { RecordingList, RecordingView } from '../../api/schemas/recordings';
import type { WebhookAttemptResult } from '../../api/schemas/webhooks';
import { workflowIds } from '../../common/temporal';
import { updateCompanySettings } from '../../db/queries/companies';
import { testEnv } from '../support/env';
import { submit, transcriptSubmission } from '../support/fairnessScenario';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import {
  registerWebhook,
  startRecordingStack,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// A recording's priority (issue 41 §2) as its submitter sees it, and what Temporal is given: every start
// carries the company's id as fairness key and its weight; bulk is priority 5, everything else 3, a bulk
// recording's webhook deliveries included; a retry keeps the recording's priority.

describe('recordings: priority and the company’s fairness', function () {
  this.timeout(120_000);
  let stack: RecordingStack;
  let receiver: WebhookReceiver;
  let files: FileServer;
  let tenant: TenantFixture;

  before(async () => {
    stack = await startRecordingStack();
    receiver = await startWebhookReceiver();
    files = await startFileServer();
  });
  after(async () => {
    await stack.stop();
    await receiver.close();
    await files.close();
  });
  beforeEach(async () => {
    tenant = await createTenant();
    // Set before the tenant's first request: the API reads it with the key (and keeps it CREDENTIAL_CACHE_TTL).
    await updateCompanySettings(testEnv().db, tenant.company.id, { fairness_weight: 2.5 });
  });

  const priorityOf = async (workflowId: string): Promise<Priority> =>
    decodePriority(
      (await stack.api.temporal.workflow.getHandle(workflowId).describe()).raw.workflowExecutionInfo?.priority,
    );

  it('refuses an unknown priority with a 400 naming the field, and keeps nothing', async () => {
    const count = async () =>
      Number((await testEnv().db('recordings').where({ company_id: tenant.company.id }).count({ n: '*' }))[0].n);
    for (const priority of ['urgent', 'BULK', 5, null]) {
      const res = await stack.api.request<{ error: { code: string; details?: Array<{ field: string }> } }>(
        'POST',
        '/api/recording',
        { apiKey: tenant.apiKey, json: transcriptSubmission({ priority }) },
      );
      expect(res.status, res.text).to.equal(400);
      expect(
        res.body.error.details?.map((d) => d.field),
        res.text,
      ).to.include('priority');
    }
    const listed = await stack.api.request('GET', '/api/recording?priority=soon', { apiKey: tenant.apiKey });
    expect(listed.status, listed.text).to.equal(400);
    expect(listed.text).to.contain('priority');
    expect(await count()).to.equal(0);
  });

  it('a bulk recording shows its priority everywhere; its run is priority 5 with the company’s key and weight, its delivery 3', async () => {
    const hookPath = '/bulk-hooks';
    const endpoint = await registerWebhook(stack.api, tenant.apiKey, receiver, hookPath);
    // The run's own first attempt fails: the retry goes to a delivery workflow, the run's child.
    receiver.respond(hookPath, (n) => (n === 1 ? { status: 503, body: 'busy' } : { status: 200, body: 'ok' }));
    const bulk = await submit(stack.api, tenant.apiKey, transcriptSubmission({ priority: 'bulk' }));
    expect(await priorityOf(workflowIds.recording(bulk))).to.deep.equal({
      priorityKey: 5,
      fairnessKey: tenant.company.id,
      fairnessWeight: 2.5,
    });
    const [refused, delivered] = await receiver.waitFor(hookPath, 2, 60_000);
    expect(delivered.event?.id).to.equal(refused.event?.id);
    expect((delivered.event?.data as { priority?: string }).priority).to.equal('bulk');
    expect(await priorityOf(workflowIds.webhookDelivery(delivered.event?.id ?? '', endpoint.id))).to.deep.equal({
      priorityKey: 3,
      fairnessKey: tenant.company.id,
      fairnessWeight: 2.5,
    });

    const normal = await submit(stack.api, tenant.apiKey, transcriptSubmission());
    expect(await priorityOf(workflowIds.recording(normal))).to.deep.include({
      priorityKey: 3,
      fairnessKey: tenant.company.id,
    });
    expect(await waitForRecording(stack.api, tenant.apiKey, bulk, 60_000)).to.include({
      status: 'completed',
      priority: 'bulk',
    });
    expect((await waitForRecording(stack.api, tenant.apiKey, normal, 60_000)).priority).to.equal('normal');
    const list = async (priority: string) =>
      (
        await stack.api.request<RecordingList>('GET', `/api/recording?priority=${priority}`, { apiKey: tenant.apiKey })
      ).body.data.map((r) => [r.id, r.priority]);
    expect(await list('bulk')).to.deep.equal([[bulk, 'bulk']]);
    expect(await list('normal')).to.deep.equal([[normal, 'normal']]);
  });

  it('a retry runs at the recording’s priority', async () => {
    const url = files.serve('/gone.mp3', { status: 404 });
    const id = await submit(stack.api, tenant.apiKey, {
      userUniqueIdentifier: 'crm-fair',
      userName: 'Sam Seller',
      recordingPresignedUrl: url,
      storeRecording: false,
      priority: 'bulk',
    });
    expect((await waitForRecording(stack.api, tenant.apiKey, id, 60_000)).status).to.equal('failed');
    // The failed run closes after it has sent its webhooks; only then is a retry a new run.
    await stack.api.temporal.workflow.getHandle(workflowIds.recording(id)).result();
    const retried = await stack.api.request<RecordingView>('POST', `/api/recording/${id}/retry`, {
      apiKey: tenant.apiKey,
    });
    expect(retried.status, retried.text).to.equal(200);
    expect(retried.body.priority).to.equal('bulk');
    expect(await priorityOf(workflowIds.recording(id))).to.deep.include({
      priorityKey: 5,
      fairnessKey: tenant.company.id,
    });
  });

  it("a test event's delivery carries the company's key at normal priority", async () => {
    const endpoint = await registerWebhook(stack.api, tenant.apiKey, receiver, '/test-event');
    const sent = await stack.api.request<WebhookAttemptResult>('POST', `/api/webhook-endpoints/${endpoint.id}/test`, {
      apiKey: tenant.apiKey,
    });
    expect(sent.status, sent.text).to.equal(200);
    expect(await priorityOf(workflowIds.webhookDelivery(sent.body.eventId, endpoint.id))).to.deep.equal({
      priorityKey: 3,
      fairnessKey: tenant.company.id,
      fairnessWeight: 2.5,
    });
  });
});
