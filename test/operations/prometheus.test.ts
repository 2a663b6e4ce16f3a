import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Config } from '../../common/config';
import { startApi, type TestApi } from '../support/api';
import { createRoleplayFixture } from '../support/contentFixtures';
import { startFileServer, type FileServer } from '../support/fileServer';
import { createTenant, type TenantFixture } from '../support/fixtures';
import { startLlmServer, type LlmServer } from '../support/llmServer';
import { startPrometheus, type PromAlert, type PromSeries, type RunningPrometheus } from '../support/prometheus';
import {
  acceptRecording,
  CONVERSATION,
  registerWebhook,
  SAMPLE_AUDIO,
  waitForRecording,
} from '../support/recordingFixtures';
import { spawnService, type ServiceProcess } from '../support/serviceProcess';
import { startSmtpServer, type LoopbackSmtp } from '../support/smtpServer';
import { startOpenAiSttServer, type SttServer } from '../support/sttServers';
import { freePort } from '../support/temporalServer';
import { makeTeam } from '../support/userFixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookFixtures';

// The rules of ops/prometheus/ and the dashboard of ops/grafana/ against a real Prometheus scraping the
// real API (two processes' worth: two apps) and a real worker process every second, with the rules'
// windows and `for:` shortened by code (test/support/prometheus.ts). The speech-to-text stand-in made
// to fail drives SpeechProviderFailing to firing in Prometheus's own alerts API; every dashboard query
// evaluates to a series over the data this test produced.

const DASHBOARD = path.resolve(__dirname, '..', '..', 'ops', 'grafana', 'sales-practice.json');

const TRANSCRIPT = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:04.000',
  '<v Sam Seller>Hi Dana, this is Sam from Acme. Do you have a minute?',
  '',
  '00:00:04.500 --> 00:00:07.000',
  '<v Dana>Sure, what is it about?',
  '',
].join('\n');

interface Panel {
  title: string;
  type: string;
  targets?: Array<{ expr: string }>;
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('alerts and dashboard on a real Prometheus', function () {
  this.timeout(300_000);
  let files: FileServer;
  let stt: SttServer;
  let llm: LlmServer;
  let smtp: LoopbackSmtp;
  let receiver: WebhookReceiver;
  let storageDir: string;
  let api: TestApi;
  let limited: TestApi;
  let worker: ServiceProcess | undefined;
  let prometheus: RunningPrometheus | undefined;
  let tenant: TenantFixture;
  let settings: Partial<Config>;

  before(async () => {
    files = await startFileServer();
    stt = await startOpenAiSttServer({ segments: CONVERSATION });
    llm = await startLlmServer();
    smtp = await startSmtpServer();
    receiver = await startWebhookReceiver();
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-prometheus-stack-'));
    const metricsPort = await freePort();
    settings = {
      TEMPORAL_TASK_QUEUE: `prometheus-${randomBytes(4).toString('hex')}`,
      HOST: '127.0.0.1',
      WORKER_METRICS_PORT: metricsPort,
      STORAGE_DIR: storageDir,
      STT_PROVIDER: 'openai',
      STT_BASE_URL: stt.url,
      STT_API_KEY: 'prometheus-stt-key',
      STT_MODEL: 'whisper-1',
      LLM_BASE_URL: llm.url,
      LLM_MODEL: 'judge-2',
      LLM_PROMPT_PRICE: '2.5',
      LLM_COMPLETION_PRICE: '10',
      SMTP_URL: smtp.url,
      WEBHOOK_INITIAL_INTERVAL: '200ms',
      WEBHOOK_MAX_INTERVAL: '1s',
    };
    api = await startApi(settings);
    limited = await startApi({ ...settings, RATE_LIMIT_POINTS: 1 });
    worker = spawnService('worker/main.ts', settings);
    await worker.waitFor('"msg":"worker started"', 120_000);
    tenant = await createTenant('Prometheus Co');
    const host = (url: string): string => new URL(url).host;
    prometheus = await startPrometheus(
      {
        'sales-practice-api': [host(api.url), host(limited.url)],
        'sales-practice-worker': [`127.0.0.1:${metricsPort}`],
      },
      { window: '30s', for: '5s', interval: '1s' },
    );
  });
  after(async () => {
    await prometheus?.stop();
    if (worker) {
      worker.signal('SIGTERM');
      const timer = setTimeout(() => void worker?.kill(), 20_000);
      await worker.exited;
      clearTimeout(timer);
    }
    await Promise.all([api?.close(), limited?.close()]);
    await Promise.all([files?.close(), stt?.close(), llm?.close(), smtp?.close(), receiver?.close()]);
    await fs.rm(storageDir, { recursive: true, force: true });
  });

  const prom = (): RunningPrometheus => prometheus as RunningPrometheus;

  it('scrapes the API processes and the worker, and evaluates every rule without an error', async () => {
    await until('all three targets up', 30_000, async () => {
      const up = await prom().query('up');
      return up.length === 3 && up.every((s) => s.value[1] === '1') ? up : undefined;
    });
    const groups = await until('every rule evaluated', 30_000, async () => {
      const all = await prom().rules();
      return all.flatMap((g) => g.rules).every((r) => r.health !== 'unknown') ? all : undefined;
    });
    for (const rule of groups.flatMap((g) => g.rules))
      expect(rule.health, `${rule.name}: ${rule.lastError ?? ''}`).to.equal('ok');
    expect(groups.map((g) => g.name)).to.include.members(['sales-practice-recording', 'sales-practice-alerts']);
  });

  it('sees the recordings, providers, deliveries, invitations and requests the service handles', async () => {
    await registerWebhook(api, tenant.apiKey, receiver, '/prometheus');
    receiver.respond('/prometheus', () => ({ status: 200, body: 'ok' }));
    // A pasted transcript judged by the LLM against a scorecard: no speech-to-text, tokens and cost.
    const roleplay = await createRoleplayFixture(tenant.company.id);
    const judged = await api.request<{ recordingId: string }>('POST', '/api/recording', {
      apiKey: tenant.apiKey,
      json: {
        userUniqueIdentifier: 'crm-prom',
        userName: 'Sam Seller',
        storeRecording: false,
        transcript: TRANSCRIPT,
        roleplayId: roleplay.id,
      },
    });
    expect(judged.status, judged.text).to.equal(200);
    // A call through speech-to-text, throttled once with Retry-After.
    stt.set({ failTimes: stt.requests.length + 1, failStatus: 429, retryAfter: '1' });
    const heard = await acceptRecording(api, tenant.apiKey, {
      recordingPresignedUrl: files.serve('/prometheus/heard.mp3', { body: SAMPLE_AUDIO, contentType: 'audio/mpeg' }),
      storeRecording: false,
    });
    expect((await waitForRecording(api, tenant.apiKey, judged.body.recordingId)).status).to.equal('completed');
    expect((await waitForRecording(api, tenant.apiKey, heard)).status).to.equal('completed');
    await receiver.waitFor('/prometheus', 2);
    // An invitation emailed by the worker.
    const team = await makeTeam(tenant.company.id);
    const email = `prometheus-${randomBytes(3).toString('hex')}@example.com`;
    const invited = await api.request('POST', '/api/user/invite', {
      apiKey: tenant.apiKey,
      json: { email, teamId: team.id, role: 'User' },
    });
    expect(invited.status, invited.text).to.equal(200);
    await smtp.waitForMails(email, 1);
    // The rate limiter refusing a request.
    const headers = { 'x-api-key': tenant.apiKey };
    expect((await fetch(`${limited.url}/api/team`, { headers })).status).to.equal(200);
    expect((await fetch(`${limited.url}/api/team`, { headers })).status).to.equal(429);

    const seen = async (expr: string, enough = (r: PromSeries[]) => r.length > 0): Promise<PromSeries[]> =>
      until(`${expr} in Prometheus`, 30_000, async () => {
        const result = await prom().query(expr);
        return enough(result) ? result : undefined;
      });
    const total = (r: PromSeries[]): number => r.reduce((n, s) => n + Number(s.value[1]), 0);
    // Scraped a moment after they happen: waited for, then exact.
    expect(
      total(await seen('sales_practice_recordings_finished_total{outcome="completed"}', (r) => total(r) >= 2)),
    ).to.equal(2);
    expect(await seen('sales_practice_stt_request_duration_seconds_count{status="429"}')).to.have.length(1);
    expect(await seen('sales_practice_llm_tokens_total{kind="prompt"}')).to.have.length(1);
    expect(await seen('sales_practice_invitations_total{event="sent"}')).to.have.length(1);
    expect(await seen('sales_practice_http_rejections_total{code="rate_limited"}')).to.have.length(1);
    // Both API processes report the same backlog; the recording rule takes it once.
    expect(await seen('sales_practice_recordings_unfinished{status="accepted"}')).to.have.length(2);
    expect(await seen('sales_practice:recordings_unfinished:max{status="accepted"}')).to.have.length(1);
    // The Temporal SDK's schedule-to-start latency, by task queue, from the worker's endpoint.
    const waits = await seen(
      `temporal_activity_schedule_to_start_latency_bucket{task_queue="${settings.TEMPORAL_TASK_QUEUE}"}`,
    );
    expect(waits[0].metric.job).to.equal('sales-practice-worker');
    // No series carries an id.
    const names = await prom().query('{__name__=~"sales_practice_.+"}');
    for (const series of names)
      expect(Object.keys(series.metric).filter((l) => /company|user|recording/.test(l))).to.deep.equal([]);
  });

  it('evaluates every query of the Grafana dashboard to a series', async () => {
    const dashboard = JSON.parse(await fs.readFile(DASHBOARD, 'utf8')) as { panels: Panel[] };
    const queries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));
    expect(queries).to.have.length.at.least(15);
    for (const { panel, expr } of queries) {
      // A parse error throws at once (Prometheus answers status "error"); an empty answer is waited out.
      const result = await until(`"${panel}": ${expr} has a series`, 60_000, async () => {
        const found = await prom().query(expr);
        return found.length > 0 ? found : undefined;
      });
      expect(result.length, `${panel}: ${expr}`).to.be.at.least(1);
    }
  });

  it('fires SpeechProviderFailing when the speech-to-text provider fails', async () => {
    const failing = (alerts: PromAlert[]): PromAlert | undefined =>
      alerts.find((a) => a.labels.alertname === 'SpeechProviderFailing' && a.state === 'firing');
    expect(failing(await prom().alerts())).to.equal(undefined);
    stt.set({ failTimes: 1_000_000, failStatus: 503, retryAfter: '1' });
    try {
      await acceptRecording(api, tenant.apiKey, {
        recordingPresignedUrl: files.serve('/prometheus/unheard.mp3', {
          body: SAMPLE_AUDIO,
          contentType: 'audio/mpeg',
        }),
        storeRecording: false,
      });
      const alert = await until('SpeechProviderFailing firing', 120_000, async () => failing(await prom().alerts()));
      expect(alert.labels).to.include({ provider: 'openai', model: 'whisper-1', severity: 'page' });
      expect(alert.annotations.runbook_url).to.equal('docs/operations.md#speechproviderfailing');
      expect(alert.annotations.summary).to.match(/^openai \(whisper-1\) fails \d+% of speech-to-text requests$/);
    } finally {
      stt.set({ failTimes: 0 });
    }
  });
});
