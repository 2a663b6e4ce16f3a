import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Config } from '../../common/config';
import { startApi, type TestApi } from '../support/api';
import { startDelayProxy, type DelayProxy } from '../support/delayProxy';
import { deriveSizing } from '../../worker/tuning';
import { testConfig, testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { sample } from '../support/observedApi';
import {
  acceptRecording,
  CONVERSATION,
  registerWebhook,
  SAMPLE_AUDIO,
  waitForRecording,
} from '../support/recordingFixtures';
import { spawnService, type ServiceProcess } from '../support/serviceProcess';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { freePort, startTemporalDevServer, type TemporalDevServer } from '../support/temporalServer';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';
import { startWorker } from '../support/worker';

// The worker as its own process: it waits for a Temporal server that is not up yet, serves Prometheus
// metrics (its own and the Temporal SDK's), writes JSON logs carrying recording ids, and on SIGTERM lets
// the activity it is running finish before it exits 0.

describe('worker process lifecycle', function () {
  this.timeout(240_000);
  let temporal: TemporalDevServer | undefined;
  let worker: ServiceProcess | undefined;
  let api: TestApi | undefined;
  let files: FileServer;
  let stt: SttServer;
  let slowStt: DelayProxy;
  let receiver: WebhookReceiver;
  let storageDir: string;
  let tenant: TenantFixture;
  let settings: Partial<Config>;
  let metricsUrl: string;

  before(async () => {
    files = await startFileServer();
    receiver = await startWebhookReceiver();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    slowStt = await startDelayProxy(stt.url, 0);
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-worker-lifecycle-'));
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    settings = {
      TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`,
      TEMPORAL_TASK_QUEUE: `worker-lifecycle-${randomBytes(4).toString('hex')}`,
      HOST: '127.0.0.1',
      WORKER_METRICS_PORT: metricsPort,
      STORAGE_DIR: storageDir,
      STT_PROVIDER: 'openai',
      STT_BASE_URL: slowStt.url,
      STT_API_KEY: 'worker-lifecycle-stt-key',
      WEBHOOK_INITIAL_INTERVAL: '200ms',
      WEBHOOK_MAX_INTERVAL: '1s',
      SHUTDOWN_TIMEOUT: '20s',
      LOG_LEVEL: 'debug',
      // Its cache and task slots are sized to this (worker/tuning.ts), the other WORKER_* left unset.
      WORKER_MEMORY_LIMIT_MB: 512,
    };
    tenant = await createTenant('Worker Lifecycle Co');
  });
  after(async () => {
    await worker?.kill();
    await api?.close();
    await temporal?.stop();
    await Promise.all([files.close(), receiver.close(), slowStt.close(), stt.close()]);
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  it('waits for Temporal with a log line per try, then starts', async () => {
    worker = spawnService('worker/main.ts', settings);
    await worker.waitFor(`waiting for temporal at ${settings.TEMPORAL_ADDRESS}`);
    const waits = worker.logLines().filter((l) => l.dependency === 'temporal');
    // Where: the address and the TLS settings in use; why: what a connection attempt found.
    expect(waits[0]).to.include({ level: 40, where: `${settings.TEMPORAL_ADDRESS} (TLS off)`, tries: 1 });
    expect(waits[0].reason).to.equal('connection refused (nothing listens there)');
    expect(waits[0].retryInMs).to.be.a('number');

    temporal = await startTemporalDevServer(Number(String(settings.TEMPORAL_ADDRESS).split(':')[1]));
    await worker.waitFor('"msg":"worker started"', 90_000);
    expect(worker.output()).to.contain('"msg":"temporal is available"');
    api = await startApi(settings);
  });

  it('sizes its workflow cache and task slots to WORKER_MEMORY_LIMIT_MB, and says so when it starts', () => {
    const started = (worker as ServiceProcess).logLines().find((l) => l.msg === 'worker started');
    const derived = deriveSizing({ mib: 512, source: 'WORKER_MEMORY_LIMIT_MB' }, testConfig().WORKER_MAX_OLD_SPACE_MB);
    expect(started).to.include({
      memoryLimitMiB: 512,
      memoryLimitFrom: 'WORKER_MEMORY_LIMIT_MB',
      derivedFromMemory: 'maxCachedWorkflows,maxConcurrentActivities,maxConcurrentWorkflowTasks',
      maxCachedWorkflows: derived.maxCachedWorkflows,
      maxConcurrentActivityTaskExecutions: derived.maxConcurrentActivities,
      maxConcurrentWorkflowTaskExecutions: derived.maxConcurrentWorkflowTasks,
    });
  });

  it('runs a recording and reports activity and webhook metrics, Temporal SDK metrics and logs with the recording id', async () => {
    const endpoint = await registerWebhook(api as TestApi, tenant.apiKey, receiver, '/worker-lifecycle');
    receiver.respond('/worker-lifecycle', (n) =>
      n === 1 ? { status: 500, body: 'not yet' } : { status: 200, body: 'ok' },
    );
    const url = files.serve('/worker-lifecycle/one.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
    const id = await acceptRecording(api as TestApi, tenant.apiKey, {
      recordingPresignedUrl: url,
      storeRecording: false,
    });
    expect((await waitForRecording(api as TestApi, tenant.apiKey, id)).status).to.equal('completed');
    await receiver.waitFor('/worker-lifecycle', 2);

    // The receiver has its answer a moment before the activity reports back.
    let text = '';
    const deadline = Date.now() + 10_000;
    while (
      sample(text, 'sales_practice_webhook_deliveries_total', { outcome: 'delivered', trigger: 'event' }) === 0 &&
      Date.now() < deadline
    ) {
      text = await (await fetch(metricsUrl)).text();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(
      sample(text, 'sales_practice_activity_duration_seconds_count', {
        activity: 'transcribeRecordingPiece',
        outcome: 'completed',
      }),
    ).to.equal(1);
    expect(
      sample(text, 'sales_practice_activity_duration_seconds_bucket', {
        activity: 'transcribeRecordingPiece',
        outcome: 'completed',
        le: '+Inf',
      }),
    ).to.equal(1);
    // The first attempt is the recording run's own (an activity whose answer is the refusal); the retry is a delivery workflow's.
    expect(
      sample(text, 'sales_practice_activity_duration_seconds_count', {
        activity: 'firstWebhookAttempt',
        outcome: 'completed',
      }),
    ).to.equal(1);
    expect(
      sample(text, 'sales_practice_activity_duration_seconds_count', {
        activity: 'deliverWebhook',
        outcome: 'completed',
      }),
    ).to.equal(1);
    expect(
      sample(text, 'sales_practice_webhook_deliveries_total', { outcome: 'failed_will_retry', trigger: 'event' }),
    ).to.equal(1);
    expect(
      sample(text, 'sales_practice_webhook_deliveries_total', { outcome: 'delivered', trigger: 'event' }),
    ).to.equal(1);
    // The Temporal SDK's own metrics come through the same endpoint.
    expect(text).to.match(/^temporal_worker_task_slots_available\{/m);
    expect(text).to.match(/^temporal_activity_execution_latency_(bucket|count)\{/m);
    expect(text).to.match(/^sales_practice_worker_process_cpu_seconds_total /m);

    // The delivery log docs/operations.md points operators to ("Reading a webhook's delivery log").
    const log = await (api as TestApi).request<{ data: Array<{ outcome: string }> }>(
      'GET',
      `/api/webhook-endpoints/${endpoint.id}/deliveries`,
      { apiKey: tenant.apiKey },
    );
    expect(log.status).to.equal(200);
    expect(log.body.data.map((d) => d.outcome).sort()).to.deep.equal(['delivered', 'failed']);

    // Activity and workflow log lines go through the Temporal logger into the same JSON, with the ids.
    const lines = (worker as ServiceProcess).logLines().filter((l) => l.recordingId === id);
    expect(lines.every((l) => l.workflowId === `recording-${id}` && l.service === 'worker')).to.equal(true);
    expect(
      lines.find((l) => l.msg === 'Activity completed' && l.activityType === 'transcribeRecordingPiece'),
    ).to.include({ level: 20 });
    expect(lines.find((l) => l.msg === 'Workflow completed')).to.include({ workflowType: 'recordingIntake' });
    expect(lines.find((l) => l.msg === 'recording completed')).to.include({
      level: 30,
      workflowType: 'recordingIntake',
      companyId: tenant.company.id,
    });
  });

  it('on SIGTERM lets the running activity finish, then exits 0; nothing is done twice', async () => {
    slowStt.setDelay(3000);
    const before = slowStt.received();
    const url = files.serve('/worker-lifecycle/two.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
    const id = await acceptRecording(api as TestApi, tenant.apiKey, {
      recordingPresignedUrl: url,
      storeRecording: false,
    });
    await slowStt.waitForRequests(before + 1);

    (worker as ServiceProcess).signal('SIGTERM');
    expect(await (worker as ServiceProcess).exited, (worker as ServiceProcess).output().slice(-3000)).to.equal(0);
    expect((worker as ServiceProcess).output()).to.contain('"msg":"worker stopped"');
    // The recording is one piece: its answer was kept before the worker exited.
    const piece = await testEnv().db('recording_chunks').where({ recording_id: id }).first('transcript');
    expect(piece.transcript, 'the transcription finished before the exit').to.not.equal(null);

    // Another worker takes over from there: the transcription is not repeated.
    const next = await startWorker(settings);
    try {
      expect((await waitForRecording(api as TestApi, tenant.apiKey, id)).status).to.equal('completed');
    } finally {
      await next.stop();
    }
    expect(slowStt.received()).to.equal(before + 1);
  });
});
