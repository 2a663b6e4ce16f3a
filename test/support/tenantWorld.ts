import { randomUUID } from 'node:crypto';
import { workflowIds } from '../../common/temporal';
import { failExport, insertRunningExport } from '../../db/queries/companyExports';
import { createApiKey, createBearerToken } from '../../db/queries/credentials';
import { startRecordingWorkflow } from '../../common/recordingWorkflow';
import { createTemporalClient } from '../../common/temporalClient';
import { failRecording, insertRecording } from '../../db/queries/recordings';
import type { WebhookTestEvent } from '../../common/webhookEvents';
import { rememberWebhookEvent } from '../../db/queries/webhookEvents';
import { createWebhookEndpoint, recordWebhookDelivery } from '../../db/queries/webhooks';
import { createRoleplayFixture, createScriptFixture, createSessionFixture } from './contentFixtures';
import { testConfig, testEnv } from './env';
import { createTenant, type TenantFixture } from './fixtures';
import { insertInvitation, makeTeam, makeUser } from './userFixtures';
import { testSecretBox } from './webhookFixtures';

// A company with one of everything an id can name (team, user, roleplay, session, script, invitation,
// webhook endpoint, recording in progress, failed recording), so that generated tests can aim requests
// at real rows. The recording in progress has a workflow (on a task queue no worker polls, so it never
// moves), so that cancelling it is possible; the failed one has none yet, so retrying it is.

/** No worker ever polls this queue: the world's recording workflows wait forever and write nothing. */
export const UNPOLLED_TASK_QUEUE = 'tenant-world-unpolled';

export interface TenantWorld extends TenantFixture {
  bearerToken: string;
  ids: {
    team: string;
    user: string;
    roleplay: string;
    session: string;
    script: string;
    invitation: string;
    webhookEndpoint: string;
    recording: string;
    failedRecording: string;
    delivery: string;
    /** A kept event (the test event of the delivery). */
    event: string;
    /** A second key of the company (not the one the world calls with), for the key operations to act on. */
    apiKey: string;
    /** An export of the company that has ended (failed), so that a new one may start. */
    export: string;
  };
  invitationToken: string;
  /** Distinctive strings that only this company's rows contain (to spot them in other answers). */
  marks: string[];
}

export async function createTenantWorld(label: string, parentCompanyId: string | null = null): Promise<TenantWorld> {
  const db = testEnv().db;
  const tenant = await createTenant(`${label} ${randomUUID().slice(0, 8)}`, parentCompanyId);
  const companyId = tenant.company.id;
  const mark = `${label.toLowerCase().replace(/\W+/g, '')}${randomUUID().slice(0, 8)}`;
  const team = await makeTeam(companyId, `Team ${mark}`);
  const user = await makeUser(companyId, {
    firstName: `First${mark}`,
    lastName: `Last${mark}`,
    email: `${mark}@example.com`,
    teamId: team.id,
  });
  const roleplay = await createRoleplayFixture(companyId, { title: `Roleplay ${mark}` });
  const session = await createSessionFixture({ companyId, roleplayId: roleplay.id, userId: user.id });
  const script = await createScriptFixture(companyId, { title: `Script ${mark}` });
  const invitation = await insertInvitation(companyId, team.id, { email: `invited-${mark}@example.com` });
  const { endpoint } = await createWebhookEndpoint(
    db,
    {
      companyId,
      url: `https://hooks.example.com/${mark}`,
      description: `Hook ${mark}`,
      events: ['recording.processing.completed'],
    },
    testSecretBox(),
  );
  const recordingId = randomUUID();
  await insertRecording(db, {
    id: recordingId,
    companyId,
    userUniqueIdentifier: `crm-${mark}`,
    userName: `Caller ${mark}`,
    sourceUrl: `https://files.example.com/${mark}.mp3`,
    storeRecording: false,
    roleplayId: roleplay.id,
    workflowId: workflowIds.recording(recordingId),
    externalId: `ext-${mark}`,
    metadata: { crmCallId: mark },
  });
  const temporal = createTemporalClient(testConfig());
  try {
    await startRecordingWorkflow(
      temporal,
      { TEMPORAL_TASK_QUEUE: UNPOLLED_TASK_QUEUE },
      { id: recordingId, companyId, storeRecording: false, roleplayId: roleplay.id },
    );
  } finally {
    await temporal.connection.close();
  }
  const failedRecordingId = randomUUID();
  await insertRecording(db, {
    id: failedRecordingId,
    companyId,
    userUniqueIdentifier: `crm-${mark}`,
    userName: `Caller ${mark}`,
    sourceUrl: `https://files.example.com/${mark}-failed.mp3`,
    storeRecording: false,
    roleplayId: null,
    workflowId: workflowIds.recording(failedRecordingId),
    // Failed after transcription: it keeps a transcript (GET /api/recording/{id}/transcript reads it).
    transcript: {
      provider: 'openai',
      language: 'en',
      durationMs: 2000,
      segments: [{ startMs: 0, endMs: 2000, text: `Hello from ${mark}`, speaker: null }],
    },
  });
  await failRecording(db, failedRecordingId, `Analysis failed: ${mark}`);
  // A delivery of a sent test event to the endpoint, so that it can be redelivered.
  const event: WebhookTestEvent = {
    id: randomUUID(),
    type: 'webhook.test',
    createdAt: new Date().toISOString(),
    data: { endpointId: endpoint.id, message: mark },
  };
  await rememberWebhookEvent(db, companyId, event);
  await recordWebhookDelivery(db, {
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: event.type,
    attempt: 1,
    outcome: 'failed',
    statusCode: 500,
    error: 'The receiver answered 500',
    durationMs: 5,
  });
  const delivery = (await db('webhook_deliveries')
    .where({ endpoint_id: endpoint.id, event_id: event.id })
    .first('id')) as { id: string };
  // Only keys:manage: a key holding just that scope may revoke it (a key cannot revoke wider ones).
  const spareKey = await createApiKey(db, companyId, `Spare ${mark}`, ['keys:manage']);
  const token = await createBearerToken(db, companyId, 3_600_000, tenant.apiKeyId);
  const exportId = randomUUID();
  await insertRunningExport(db, {
    id: exportId,
    companyId,
    requestedByCompanyId: companyId,
    apiVersion: '2026-11-23',
    includeMedia: false,
  });
  await failExport(db, exportId, `Export of ${mark} failed`, new Date());
  return {
    ...tenant,
    bearerToken: token.accessToken,
    ids: {
      team: team.id,
      user: user.id,
      roleplay: roleplay.id,
      session,
      script: script.id,
      invitation: invitation.id,
      webhookEndpoint: endpoint.id,
      recording: recordingId,
      failedRecording: failedRecordingId,
      event: event.id,
      delivery: delivery.id,
      apiKey: spareKey.id,
      export: exportId,
    },
    invitationToken: invitation.token,
    marks: [mark, companyId],
  };
}
