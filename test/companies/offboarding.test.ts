import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Config } from '../../common/config';
import { pieceKey } from '../../activities/media/storedPieces';
import { EXPORT_KINDS } from '../../activities/companyExport/kinds';
import { partKey } from '../../activities/companyExport/storeKeys';
import { workflowIds } from '../../common/temporal';
import { createCompany } from '../../db/queries/companies';
import { getCompanyOffboarding } from '../../db/queries/companyOffboardings';
import { insertRecordingChunks } from '../../db/queries/recordingChunks';
import { admin, runAdmin } from '../support/adminCli';
import { startApi, type TestApi } from '../support/api';
import { createSessionFixture } from '../support/contentFixtures';
import { testConfig, testEnv } from '../support/env';
import { createTenant } from '../support/fixtures';
import { keepKindHistory } from '../support/kindHistories';
import { startFileServer, type FileServer } from '../support/fileServer';
import {
  acceptRecording,
  CONVERSATION,
  registerWebhook,
  SAMPLE_AUDIO,
  waitForRecording,
} from '../support/recordingFixtures';
import { startSmtpServer, type LoopbackSmtp } from '../support/smtpServer';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { createTenantWorld, type TenantWorld } from '../support/tenantWorld';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';
import { spawnWorker, type WorkerProcess } from '../support/workerProcess';
import { companyIds, leftoverRows, otherRowsDigest, rowsReferencing, storeContents } from './offboardingSupport';

// Offboarding a company through the real stack (API, a worker process, the Temporal dev server, MariaDB,
// the recording store): two companies with one of everything, one offboarded while its worker is
// killed in the middle, then a leftover scan that reads the schema and every row itself.

const TTL_MS = 1000;
/** A worker process bundles the workflow code before it polls: minutes on a loaded machine. */
const WORKER_READY_MS = 240_000;

async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  explain: () => Promise<string> = async () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} ${await explain()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('companies: offboarding', function () {
  this.timeout(900_000);
  let storageDir: string;
  let config: Partial<Config>;
  let api: TestApi;
  let worker: WorkerProcess | undefined;
  let files: FileServer;
  let receiver: WebhookReceiver;
  let smtp: LoopbackSmtp;
  let stt: SttServer;

  before(async () => {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-offboarding-'));
    [files, receiver, smtp, stt] = await Promise.all([
      startFileServer(),
      startWebhookReceiver(),
      startSmtpServer(),
      startOpenAiSttServer({ segments: CONVERSATION }),
    ]);
    config = {
      TEMPORAL_TASK_QUEUE: `offboarding-${randomUUID().slice(0, 8)}`,
      STORAGE_DIR: storageDir,
      STT_BASE_URL: stt.url,
      STT_API_KEY: 'test-stt-key',
      SMTP_URL: smtp.url,
      OUTBOUND_ALLOW_PRIVATE: true,
      CREDENTIAL_CACHE_TTL: `${TTL_MS}ms`,
      RATE_LIMIT_STORE: 'mysql',
      // A receiver that keeps failing keeps a delivery workflow open until the offboarding cancels it.
      WEBHOOK_MAX_ATTEMPTS: 100,
      WEBHOOK_INITIAL_INTERVAL: '300ms',
      WEBHOOK_MAX_INTERVAL: '1s',
      // The world's recording in progress runs on a queue no worker polls: it is terminated after this.
      OFFBOARDING_CANCEL_GRACE: '30s',
      // Other suites' workers may hold the default port on this machine.
      WORKER_METRICS_PORT: 0,
    };
    api = await startApi(config);
    worker = await spawnWorker(config, WORKER_READY_MS);
  });
  after(async () => {
    await worker?.stop();
    await api?.close();
    await Promise.all([files?.close(), receiver?.close(), smtp?.close(), stt?.close()]);
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  /** One of everything: the tenant world's rows, plus a processed recording with its audio stored, a
   *  stored piece and session audio, a sent invitation, deliveries, idempotency records, rate-limit rows. */
  async function populate(label: string, failingReceiver: boolean): Promise<TenantWorld> {
    const world = await createTenantWorld(label);
    const companyId = world.company.id;
    const db = testEnv().db;
    // The world's endpoint points at an address that never answers: its retries would keep a run open.
    await db('webhook_endpoints').where({ id: world.ids.webhookEndpoint }).update({ enabled: false });
    const okPath = `/${label}/${randomUUID()}`;
    await registerWebhook(api, world.apiKey, receiver, okPath);
    if (failingReceiver) {
      const failingPath = `/${label}/failing-${randomUUID()}`;
      await registerWebhook(api, world.apiKey, receiver, failingPath, ['recording.processing.completed']);
      receiver.respond(failingPath, () => ({ status: 500, body: 'down' }));
    }
    const email = `invitee-${randomUUID().slice(0, 8)}@example.com`;
    const invited = await api.request('POST', '/api/user/invite', {
      apiKey: world.apiKey,
      json: { email, teamId: world.ids.team, role: 'User' },
      headers: { 'Idempotency-Key': `invite-${randomUUID()}` },
    });
    expect(invited.status, invited.text).to.equal(200);
    await smtp.waitForMails(email, 1);
    const recordingId = await acceptRecording(
      api,
      world.apiKey,
      {
        recordingPresignedUrl: files.serve(`/${label}/${randomUUID()}.mp3`, { body: SAMPLE_AUDIO }),
        storeRecording: true,
        roleplayId: world.ids.roleplay,
      },
      { 'Idempotency-Key': `recording-${randomUUID()}` },
    );
    expect((await waitForRecording(api, world.apiKey, recordingId, 90_000)).status).to.equal('completed');
    await receiver.waitFor(okPath, 1, 30_000);
    // A piece of a cut whose run never ended, and a session with stored audio.
    await insertRecordingChunks(db, [{ recordingId, channel: 'mono', index: 0, startMs: 0, durationMs: 26_000 }]);
    const piece = path.join(storageDir, pieceKey(recordingId, { channel: 'mono', index: 0 }));
    await fs.mkdir(path.dirname(piece), { recursive: true });
    await fs.writeFile(piece, SAMPLE_AUDIO);
    const audioKey = `${companyId}/sessions/${randomUUID()}.mp3`;
    await fs.mkdir(path.join(storageDir, path.dirname(audioKey)), { recursive: true });
    await fs.writeFile(path.join(storageDir, audioKey), SAMPLE_AUDIO);
    await createSessionFixture({
      companyId,
      roleplayId: world.ids.roleplay,
      userId: world.ids.user,
      audioStorageKey: audioKey,
    });
    // The key is now kept in the API's credential cache.
    expect((await api.request('GET', '/api/roleplay', { apiKey: world.apiKey })).status).to.equal(200);
    return world;
  }

  const openRuns = async (companyId: string): Promise<string> => {
    const runs: string[] = [];
    for await (const run of api.temporal.workflow.list({
      query: `CompanyId = '${companyId}' AND ExecutionStatus = 'Running'`,
    }))
      runs.push(`${run.type} ${run.workflowId}`);
    return runs.join(', ');
  };

  /** The admin CLI's environment: this run's Temporal dev server, task queue and payload keys. */
  const cliEnv = (): Record<string, string> => {
    const { TEMPORAL_ADDRESS, TEMPORAL_PAYLOAD_KEYS } = testConfig();
    return { TEMPORAL_ADDRESS, TEMPORAL_PAYLOAD_KEYS, TEMPORAL_TASK_QUEUE: String(config.TEMPORAL_TASK_QUEUE) };
  };

  const runningCount = async (companyId: string): Promise<number> =>
    (await api.temporal.workflow.count(`CompanyId = '${companyId}' AND ExecutionStatus = 'Running'`)).count;

  it('refuses a wrong confirmation, an unknown or malformed id and a parent with children, changing nothing', async () => {
    const { company: parent } = await createTenant('Offboard Parent');
    const { company: childA } = await createTenant('Offboard Child A', parent.id);
    const { company: childB } = await createTenant('Offboard Child B', parent.id);
    const { company: lone } = await createTenant('Offboard Lone');
    const before = await otherRowsDigest(new Set());
    const cases: Array<[string[], RegExp]> = [
      [['company:delete', lone.id, '--confirm', 'Offboard lone'], /confirmation does not match.*"Offboard Lone"/],
      [['company:delete', lone.id], /required option '--confirm <name>' not specified/],
      [['company:delete', randomUUID(), '--confirm', 'Offboard Lone'], /Company .* was not found/],
      [['company:delete', 'nope', '--confirm', 'Offboard Lone'], /'nope' is invalid.*Must be a UUID/],
      [
        ['company:delete', parent.id, '--confirm', 'Offboard Parent'],
        new RegExp(`child companies: Offboard Child A \\(${childA.id}\\), Offboard Child B \\(${childB.id}\\)`),
      ],
      [['company:delete-status', lone.id], /No offboarding of company .* was started/],
    ];
    // One at a time: each is a process of its own, and the machine may be busy.
    for (const [args, message] of cases) {
      const result = await runAdmin(args, cliEnv());
      expect(result.code, `${args.join(' ')}: ${result.stdout}`).to.equal(1);
      expect(result.stdout).to.equal('');
      expect(result.stderr)
        .to.match(/^error: /)
        .and.to.match(message);
    }
    expect(await otherRowsDigest(new Set())).to.deep.equal(before);
    for (const id of [parent.id, lone.id]) {
      const started = await api.temporal.workflow
        .getHandle(workflowIds.companyOffboarding(id))
        .describe()
        .then(
          () => true,
          () => false,
        );
      expect(started, `an offboarding of ${id} was started`).to.equal(false);
    }
  });

  it('a child company being created while its parent is offboarded is found: the command waits for it, then refuses', async () => {
    const db = testEnv().db;
    const { company: parent } = await createTenant('Offboard Racing Parent');
    // The child's insert is left uncommitted: it holds its share lock on the parent's row.
    const creating = await db.transaction();
    try {
      const child = await createCompany(creating, 'Offboard Late Child', parent.id);
      const command = runAdmin(['company:delete', parent.id, '--confirm', 'Offboard Racing Parent'], cliEnv());
      await until(
        'the command to wait for the parent row',
        async () => {
          const [rows] = (await db.raw(
            "SELECT COUNT(*) AS n FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT' AND trx_query LIKE '%`companies`%for update%'",
          )) as [Array<{ n: number }>];
          return Number(rows[0].n) > 0;
        },
        60_000,
      );
      await creating.commit();
      const result = await command;
      expect(result.code, result.stdout).to.equal(1);
      expect(result.stderr).to.match(new RegExp(`child companies: Offboard Late Child \\(${child.id}\\)`));
    } finally {
      if (!creating.isCompleted()) await creating.rollback();
    }
    const row = (await db('companies').where({ id: parent.id }).first('offboarding_at')) as { offboarding_at: unknown };
    expect(row.offboarding_at).to.equal(null);
    expect(await getCompanyOffboarding(db, parent.id)).to.equal(undefined);
  });

  it('takes its mark back when Temporal cannot be reached: the company keeps working', async () => {
    const db = testEnv().db;
    const { company, apiKey } = await createTenant('Offboard Unreachable');
    // A port nothing listens on: the start fails, after the company was marked.
    const result = await runAdmin(['company:delete', company.id, '--confirm', 'Offboard Unreachable'], {
      ...cliEnv(),
      TEMPORAL_ADDRESS: '127.0.0.1:1',
    });
    expect(result.code, result.stdout).to.equal(1);
    expect(result.stderr).to.match(/Could not start the offboarding on Temporal at .*Nothing was changed\./);
    const row = (await db('companies').where({ id: company.id }).first('offboarding_at')) as {
      offboarding_at: unknown;
    };
    expect(row.offboarding_at).to.equal(null);
    expect((await api.request('GET', '/api/user', { apiKey })).status).to.equal(200);
  });

  it('closes credentials first, survives a killed worker, and leaves nothing of the company anywhere', async () => {
    const gone = await populate('Gone', true);
    const kept = await populate('Kept', false);
    const goneId = gone.company.id;
    // Settled before the snapshots: the kept company has only its invitation and its unpolled recording open.
    await until(
      'the kept company to settle',
      async () => (await runningCount(kept.company.id)) === 2,
      60_000,
      async () => openRuns(kept.company.id),
    );
    // Its invitation, its unpolled recording and the delivery to the failing receiver.
    await until(
      'the gone company to have 3 open runs',
      async () => (await runningCount(goneId)) >= 3,
      60_000,
      async () => openRuns(goneId),
    );

    // A part its cancelled export left (no column names it: the archive is the export's one stored key).
    const part = path.join(storageDir, partKey(goneId, gone.ids.export, EXPORT_KINDS[0].name, 0));
    await fs.mkdir(path.dirname(part), { recursive: true });
    await fs.writeFile(part, '{}\n');

    const ids = await companyIds(goneId);
    const goneFiles = [...(await storeContents(storageDir)).keys()].filter((f) =>
      [...ids].some((id) => f.toLowerCase().includes(id)),
    );
    // Its stored recording, its piece, its session audio and the export's part.
    expect(goneFiles.length, goneFiles.join(', ')).to.be.at.least(4);
    expect(await leftoverRows(ids)).to.not.be.empty;
    const othersBefore = await otherRowsDigest(ids);
    const storeBefore = await storeContents(storageDir);
    for (const f of goneFiles) storeBefore.delete(f);
    const keptRunsBefore = (await api.temporal.workflow.count(`CompanyId = '${kept.company.id}'`)).count;

    const started = await admin<{ started: boolean; workflowId: string }>(
      ['company:delete', goneId, '--confirm', gone.company.name],
      cliEnv(),
    );
    expect(started).to.include({ started: true, workflowId: workflowIds.companyOffboarding(goneId) });
    const again = await admin<{ started: boolean }>(
      ['company:delete', goneId, '--confirm', gone.company.name],
      cliEnv(),
    );
    expect(again.started).to.equal(false);

    // Step 1 done: within CREDENTIAL_CACHE_TTL its key and token get 401, although the key was kept in cache.
    await until(
      'the credentials to close',
      async () => {
        const step = (await getCompanyOffboarding(testEnv().db, goneId))?.step;
        return step !== undefined && step !== 'Requested' && step !== 'Closing API keys and bearer tokens';
      },
      60_000,
    );
    const closedAt = Date.now();
    await until('the cache to expire', () => Date.now() >= closedAt + TTL_MS, TTL_MS + 1000);
    const refused = await api.request<{ error: { code: string } }>('GET', '/api/roleplay', { apiKey: gone.apiKey });
    expect([refused.status, refused.body.error.code]).to.deep.equal([401, 'invalid_credentials']);
    const tokenRefused = await api.request('GET', '/api/analytics/get-active-user-count', {
      bearer: gone.bearerToken,
    });
    expect(tokenRefused.status).to.equal(401);

    // The worker dies while the offboarding waits for the company's runs to end; another takes over.
    const handle = api.temporal.workflow.getHandle(workflowIds.companyOffboarding(goneId));
    await until(
      'the cancelling step to heartbeat',
      async () => ((await handle.describe()).raw.pendingActivities ?? []).some((a) => a.lastHeartbeatTime != null),
      60_000,
    );
    await worker?.kill();
    // Meanwhile no new key is issued to the company.
    const newKey = await runAdmin(['apikey:create', '--company', goneId], cliEnv());
    expect([newKey.code, newKey.stderr]).to.satisfy(
      ([code, stderr]: [number, string]) => code === 1 && /being offboarded/.test(stderr),
    );
    worker = await spawnWorker(config, WORKER_READY_MS);

    await until(
      'the offboarding to finish',
      async () => (await getCompanyOffboarding(testEnv().db, goneId))?.completedAt != null,
      240_000,
    );
    const status = await admin<{
      done: boolean;
      step: string;
      workflowStatus: string;
      removed: { rows: Record<string, number>; files: number; workflowRuns: number; credentialsRevoked: number };
    }>(['company:delete-status', goneId], cliEnv());
    const explain = `${JSON.stringify(status)}\n${worker?.output().slice(-4000) ?? ''}`;
    expect(status, explain).to.include({ done: true, step: 'Done' });
    expect(status.removed.credentialsRevoked, explain).to.equal(3);
    expect(status.removed.files, explain).to.be.at.least(3);
    expect(status.removed.workflowRuns, explain).to.be.at.least(3);
    expect(status.removed.rows, explain).to.include.keys(
      'companies',
      'recordings',
      'recording_chunks',
      'webhook_deliveries',
    );
    await until('the run to close', async () => (await handle.describe()).status.name === 'COMPLETED', 30_000);
    const history = await handle.fetchHistory();
    const attempts = (history.events ?? [])
      .filter((e) => e.activityTaskStartedEventAttributes)
      .map((e) => e.activityTaskStartedEventAttributes?.attempt ?? 0);
    expect(Math.max(...attempts), 'a step ran again after the crash').to.be.at.least(2);
    expect((await handle.describe()).searchAttributes).to.not.have.property('CompanyId');
    await keepKindHistory(api.temporal, 'companyOffboarding', 'worker-killed', handle.workflowId);

    // The leftover scan: MySQL, the recording store, Temporal.
    expect(await leftoverRows(ids)).to.deep.equal([]);
    expect(await rowsReferencing(ids)).to.deep.equal([]);
    const record = (await testEnv().db('company_offboardings').where({ company_id: goneId })) as unknown[];
    expect(record).to.have.length(1);
    const storeAfter = await storeContents(storageDir);
    expect([...storeAfter.keys()].filter((f) => [...ids].some((id) => f.toLowerCase().includes(id)))).to.deep.equal([]);
    await until(
      'visibility to count no run of the company',
      async () => (await api.temporal.workflow.count(`CompanyId = '${goneId}'`)).count === 0,
      60_000,
    );

    // The other company: the same rows, files and runs, and its key still works.
    expect(await otherRowsDigest(ids)).to.deep.equal(othersBefore);
    expect(storeAfter).to.deep.equal(storeBefore);
    expect((await api.temporal.workflow.count(`CompanyId = '${kept.company.id}'`)).count).to.equal(keptRunsBefore);
    expect((await api.request('GET', '/api/roleplay', { apiKey: kept.apiKey })).status).to.equal(200);
    const after = await runAdmin(['company:delete', goneId, '--confirm', gone.company.name], cliEnv());
    expect(after.stderr).to.match(/was offboarded at/);
  });
});
