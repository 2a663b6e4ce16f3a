import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common';
import { NativeConnection } from '@temporalio/worker';
import { expect } from 'chai';
import type { Invitation } from '../../api/schemas/invitations';
import type { RecordingAccepted } from '../../api/schemas/recordings';
import type { Config } from '../../common/config';
import { searchAttributeDefinitions, SWEEP_SCHEDULE_ID, workflowIds } from '../../common/temporal';
import { temporalConnection } from '../../common/temporalConnection';
import type { TemporalSetupResult } from '../../cli/temporalSetup';
import { runAdmin, type CliResult } from '../support/adminCli';
import { startApi, type TestApi } from '../support/api';
import { startApiKeyProxy, type ApiKeyProxy } from '../support/apiKeyProxy';
import { issueCertificate, makeCertificateAuthority, type IssuedCertificate } from '../support/certificates';
import { testConfig } from '../support/env';
import { createTenant } from '../support/fixtures';
import { invitationHandle, uniqueEmail } from '../support/invitationFixtures';
import { waitForRecording } from '../support/recordingFixtures';
import { startSmtpServer, type LoopbackSmtp } from '../support/smtpServer';
import { CLUSTER_SERVER_NAME, startTemporalCluster, type TemporalCluster } from '../support/temporalCluster';
import { makeTeam } from '../support/userFixtures';
import { spawnService } from '../support/serviceProcess';
import { spawnWorker, type WorkerProcess } from '../support/workerProcess';

// The service on a Temporal cluster as production runs one: the real server (go.temporal.io/server, all four
// services) on PostgreSQL, its frontend requiring a client certificate, and a namespace other than `default`
// that `admin temporal:setup` registers. The API, the worker process and replay-check reach it through the
// TEMPORAL_* settings alone; certificates it does not trust are refused in one clear line; an API key
// reaches it as Temporal Cloud expects one. The cluster starts once for the suite (about 6 s on this machine).

const ROOT = path.resolve(__dirname, '..', '..');
const tsx = path.join(ROOT, 'node_modules/.bin/tsx');

/** Settings as a process gets them: strings in its environment. */
const asEnv = (settings: Partial<Config>): Record<string, string> =>
  Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, String(value)]));

function replayCheck(env: Record<string, string>, taskQueue: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      tsx,
      ['scripts/replay-check.ts', '--task-queue', taskQueue, '--since', '1h'],
      { cwd: ROOT, timeout: 120_000, env: { ...process.env, ...testEnvOf(), ...env } },
      (err, stdout, stderr) => {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- execFile's error is an Error; a string `code` means the command did not run
        if (err && typeof err.code !== 'number') return reject(err);
        resolve({ code: err ? (err.code as number) : 0, stdout, stderr });
      },
    );
  });
}

/** The run's payload keys: histories hold encrypted payloads that replay-check has to read. */
const testEnvOf = (): Record<string, string> => ({ TEMPORAL_PAYLOAD_KEYS: testConfig().TEMPORAL_PAYLOAD_KEYS });

describe('a Temporal cluster requiring mutual TLS, with a namespace of its own', function () {
  this.timeout(180_000);
  const namespace = `sales-practice-${randomBytes(3).toString('hex')}`;
  const taskQueue = `cluster-${randomBytes(4).toString('hex')}`;
  let cluster: TemporalCluster;
  let settings: Partial<Config>;
  let setups: CliResult[];
  let smtp: LoopbackSmtp;
  let api: TestApi;
  let worker: WorkerProcess;
  let strangerCertificate: IssuedCertificate;

  before(async () => {
    cluster = await startTemporalCluster();
    settings = { ...cluster.clientSettings, TEMPORAL_NAMESPACE: namespace, TEMPORAL_TASK_QUEUE: taskQueue };
    // Twice: the second run finds everything in place.
    setups = [];
    for (let i = 0; i < 2; i += 1) setups.push(await runAdmin(['temporal:setup'], asEnv(settings)));
    const stranger = await makeCertificateAuthority(cluster.dir, 'stranger');
    strangerCertificate = await issueCertificate(stranger, 'sales-practice');
    smtp = await startSmtpServer();
    api = await startApi(settings);
    // The worker process as production starts it; with RECORDING_RETENTION it keeps the daily schedule.
    worker = await spawnWorker({
      ...settings,
      RECORDING_RETENTION: '30d',
      SMTP_URL: smtp.url,
      PUBLIC_URL: api.url,
    });
  });
  after(async () => {
    await worker?.stop();
    await api?.close();
    await smtp?.close();
    await cluster?.stop();
  });

  it('admin temporal:setup registers the namespace and the search attributes, and a second run changes nothing', () => {
    const [first, second] = setups.map((result) => {
      expect(result.code, result.stderr).to.equal(0);
      return JSON.parse(result.stdout) as TemporalSetupResult;
    });
    const names = searchAttributeDefinitions.map((sa) => sa.name);
    expect(first).to.deep.include({ namespace, namespaceRegistered: true, retentionDays: 7 });
    expect(first?.searchAttributesAdded).to.have.members(names);
    expect(second).to.deep.include({ namespace, namespaceRegistered: false, searchAttributesAdded: [] });
    expect(second?.searchAttributesPresent).to.have.members(names);
  });

  it('a transcript recording completes through the API and the worker process', async () => {
    const tenant = await createTenant();
    const sample = JSON.parse(readFileSync(path.join(ROOT, 'scripts', 'sample-transcript.json'), 'utf8')) as object;
    const res = await api.request<RecordingAccepted>('POST', '/api/recording', { apiKey: tenant.apiKey, json: sample });
    expect(res.status, res.text).to.equal(200);
    const view = await waitForRecording(api, tenant.apiKey, res.body.recordingId);
    expect(view.status).to.equal('completed');
    // The row says completed a step before the run closes (the webhooks go out after it): wait for the close.
    const handle = api.temporal.workflow.getHandle(workflowIds.recording(res.body.recordingId));
    await handle.result();
    const run = await handle.describe();
    expect(run.status.name).to.equal('COMPLETED');
    expect(run.taskQueue).to.equal(taskQueue);
    expect(api.temporal.options.namespace).to.equal(namespace);
  });

  it('an invitation starts in the namespace and its email goes out', async () => {
    const tenant = await createTenant('Cluster Invites');
    const team = await makeTeam(tenant.company.id, 'Cluster Team');
    const email = uniqueEmail('cluster');
    const res = await api.request<Invitation>('POST', '/api/user/invite', {
      apiKey: tenant.apiKey,
      json: { email, teamId: team.id, role: 'User' },
    });
    expect(res.status, res.text).to.equal(200);
    const [mail] = await smtp.waitForMails(email, 1);
    expect(mail?.subject).to.include('Cluster Invites');
    const handle = await invitationHandle(api, tenant.company.id, email);
    expect((await handle.describe()).status.name).to.equal('RUNNING');
  });

  it('the worker keeps the retention sweep schedule in the namespace', async () => {
    const schedule = await api.temporal.schedule.getHandle(SWEEP_SCHEDULE_ID).describe();
    expect(schedule.action.type).to.equal('startWorkflow');
    expect(schedule.action.type === 'startWorkflow' && schedule.action.taskQueue).to.equal(taskQueue);
  });

  it('replay-check reads the histories over mutual TLS and replays them', async () => {
    const outcome = await replayCheck(asEnv(settings), taskQueue);
    expect(outcome.code, outcome.stderr).to.equal(0);
    const replayed = /^recordingIntake: (\d+) replayed$/m.exec(outcome.stdout);
    expect(Number(replayed?.[1])).to.be.at.least(1);
    expect(outcome.stdout).to.contain('replay-check: every history replays');
  });

  describe('refused connections', () => {
    const refusals: Array<[string, () => Partial<Config>, RegExp]> = [
      [
        'a client certificate signed by another CA',
        () => ({
          TEMPORAL_TLS_CLIENT_CERT_PATH: strangerCertificate.certPath,
          TEMPORAL_TLS_CLIENT_KEY_PATH: strangerCertificate.keyPath,
        }),
        /client certificate \S*stranger-sales-practice\.pem, server name temporal\.test\): the server refused the client certificate/,
      ],
      [
        'no client certificate',
        () => ({ TEMPORAL_TLS_CLIENT_CERT_PATH: '', TEMPORAL_TLS_CLIENT_KEY_PATH: '' }),
        /no client certificate, server name temporal\.test\): the server requires a client certificate/,
      ],
      [
        'a server name its certificate does not carry',
        () => ({ TEMPORAL_TLS_SERVER_NAME: 'elsewhere.test' }),
        /server name elsewhere\.test\): the server's certificate is not for that name .*TEMPORAL_TLS_SERVER_NAME$/,
      ],
      [
        'a CA that did not sign its certificate',
        () => ({ TEMPORAL_TLS_SERVER_CA_CERT_PATH: path.join(cluster.dir, 'stranger-ca.pem') }),
        /server CA \S*stranger-ca\.pem, .*: the server's certificate is not signed by the trusted CA/,
      ],
    ];
    for (const [what, change, shape] of refusals) {
      it(`${what}: refused in one line naming the address and the TLS settings, and /readyz 503`, async () => {
        // A short deadline: /readyz (2 s) sees the call fail, and none is left retrying when the API closes.
        const refused = { ...settings, ...change(), TEMPORAL_START_TIMEOUT: '1s' };
        const result = await runAdmin(['temporal:setup'], asEnv(refused));
        expect(result.code).to.equal(1);
        const lines = result.stderr.trim().split('\n');
        expect(lines, result.stderr).to.have.length(1);
        expect(lines[0]).to.match(
          new RegExp(`^error: Cannot connect to Temporal at ${cluster.address} \\(TLS: server CA `),
        );
        expect(lines[0]).to.match(shape);

        const refusedApi = await startApi(refused);
        try {
          const ready = await refusedApi.request<{ error: { code: string; message: string } }>('GET', '/readyz');
          expect(ready.status).to.equal(503);
          expect(ready.body.error.code).to.equal('not_ready');
          expect(ready.body.error.message).to.contain('temporal');
        } finally {
          await refusedApi.close();
        }
      });
    }
  });

  it('a worker process with a certificate of another CA waits, saying why in one log line per try', async () => {
    const stranger = spawnService('worker/main.ts', {
      ...settings,
      TEMPORAL_TLS_CLIENT_CERT_PATH: strangerCertificate.certPath,
      TEMPORAL_TLS_CLIENT_KEY_PATH: strangerCertificate.keyPath,
      WORKER_METRICS_PORT: 0,
    });
    try {
      await stranger.waitFor('the server refused the client certificate', 60_000);
      const line = stranger.logLines().find((l) => l['dependency'] === 'temporal');
      expect(line?.['msg']).to.match(
        new RegExp(
          `^waiting for temporal at ${cluster.address} \\(TLS: .*stranger-sales-practice\\.pem.*\\): the server refused the client certificate`,
        ),
      );
      expect(stranger.output()).to.not.match(/^\s+at /m);
    } finally {
      await stranger.kill();
    }
  });

  describe('TEMPORAL_API_KEY, as Temporal Cloud takes it', () => {
    const apiKey = `test-key-${randomBytes(16).toString('hex')}`;
    let proxy: ApiKeyProxy;
    let viaKey: Partial<Config>;

    before(async () => {
      proxy = await startApiKeyProxy({
        apiKey,
        cert: cluster.serverCertificate,
        denied: [
          '/temporal.api.workflowservice.v1.WorkflowService/RegisterNamespace',
          '/temporal.api.operatorservice.v1.OperatorService/AddSearchAttributes',
        ],
        upstream: {
          address: cluster.address,
          serverName: CLUSTER_SERVER_NAME,
          caPath: cluster.ca.certPath,
          ...cluster.clientCertificate,
        },
      });
      // No client certificate: the key is the credential, TLS verifies the endpoint.
      viaKey = {
        TEMPORAL_ADDRESS: proxy.address,
        TEMPORAL_NAMESPACE: namespace,
        TEMPORAL_API_KEY: apiKey,
        TEMPORAL_TLS_SERVER_CA_CERT_PATH: cluster.ca.certPath,
        TEMPORAL_TLS_SERVER_NAME: CLUSTER_SERVER_NAME,
      };
    });
    after(async () => proxy?.close());

    it('reaches the cluster as a bearer authorization header over TLS, from the client and the worker connection', async () => {
      const result = await runAdmin(['temporal:setup'], asEnv(viaKey));
      expect(result.code, result.stderr).to.equal(0);
      expect(JSON.parse(result.stdout)).to.include({ namespace, namespaceRegistered: false });
      // The worker's connection (the SDK's native one) sends it the same way.
      const native = await NativeConnection.connect(temporalConnection(viaKey).options);
      try {
        await native.workflowService.getSystemInfo({});
      } finally {
        await native.close();
      }
      expect(proxy.seen.length).to.be.at.least(3);
      expect(new Set(proxy.seen)).to.deep.equal(new Set([`Bearer ${apiKey}`]));
    });

    it('where registering is not permitted (as on Temporal Cloud), temporal:setup names what is missing', async () => {
      const unknown = `${namespace}-unknown`;
      const noNamespace = await runAdmin(['temporal:setup'], asEnv({ ...viaKey, TEMPORAL_NAMESPACE: unknown }));
      expect(noNamespace.code).to.equal(1);
      expect(noNamespace.stderr.trim()).to.equal(
        `error: Temporal at ${proxy.address} (TLS: server CA ${cluster.ca.certPath}, no client certificate, server name temporal.test; API key) lacks what the service needs and does not let this command register it: namespace ${unknown} (create it where the cluster's namespaces are managed)`,
      );
      // A namespace made in the console, without the search attributes.
      const bare = `${namespace}-bare`;
      const direct = await Connection.connect(temporalConnection(settings).options);
      try {
        await direct.workflowService.registerNamespace({
          namespace: bare,
          workflowExecutionRetentionPeriod: msToTs('1 day'),
        });
      } finally {
        await direct.close();
      }
      const noAttributes = await runAdmin(['temporal:setup'], asEnv({ ...viaKey, TEMPORAL_NAMESPACE: bare }));
      expect(noAttributes.code).to.equal(1);
      expect(noAttributes.stderr.trim().split('\n')).to.have.length(1);
      expect(noAttributes.stderr).to.contain(
        `does not let this command register it: ${searchAttributeDefinitions.map((sa) => `search attribute ${sa.name} (Keyword)`).join('; ')}`,
      );
    });

    it('a wrong key is refused in one line that does not print the key', async () => {
      const wrong = `wrong-${apiKey}`;
      const result = await runAdmin(['temporal:setup'], asEnv({ ...viaKey, TEMPORAL_API_KEY: wrong }));
      expect(result.code).to.equal(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines, result.stderr).to.have.length(1);
      expect(lines[0]).to.match(
        new RegExp(`^error: Cannot connect to Temporal at ${proxy.address} \\(TLS: .*; API key\\): .*invalid API key`),
      );
      expect(result.stderr).to.not.contain(wrong);
    });
  });
});
