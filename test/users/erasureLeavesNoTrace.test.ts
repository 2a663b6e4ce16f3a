import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ErrorBody } from '../../api/schemas/common';
import type { Invitation } from '../../api/schemas/invitations';
import type { UserErasure } from '../../api/schemas/userErasure';
import { parseDatabaseUrl } from '../../db/connection';
import { workflowIds } from '../../common/temporal';
import { testConfig, testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import { createRoleplayFixture } from '../support/contentFixtures';
import { linkFromMail, tokenFromLink } from '../support/invitationFixtures';
import {
  acceptRecording,
  CONVERSATION,
  registerWebhook,
  SAMPLE_AUDIO,
  startRecordingStack,
  submitRecording,
  waitForRecording,
  type RecordingStack,
} from '../support/recordingFixtures';
import { startSmtpServer, type LoopbackSmtp } from '../support/smtpServer';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { makeTeam } from '../support/userFixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';
import { workflowList, workflowShow } from '../support/workflowShow';

// After a person's erasure their name, identifier and email are nowhere: not in any MySQL table, not in
// the histories of their workflows as an operator reads them (decoded through the codec endpoint), not
// in the namespace's workflow list, and not in the answer to a retried Idempotency-Key. A webhook
// delivery about them still retrying stops.

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every row of every table of the test database, as text (binary columns as latin1). */
async function dumpDatabase(): Promise<string> {
  const db = testEnv().db;
  const database = parseDatabaseUrl(testConfig().DATABASE_URL).database;
  const tables = (await db('information_schema.tables')
    .select({ name: 'table_name' })
    .where({ table_schema: database, table_type: 'BASE TABLE' })) as Array<{ name: string }>;
  expect(tables.map((t) => t.name)).to.include.members([
    'users',
    'invitations',
    'recordings',
    'webhook_events',
    'idempotency_keys',
    'roleplay_sessions',
  ]);
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = (await db(name).select('*')) as Array<Record<string, unknown>>;
    parts.push(
      `## ${name}\n${JSON.stringify(rows, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('latin1') : v))}`,
    );
  }
  return parts.join('\n');
}

function expectNoTrace(where: string, text: string, traces: string[]): void {
  const lower = text.toLowerCase();
  for (const trace of traces)
    expect(lower.includes(trace.toLowerCase()), `${where} still contains "${trace}"`).to.equal(false);
}

describe('users: an erasure leaves no trace of the person in MySQL, Temporal or stored answers', function () {
  this.timeout(300_000);
  const codecToken = randomBytes(24).toString('base64url');
  let stack: RecordingStack;
  let stt: SttServer;
  let files: FileServer;
  let receiver: WebhookReceiver;
  let smtp: LoopbackSmtp;

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
    smtp = await startSmtpServer();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    stack = await startRecordingStack({
      STT_BASE_URL: stt.url,
      OUTBOUND_ALLOW_PRIVATE: true,
      SMTP_URL: smtp.url,
      TEMPORAL_CODEC_TOKEN: codecToken,
      // A receiver that keeps failing keeps its delivery pending across the erasure.
      WEBHOOK_MAX_ATTEMPTS: 100,
      WEBHOOK_INITIAL_INTERVAL: '300ms',
      WEBHOOK_MAX_INTERVAL: '1s',
    });
  });
  after(async () => {
    await stack?.stop();
    await stt?.close();
    await files?.close();
    await receiver?.close();
    await smtp?.close();
  });

  it('name, identifier and email are gone everywhere; a pending delivery about them stops', async () => {
    const tag = randomBytes(3).toString('hex');
    const person = {
      firstName: `Quillon${tag}`,
      lastName: `Vexmoor${tag}`,
      email: `q.vexmoor.${tag}@example.com`,
      identifier: `crm-zq-${tag}-${randomUUID()}`,
    };
    const traces = [person.firstName, person.lastName, person.email, person.identifier];
    const tenant = await createTenant();
    const api = stack.api;
    const team = await makeTeam(tenant.company.id);
    const roleplay = await createRoleplayFixture(tenant.company.id);

    // Invited by email under an Idempotency-Key, accepted under their name.
    const idempotencyKey = `invite-${randomUUID()}`;
    const invite = () =>
      api.request<Invitation>('POST', '/api/user/invite', {
        apiKey: tenant.apiKey,
        json: { email: person.email, teamId: team.id, role: 'User' },
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    const invited = await invite();
    expect(invited.status, invited.text).to.equal(200);
    const replayedBefore = await invite();
    expect(replayedBefore.headers.get('idempotent-replayed')).to.equal('true');
    expect(replayedBefore.body.email).to.equal(person.email);
    const [mail] = await smtp.waitForMails(person.email, 1);
    const accepted = await api.request<{ id: string }>('POST', '/api/invitations/accept', {
      json: { token: tokenFromLink(linkFromMail(mail)), firstName: person.firstName, lastName: person.lastName },
    });
    expect(accepted.status, accepted.text).to.equal(200);
    const userId = accepted.body.id;
    // The company's CRM id for them (set by the company's provisioning; the API has no setter for it):
    // their calls arrive under it and resolve to this user.
    await testEnv().db('users').where({ id: userId }).update({ external_id: person.identifier });

    // Their calls, one completed and one failed, told to a receiver that answers and one that keeps failing.
    const okPath = `/trace/${randomUUID()}`;
    const failingPath = `/trace/${randomUUID()}`;
    await registerWebhook(api, tenant.apiKey, receiver, okPath, [
      'recording.processing.completed',
      'recording.processing.failed',
    ]);
    const failing = await registerWebhook(api, tenant.apiKey, receiver, failingPath, [
      'recording.processing.completed',
    ]);
    receiver.respond(failingPath, () => ({ status: 500, body: 'down' }));
    const submission = { userUniqueIdentifier: person.identifier, userName: `${person.firstName} ${person.lastName}` };
    const completed = await acceptRecording(api, tenant.apiKey, {
      ...submission,
      recordingPresignedUrl: files.serve(`/trace/${randomUUID()}.mp3`, { body: SAMPLE_AUDIO }),
      storeRecording: true,
      roleplayId: roleplay.id,
    });
    // The failed one submitted under an Idempotency-Key: its kept answer is about the person too.
    const recordingKey = { 'Idempotency-Key': `recording-${randomUUID()}` };
    const failedSubmission = {
      ...submission,
      recordingPresignedUrl: files.serve(`/trace/${randomUUID()}.mp3`, { status: 404 }),
      storeRecording: true,
    };
    const failed = await acceptRecording(api, tenant.apiKey, failedSubmission, recordingKey);
    const submittedAgain = await submitRecording(api, tenant.apiKey, failedSubmission, recordingKey);
    expect([submittedAgain.headers.get('idempotent-replayed'), submittedAgain.body.recordingId]).to.deep.equal([
      'true',
      failed,
    ]);
    expect((await waitForRecording(api, tenant.apiKey, completed)).status).to.equal('completed');
    expect((await waitForRecording(api, tenant.apiKey, failed)).status).to.equal('failed');
    expect((await waitForRecording(api, tenant.apiKey, completed)).userId).to.equal(userId);

    // Receivers get the person as the contract says, the same bytes on every attempt.
    const delivered = await receiver.waitFor(okPath, 2);
    const completedEvent = delivered.find((h) => h.event?.type === 'recording.processing.completed');
    expect(completedEvent?.rawBody.toString('utf8')).to.include(person.identifier).and.include(person.firstName);
    const attempts = await receiver.waitFor(failingPath, 2);
    expect(attempts[1].rawBody.equals(attempts[0].rawBody), 'a retry sends the bytes of the first attempt').to.equal(
      true,
    );
    expect(attempts[0].rawBody.equals(completedEvent!.rawBody)).to.equal(true);
    const eventIds = delivered.map((h) => h.event?.id ?? '');

    // The erasure.
    const erased = await api.request<UserErasure>('POST', `/api/user/${userId}/erase`, { apiKey: tenant.apiKey });
    expect(erased.status, erased.text).to.equal(202);
    await until(
      'the erasure to finish',
      async () =>
        (await api.request<UserErasure>('GET', `/api/user/${userId}/erase`, { apiKey: tenant.apiKey })).body.status ===
        'erased',
      120_000,
    );

    // The delivery that kept failing finds its event gone and stops: its workflow closed (the only sender of
    // retries), the event erased as its reason.
    const pending = api.temporal.workflow.getHandle(workflowIds.webhookDelivery(completedEvent!.event!.id, failing.id));
    expect(await pending.result()).to.deep.equal({ outcome: 'skipped', reason: 'event erased' });

    // MySQL: every table, every row.
    expectNoTrace('MySQL', await dumpDatabase(), traces);

    // A retried Idempotency-Key: no stored answer naming them, and the invitation is not made again.
    const replayedAfter = await invite();
    expect(replayedAfter.status).to.equal(409);
    expect((replayedAfter.body as unknown as ErrorBody).error.code).to.equal('idempotency_key_reused');
    expect(replayedAfter.headers.get('idempotent-replayed')).to.equal(null);
    expectNoTrace('the retried invite', replayedAfter.text, traces);
    // The same for the recording submitted under a key: no replay of the answer about their recording.
    const submittedAfter = await submitRecording(api, tenant.apiKey, failedSubmission, recordingKey);
    expect(submittedAfter.status, submittedAfter.text).to.equal(409);
    expect((submittedAfter.body as unknown as ErrorBody).error.code).to.equal('idempotency_key_reused');
    expect(submittedAfter.headers.get('idempotent-replayed')).to.equal(null);
    expectNoTrace('MySQL after the retry', await dumpDatabase(), traces);

    // Temporal: each of their workflows as an operator reads it, decoded through the codec endpoint.
    const workflowsOfThePerson = [
      `invitation-${invited.body.id}`,
      workflowIds.recording(completed),
      workflowIds.recording(failed),
      workflowIds.userErasure(tenant.company.id, userId),
    ];
    const endpoints = (
      await api.request<{ data: Array<{ id: string }> }>('GET', '/api/webhook-endpoints', { apiKey: tenant.apiKey })
    ).body.data.map((e) => e.id);
    for (const eventId of eventIds)
      for (const endpointId of endpoints) workflowsOfThePerson.push(workflowIds.webhookDelivery(eventId, endpointId));
    const codec = { endpoint: `${api.url}/codec`, token: codecToken };
    let shown = 0;
    for (const workflowId of workflowsOfThePerson) {
      const history = await workflowShow(workflowId, codec).catch((err: unknown) => {
        // An endpoint not subscribed to an event type has no delivery workflow for it.
        const stderr = (err as { stderr?: unknown }).stderr;
        const said = typeof stderr === 'string' ? stderr : err instanceof Error ? err.message : '';
        if (said.includes('not found')) return null;
        throw err;
      });
      if (history === null) continue;
      shown += 1;
      expect(history, `${workflowId} was decoded`).to.not.include('binary/encrypted');
      expectNoTrace(`temporal workflow show ${workflowId}`, history, traces);
    }
    // The deliveries that succeeded at once were made by the recordings' runs (patch `folded-steps`): only the retried one is a workflow.
    expect(shown, 'invitation, two recordings, the erasure, the retried delivery').to.equal(5);

    // The namespace's workflow list (ids, types, summaries, search attributes).
    await until('the list to show the erasure', async () =>
      (await workflowList(`CompanyId = '${tenant.company.id}'`)).includes(
        workflowIds.userErasure(tenant.company.id, userId),
      ),
    );
    const listed = await workflowList();
    expect(listed).to.include(`invitation-${invited.body.id}`);
    expectNoTrace('temporal workflow list', listed, traces);
  });
});
