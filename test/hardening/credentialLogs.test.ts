import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Config } from '../../common/config';
import { createApiKey, revokeApiKey } from '../../db/queries/credentials';
import { createRoleplayFixture } from '../support/contentFixtures';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant } from '../support/fixtures';
import { linkFromMail, tokenFromLink, uniqueEmail } from '../support/invitationFixtures';
import { CONVERSATION, SAMPLE_AUDIO } from '../support/recordingFixtures';
import { assertResponseSchema } from '../support/schemaAssert';
import { spawnService, type ServiceProcess } from '../support/serviceProcess';
import { startSmtpServer, type LoopbackSmtp } from '../support/smtpServer';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { freePort } from '../support/temporalServer';
import { makeTeam } from '../support/userFixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// A realistic run of the real API and worker processes with logging at its most verbose (trace),
// through successes and failures, then every credential and secret the run created or configured is
// looked for in everything both processes wrote: none may appear.

interface Answer<T> {
  status: number;
  body: T;
  text: string;
}

describe('credentials never reach the logs', function () {
  this.timeout(180_000);
  let files: FileServer;
  let receiver: WebhookReceiver;
  let smtp: LoopbackSmtp;
  let stt: SttServer;
  let storageDir: string;
  let api: ServiceProcess | undefined;
  let worker: ServiceProcess | undefined;
  let baseUrl: string;

  before(async () => {
    [files, receiver, smtp, stt] = await Promise.all([
      startFileServer(),
      startWebhookReceiver(),
      startSmtpServer(),
      startOpenAiSttServer({ segments: CONVERSATION }),
    ]);
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-secrets-'));
  });
  after(async () => {
    await api?.kill();
    await worker?.kill();
    await Promise.all([files.close(), receiver.close(), smtp.close(), stt.close()]);
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  async function call<T = unknown>(
    method: string,
    urlPath: string,
    init: { apiKey?: string; bearer?: string; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.apiKey !== undefined) headers['x-api-key'] = init.apiKey;
    if (init.bearer !== undefined) headers.authorization = `Bearer ${init.bearer}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(baseUrl + urlPath, {
      method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const text = await res.text();
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    const body = (isJson ? JSON.parse(text) : text) as T;
    if (isJson) assertResponseSchema(method, urlPath, res.status, body);
    return { status: res.status, body, text };
  }

  async function recordingDone(apiKey: string, id: string): Promise<{ status: string; sessionId: string | null }> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await call<{ status: string; sessionId: string | null }>('GET', `/api/recording/${id}`, { apiKey });
      if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
      if (Date.now() > deadline) throw new Error(`recording ${id} still ${res.body.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('finds none of the keys, tokens and secrets of a full run in the API and worker logs', async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const configuredSecrets = {
      STT_API_KEY: `stt-${randomBytes(16).toString('hex')}`,
      MEDIA_URL_SECRET: `media-${randomBytes(16).toString('hex')}`,
      METRICS_TOKEN: `metrics-${randomBytes(16).toString('hex')}`,
    };
    const shared: Partial<Config> = {
      ...configuredSecrets,
      LOG_LEVEL: 'trace',
      TEMPORAL_TASK_QUEUE: `secrets-${randomBytes(4).toString('hex')}`,
      HOST: '127.0.0.1',
      PORT: port,
      PUBLIC_URL: baseUrl,
      STORAGE_DIR: storageDir,
      STT_PROVIDER: 'openai',
      STT_BASE_URL: stt.url,
      SMTP_URL: smtp.url,
      WEBHOOK_INITIAL_INTERVAL: '200ms',
      WEBHOOK_MAX_INTERVAL: '1s',
    };
    api = spawnService('api/main.ts', shared);
    worker = spawnService('worker/main.ts', { ...shared, WORKER_METRICS_PORT: await freePort() });
    await api.waitFor('"msg":"database and temporal are available"');
    await worker.waitFor('"msg":"worker started"', 90_000);

    const db = testEnv().db;
    const tenant = await createTenant('Secrets Co');
    const child = await createTenant('Secrets Child', tenant.company.id);
    const revoked = await createApiKey(db, tenant.company.id, 'old key');
    await revokeApiKey(db, revoked.id);
    const key = tenant.apiKey;
    const secrets: Record<string, string> = {
      ...configuredSecrets,
      apiKey: key,
      childApiKey: child.apiKey,
      revokedApiKey: revoked.key,
    };

    // API keys: right, revoked, mangled, in the wrong header.
    expect((await call('GET', '/api/team', { apiKey: key })).status).to.equal(200);
    expect((await call('GET', '/api/team', { apiKey: revoked.key })).status).to.equal(401);
    expect(
      (await call('GET', '/api/team', { apiKey: `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}` })).status,
    ).to.equal(401);
    expect((await call('GET', '/api/team', { apiKey: `${key}x` })).status).to.equal(401);
    expect((await call('GET', '/api/team', { bearer: key })).status).to.equal(401);
    expect(
      (await call('GET', `/api/user?child_company_id=${child.company.id}`, { apiKey: child.apiKey })).status,
    ).to.equal(403);

    // Bearer tokens.
    const token = await call<{ accessToken: string }>('POST', '/api/auth/token', { apiKey: key });
    expect(token.status).to.equal(200);
    secrets.bearerToken = token.body.accessToken;
    expect(
      (await call('GET', '/api/company/get-active-user-count', { bearer: token.body.accessToken })).status,
    ).to.equal(200);
    expect(
      (await call('GET', '/api/company/get-active-user-count', { bearer: `${token.body.accessToken}x` })).status,
    ).to.equal(401);
    expect(
      (await call('GET', '/api/company/get-active-user-count', { apiKey: token.body.accessToken })).status,
    ).to.equal(401);

    // Invitations: the token travels by email, the link page and the acceptance.
    const team = await makeTeam(tenant.company.id);
    const email = uniqueEmail('secrets');
    expect(
      (await call('POST', '/api/user/invite', { apiKey: key, json: { email, teamId: team.id, role: 'User' } })).status,
    ).to.equal(200);
    const [mail] = await smtp.waitForMails(email, 1, 30_000);
    const invitationToken = tokenFromLink(linkFromMail(mail));
    secrets.invitationToken = invitationToken;
    expect((await call('GET', `/invitations/${encodeURIComponent(invitationToken)}`)).status).to.equal(200);
    expect((await call('GET', `/invitations/${encodeURIComponent(invitationToken)}x`)).status).to.equal(404);
    expect(
      (await call('POST', '/api/invitations/accept', { json: { token: invitationToken, firstName: 'Ada' } })).status,
    ).to.equal(200);
    expect(
      (await call('POST', '/api/invitations/accept', { json: { token: invitationToken, firstName: 'Ada' } })).status,
    ).to.equal(410);

    // Webhook secrets: created, rotated, used to sign.
    const hook = await call<{ id: string; secret: string }>('POST', '/api/webhook-endpoints', {
      apiKey: key,
      json: {
        url: `${receiver.url}/secrets`,
        events: ['recording.processing.completed', 'recording.processing.failed'],
      },
    });
    expect(hook.status).to.equal(201);
    const rotated = await call<{ secret: string }>('POST', `/api/webhook-endpoints/${hook.body.id}/rotate-secret`, {
      apiKey: key,
    });
    expect(rotated.status).to.equal(200);
    secrets.webhookSecret = hook.body.secret;
    secrets.rotatedWebhookSecret = rotated.body.secret;
    receiver.setSecret('/secrets', rotated.body.secret);
    receiver.respond('/secrets', (n) => (n === 1 ? { status: 503, body: 'busy' } : { status: 200, body: 'ok' }));

    // Recordings behind presigned URLs (the signature is a credential of the caller's storage): one
    // stored and completed with a roleplay, one the host refuses.
    const signature = randomBytes(32).toString('hex');
    secrets.presignedSignature = signature;
    const presigned = (p: string): string =>
      `${files.url}${p}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=900&X-Amz-Signature=${signature}`;
    files.serve('/secrets/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
    files.serve('/secrets/refused.mp3', { status: 403 });
    const roleplay = await createRoleplayFixture(tenant.company.id);
    const good = await call<{ recordingId: string }>('POST', '/api/recording', {
      apiKey: key,
      json: {
        userUniqueIdentifier: 'crm-secret',
        userName: 'Sam Secret',
        recordingPresignedUrl: presigned('/secrets/call.mp3'),
        storeRecording: true,
        roleplayId: roleplay.id,
      },
    });
    expect(good.status, good.text).to.equal(200);
    const bad = await call<{ recordingId: string }>('POST', '/api/recording', {
      apiKey: key,
      json: {
        userUniqueIdentifier: 'crm-secret',
        userName: 'Sam Secret',
        recordingPresignedUrl: presigned('/secrets/refused.mp3'),
        storeRecording: true,
      },
    });
    expect(bad.status).to.equal(200);
    const done = await recordingDone(key, good.body.recordingId);
    expect(done.status).to.equal('completed');
    expect((await recordingDone(key, bad.body.recordingId)).status).to.equal('failed');
    const hooks = await receiver.waitFor('/secrets', 3, 30_000);
    expect(hooks.filter((h) => h.verified)).to.have.length(3);

    // Signed media links in session results.
    const session = await call<{ audioUrl?: string | null }>('GET', `/api/roleplay/session/${done.sessionId}`, {
      apiKey: key,
    });
    expect(session.status).to.equal(200);
    const audioUrl = new URL(String(session.body.audioUrl));
    secrets.mediaSignature = String(audioUrl.searchParams.get('signature'));
    expect((await fetch(audioUrl)).status).to.equal(200);
    audioUrl.searchParams.set('signature', '0'.repeat(64));
    expect((await fetch(audioUrl)).status).to.be.oneOf([403, 404]);

    // The metrics token.
    expect((await call('GET', '/metrics', { bearer: configuredSecrets.METRICS_TOKEN })).status).to.equal(200);
    expect((await call('GET', '/metrics', { bearer: `${configuredSecrets.METRICS_TOKEN}x` })).status).to.equal(401);
    expect((await call('GET', `/api/webhook-endpoints/${hook.body.id}/deliveries`, { apiKey: key })).status).to.equal(
      200,
    );

    api.signal('SIGTERM');
    worker.signal('SIGTERM');
    expect(await api.exited).to.equal(0);
    expect(await worker.exited).to.equal(0);

    const apiLog = api.output();
    const workerLog = worker.output();
    // The logs really cover the run (a test that reads empty logs proves nothing).
    expect(api.logLines().filter((l) => l.msg === 'request').length).to.be.at.least(25);
    expect(apiLog).to.contain('"route":"/invitations/{token}"').and.contain('"code":"invalid_credentials"');
    expect(workerLog)
      .to.contain('"activityType":"deliverWebhook"')
      .and.contain('"msg":"Activity failed"')
      .and.contain('invitation email sent');
    expect(workerLog).to.contain(`"recordingId":"${bad.body.recordingId}"`);

    const leaks: string[] = [];
    for (const [name, value] of Object.entries(secrets)) {
      expect(value, name).to.have.length.greaterThan(15);
      // The secret itself, URL-encoded, and (for prefixed credentials) the random part alone.
      const forms = new Set([
        value,
        encodeURIComponent(value),
        value.replace(/^(spk|spt)_[0-9a-f]{12}_/, ''),
        value.replace(/^whsec_/, ''),
      ]);
      for (const form of forms) {
        if (apiLog.includes(form)) leaks.push(`${name} in the API log`);
        if (workerLog.includes(form)) leaks.push(`${name} in the worker log`);
      }
    }
    expect(leaks).to.deep.equal([]);
  });
});
