import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { RecordingAccepted, RecordingView } from '../../api/schemas/recordings';
import type { Config } from '../../common/config';
import { startApi, type TestApi } from '../support/api';
import { testEnv } from '../support/env';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { startJaeger, tag, type Jaeger, type JaegerSpan, type JaegerTrace } from '../support/jaeger';
import { CONVERSATION, registerWebhook, SAMPLE_AUDIO } from '../support/recordingFixtures';
import { assertResponseSchema } from '../support/schemaAssert';
import { spawnCommand, type ServiceProcess } from '../support/serviceProcess';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { freePort } from '../support/temporalServer';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// Traces against a real trace store: the API and the worker as their own processes, configured only by
// OTEL_* variables, export to Jaeger all-in-one (test/support/jaeger.ts), and the test reads the trace back
// from Jaeger's query API: the caller's trace, through the workflow, to every provider call and query.

const PERSON = 'Orla Quennell-Traceby';
const CALLER_REQUEST_ID = 'caller-req-7f3a';

interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

describe('traces (OpenTelemetry, read back from Jaeger)', function () {
  this.timeout(240_000);
  let jaeger: Jaeger;
  let files: FileServer;
  let stt: SttServer;
  let receiver: WebhookReceiver;
  let setupApi: TestApi;
  let api: ServiceProcess;
  let worker: ServiceProcess;
  let tenant: TenantFixture;
  let baseUrl: string;
  let settings: Partial<Config>;
  const dirs: string[] = [];

  async function call<T>(
    method: string,
    urlPath: string,
    init: { json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'x-api-key': tenant.apiKey, ...init.headers };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(baseUrl + urlPath, {
      method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const body = (await res.json()) as T;
    assertResponseSchema(method, urlPath, res.status, body);
    return { status: res.status, body, headers: res.headers };
  }

  /** Jaeger's copy of the trace once it holds every span `complete` asks for. */
  async function traceOnceComplete(traceId: string, complete: (t: JaegerTrace) => boolean): Promise<JaegerTrace> {
    const deadline = Date.now() + 60_000;
    let last: JaegerTrace | undefined;
    for (;;) {
      last = await jaeger.trace(traceId);
      if (last && complete(last)) return last;
      if (Date.now() > deadline) {
        const names = last?.spans.map((s) => s.operationName).sort() ?? [];
        throw new Error(`trace ${traceId} incomplete after 60 s; spans: ${names.join(', ')}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  before(async () => {
    jaeger = await startJaeger();
    files = await startFileServer();
    receiver = await startWebhookReceiver();
    // The provider throttles the first transcription: 429 with Retry-After, as OpenAI's document allows.
    stt = await startOpenAiSttServer({ segments: CONVERSATION, failTimes: 1, failStatus: 429, retryAfter: '1' });
    for (const prefix of ['sp-trace-storage-', 'sp-trace-scratch-'])
      dirs.push(await fs.mkdtemp(path.join(os.tmpdir(), prefix)));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    settings = {
      TEMPORAL_TASK_QUEUE: `tracing-${randomBytes(4).toString('hex')}`,
      HOST: '127.0.0.1',
      PORT: port,
      PUBLIC_URL: baseUrl,
      STORAGE_DIR: dirs[0],
      SCRATCH_DIR: dirs[1],
      STT_PROVIDER: 'openai',
      STT_BASE_URL: stt.url,
      STT_API_KEY: 'tracing-stt-key',
      WEBHOOK_INITIAL_INTERVAL: '200ms',
      WEBHOOK_MAX_INTERVAL: '1s',
      OTEL_EXPORTER_OTLP_ENDPOINT: jaeger.otlpUrl,
      // The SDK's lines about each activity and the run are debug lines: they must carry the ids too.
      LOG_LEVEL: 'debug',
    };
    // Spans leave in batches every 200 ms instead of 5 s (the SDK's own variable).
    const otelEnv = { OTEL_BSP_SCHEDULE_DELAY: '200' };
    const tsx = ['--require', 'tsx/cjs'];
    api = spawnCommand(process.execPath, [...tsx, 'api/main.ts'], settings, otelEnv);
    worker = spawnCommand(
      process.execPath,
      [...tsx, 'worker/main.ts'],
      { ...settings, WORKER_METRICS_PORT: await freePort() },
      otelEnv,
    );
    tenant = await createTenant('Tracing Co');
    setupApi = await startApi(settings);
    await api.waitFor('"msg":"database and temporal are available"');
    await worker.waitFor('"msg":"worker started"', 120_000);
  });

  after(async () => {
    await Promise.all([api?.kill(), worker?.kill()]);
    await setupApi?.close();
    await Promise.all([files?.close(), receiver?.close(), stt?.close(), jaeger?.stop()]);
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it("follows a recording from the caller's traceparent through the workflow to every provider call and query", async () => {
    await registerWebhook(setupApi, tenant.apiKey, receiver, '/traced');
    const audioUrl = files.serve('/tracing/call.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
    const callerTraceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const accepted = await call<RecordingAccepted>('POST', '/api/recording', {
      headers: { traceparent: `00-${callerTraceId}-${callerSpanId}-01`, 'x-request-id': CALLER_REQUEST_ID },
      json: {
        userUniqueIdentifier: 'crm-trace-7',
        userName: PERSON,
        recordingPresignedUrl: `${audioUrl}?signature=s3cr3t-token`,
        storeRecording: true,
      },
    });
    expect(accepted.status).to.equal(200);
    const id = accepted.body.recordingId;
    const deadline = Date.now() + 90_000;
    let view: RecordingView;
    for (;;) {
      view = (await call<RecordingView>('GET', `/api/recording/${id}`)).body;
      if (view.status === 'completed' || view.status === 'failed') break;
      if (Date.now() > deadline) throw new Error(`recording still ${view.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(view.status).to.equal('completed');
    await receiver.waitFor('/traced', 1);

    const named = (t: JaegerTrace, name: string): JaegerSpan[] => t.spans.filter((s) => s.operationName === name);
    const peers = (t: JaegerTrace, peer: string): JaegerSpan[] =>
      t.spans.filter((s) => tag(s, 'peer.service') === peer);
    const trace = await traceOnceComplete(
      callerTraceId,
      (t) =>
        named(t, 'RunWorkflow:recordingIntake').length === 1 &&
        t.spans.some(
          (s) => tag(s, 'db.statement') !== undefined && t.processes[s.processID].serviceName.endsWith('api'),
        ) &&
        t.spans.filter((s) => tag(s, 'db.statement') !== undefined).length >= 10 &&
        named(t, 'RunActivity:transcribeRecordingPiece').length >= 2 &&
        peers(t, 'webhook-receiver').length >= 1 &&
        peers(t, 'openai').length >= 2,
    );

    // One trace, the caller's: the API's span is the child of the caller's span.
    expect(new Set(trace.spans.map((s) => s.traceID))).to.deep.equal(new Set([callerTraceId]));
    const [server] = named(trace, 'POST /api/recording');
    expect(server, 'the server span').to.not.equal(undefined);
    expect(server.references).to.deep.include({ refType: 'CHILD_OF', traceID: callerTraceId, spanID: callerSpanId });
    expect(tag(server, 'http.response.status_code')).to.equal(200);
    expect(tag(server, 'request.id')).to.equal(CALLER_REQUEST_ID);
    expect(tag(server, 'company.id')).to.equal(tenant.company.id);
    const services = new Set(Object.values(trace.processes).map((p) => p.serviceName));
    expect([...services].sort()).to.deep.equal(['sales-practice-api', 'sales-practice-worker']);

    // Start → run → each activity; every activity span descends from the run's.
    const parentOf = (span: JaegerSpan): JaegerSpan | undefined =>
      trace.spans.find((s) => span.references.some((r) => r.refType === 'CHILD_OF' && r.spanID === s.spanID));
    const descendsFrom = (span: JaegerSpan, ancestor: JaegerSpan): boolean => {
      for (let p = parentOf(span); p; p = parentOf(p)) if (p.spanID === ancestor.spanID) return true;
      return false;
    };
    const [start] = named(trace, 'StartWorkflow:recordingIntake');
    const [run] = named(trace, 'RunWorkflow:recordingIntake');
    expect(descendsFrom(start, server), 'StartWorkflow under the request').to.equal(true);
    expect(descendsFrom(run, start), 'RunWorkflow under StartWorkflow').to.equal(true);
    const activities = trace.spans.filter((s) => s.operationName.startsWith('RunActivity:'));
    const activityTypes = new Set(activities.map((s) => s.operationName.slice('RunActivity:'.length)));
    expect([...activityTypes]).to.include.members([
      'storeRecording',
      'prepareMedia',
      'transcribeRecordingPiece',
      'stitchTranscript',
      'analyzeAndKeepRecording',
      'persistRecordingResult',
      'firstWebhookAttempt',
    ]);
    for (const activity of activities) expect(descendsFrom(activity, run), activity.operationName).to.equal(true);

    // The throttled attempt and its retry: two activity spans, the first an error; two provider calls,
    // the first an error span with the provider's status.
    const transcribe = named(trace, 'RunActivity:transcribeRecordingPiece');
    expect(transcribe.filter((s) => tag(s, 'error') === true)).to.have.length(1);
    const openai = peers(trace, 'openai');
    const throttled = openai.filter((s) => tag(s, 'http.response.status_code') === 429);
    expect(throttled).to.have.length(1);
    expect(tag(throttled[0], 'error')).to.equal(true);
    expect(openai.filter((s) => tag(s, 'http.response.status_code') === 200)).to.have.length.at.least(1);
    for (const span of openai) {
      expect(
        transcribe.some((t) => descendsFrom(span, t)),
        'provider call inside its activity',
      ).to.equal(true);
      expect(tag(span, 'url.full')).to.equal(new URL(stt.url).origin);
    }
    // The file host and the webhook receiver, each an HTTP client span of the activity that called it.
    expect(peers(trace, 'file-host').map((s) => tag(s, 'http.response.status_code'))).to.include(200);
    expect(peers(trace, 'webhook-receiver').map((s) => tag(s, 'http.response.status_code'))).to.include(200);

    // SQL: the statements as written, placeholders and all, never the bound values.
    const statements = trace.spans.map((s) => tag(s, 'db.statement')).filter((v): v is string => typeof v === 'string');
    expect(statements.length).to.be.at.least(3);
    expect(statements.some((s) => s.includes('?'))).to.equal(true);
    for (const statement of statements) expect(statement).to.not.contain(id);

    // No personal data anywhere in the trace: not the person's name or email, not the transcript, not the
    // URL's token. (Ids are fine: the recording's id is in the workflow's.)
    const user = (await testEnv().db('users').where({ external_id: 'crm-trace-7' }).first('email')) as {
      email: string;
    };
    const everything = JSON.stringify(trace);
    for (const secret of [PERSON, ...PERSON.split(/[ -]/), user.email, 'spreadsheets', 's3cr3t-token', 'call.mp3'])
      expect(everything, secret).to.not.contain(secret);
    expect(everything).to.contain(id);

    // The logs of both processes for this recording carry the trace id and the caller's request id.
    const apiLines = api.logLines().filter((l) => l.requestId === CALLER_REQUEST_ID);
    expect(apiLines.length).to.be.at.least(1);
    for (const line of apiLines) expect(line, JSON.stringify(line)).to.include({ traceId: callerTraceId });
    // The run's "Workflow completed" line can follow the webhook the test waited for: wait for that line.
    await worker.waitFor(
      new RegExp(`^\\{.*("msg":"Workflow completed".*${id}|${id}.*"msg":"Workflow completed")`, 'm'),
    );
    const workerLines = worker.logLines().filter((l) => l.recordingId === id);
    expect(workerLines.length).to.be.at.least(10);
    // All but the SDK's "Workflow started" and "Activity started", which it writes before any interceptor
    // has seen the headers that carry the trace.
    const started = new Set(['Workflow started', 'Activity started']);
    for (const line of workerLines.filter((l) => !started.has(String(l.msg))))
      expect(line, JSON.stringify(line)).to.include({ traceId: callerTraceId, requestId: CALLER_REQUEST_ID });
    expect(workerLines.map((l) => l.msg)).to.include.members(['Workflow completed', 'Activity completed']);
  });

  it("makes no span for a request the sampler does not keep, in the API or in the worker's run", async () => {
    // The caller's traceparent says "not sampled" (flags 00): the default sampler (parent-based) keeps its word.
    const post = async (
      flags: string,
      person: string,
    ): Promise<{ id: string; traceId: string; requestId: string | null; traceparent: string }> => {
      const traceId = randomBytes(16).toString('hex');
      const audioUrl = files.serve(`/tracing/${flags}.mp3`, { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' });
      const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-${flags}`;
      const accepted = await call<RecordingAccepted>('POST', '/api/recording', {
        headers: { traceparent },
        json: {
          userUniqueIdentifier: person,
          userName: PERSON,
          recordingPresignedUrl: `${audioUrl}?signature=${flags}`,
          storeRecording: false,
        },
      });
      expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
      return { id: accepted.body.recordingId, traceId, requestId: accepted.headers.get('x-request-id'), traceparent };
    };
    // Polled under the same traceparent, so that the polls are kept or not as the recording's start was.
    const completed = async ({ id, traceparent }: { id: string; traceparent: string }): Promise<void> => {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const { status } = (await call<RecordingView>('GET', `/api/recording/${id}`, { headers: { traceparent } }))
          .body;
        if (status === 'completed') return;
        if (status === 'failed' || Date.now() > deadline) throw new Error(`recording ${id} ${status}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const unsampled = await post('00', 'crm-trace-unsampled');
    await completed(unsampled);
    // Then a sampled one: once its run's spans are in Jaeger, whatever the unsampled run exported before
    // them (each process exports its spans in the order they end) is there too.
    const sampled = await post('01', 'crm-trace-sampled');
    await completed(sampled);
    await traceOnceComplete(
      sampled.traceId,
      (t) => t.spans.filter((s) => s.operationName === 'RunActivity:analyzeAndKeepRecording').length === 1,
    );

    expect(await jaeger.trace(unsampled.traceId), "the unsampled caller's trace").to.equal(undefined);
    const workerTraces = JSON.stringify(await jaeger.traces('sales-practice-worker'));
    expect(workerTraces).to.contain(sampled.id);
    expect(workerTraces, 'a worker span of the unsampled run').to.not.contain(unsampled.id);
    const apiTraces = JSON.stringify(await jaeger.traces('sales-practice-api'));
    expect(apiTraces).to.contain(sampled.traceId);
    expect(apiTraces).to.not.contain(unsampled.id);
    // Its log lines carry no trace id: no context was entered for it.
    expect(unsampled.requestId).to.be.a('string');
    const unsampledLines = api.logLines().filter((l) => l.requestId === unsampled.requestId);
    expect(unsampledLines.length).to.be.at.least(1);
    for (const line of unsampledLines) expect(line).to.not.have.property('traceId');
  });

  it('names the trace id next to the request id in a 500 body and its log line, and marks the server span failed', async () => {
    // An API whose database is gone (never created): authenticating the request fails inside.
    const gone = new URL(testEnv().config.DATABASE_URL);
    gone.pathname = `/sp_gone_${randomBytes(4).toString('hex')}`;
    const port = await freePort();
    const broken = spawnCommand(
      process.execPath,
      ['--require', 'tsx/cjs', 'api/main.ts'],
      { ...settings, DATABASE_URL: gone.toString(), PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` },
      { OTEL_BSP_SCHEDULE_DELAY: '200' },
    );
    try {
      await broken.waitFor('"msg":"API listening');
      const callerTraceId = randomBytes(16).toString('hex');
      const res = await fetch(`http://127.0.0.1:${port}/api/roleplay`, {
        headers: {
          'x-api-key': tenant.apiKey,
          traceparent: `00-${callerTraceId}-${randomBytes(8).toString('hex')}-01`,
        },
      });
      const body = (await res.json()) as { error: { code: string; requestId?: string; traceId?: string } };
      assertResponseSchema('GET', '/api/roleplay', res.status, body);
      expect(res.status).to.equal(500);
      expect(body.error).to.include({
        code: 'internal_error',
        requestId: res.headers.get('x-request-id'),
        traceId: callerTraceId,
      });
      await broken.waitFor('"msg":"unhandled error"');
      const line = broken.logLines().find((l) => l.msg === 'unhandled error');
      expect(line).to.include({ traceId: callerTraceId, requestId: body.error.requestId });
      const trace = await traceOnceComplete(callerTraceId, (t) =>
        t.spans.some((s) => s.operationName.startsWith('GET')),
      );
      const server = trace.spans.find((s) => s.operationName === 'GET /api/roleplay');
      expect(server && tag(server, 'http.response.status_code')).to.equal(500);
      expect(server && tag(server, 'error')).to.equal(true);
    } finally {
      await broken.kill();
    }
  });
});
