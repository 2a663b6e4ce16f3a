import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { ActivityMetrics } from '../../activities/deps';
import type { RecordingAccepted, RecordingView } from '../../api/schemas/recordings';
import type { WebhookEndpointWithSecret } from '../../api/schemas/webhooks';
import type { Clock } from '../../common/clock';
import type { Config } from '../../common/config';
import { workflowIds } from '../../common/temporal';
import type { WebhookEventType } from '../../common/webhookEvents';
import { startApi, type ApiRequests, type ApiResponse, type TestApi } from './api';
import { historyToJson } from './histories';
import { ofPreviousRelease } from './replayHistories';
import { speakScript } from './sampleCall';
import type { SpokenSegment } from './sttServers';
import type { WebhookReceiver } from './webhookFixtures';
import { startWorker, type RunningWorker } from './worker';

// Recording intake end to end: an API and a worker on their own task queue and storage directory,
// a sample file and conversation, and helpers to submit and follow a recording.

/** A short sales call: speaker 0 (the rep) opens, speaker 1 is the customer Dana. */
export const CONVERSATION: SpokenSegment[] = [
  {
    start: 0,
    end: 6,
    speaker: 0,
    text: 'Hi Dana, this is Sam from Acme. The reason for my call is your delivery costs. Um, do you have a minute?',
  },
  { start: 6.5, end: 9, speaker: 1, text: 'Sure, my name is Dana. What is this about?' },
  {
    start: 9.5,
    end: 17,
    speaker: 0,
    text: 'We help logistics teams cut costs, you know. How do you handle routing today? What does it cost you?',
  },
  { start: 17.5, end: 19, speaker: 1, text: 'We use spreadsheets, basically.' },
  { start: 19.5, end: 24, speaker: 0, text: 'Got it, Dana. Could we book a follow-up meeting next week?' },
  { start: 24.5, end: 26, speaker: 1, text: 'Yes, Tuesday works.' },
];

/** CONVERSATION spoken: a real 26-second MP3 (the media step probes and decodes what it is sent). */
export const SAMPLE_AUDIO: Buffer = speakScript(CONVERSATION, { seconds: 26 });

export interface RecordingStack {
  api: TestApi;
  worker: RunningWorker | undefined;
  config: Partial<Config>;
  storageDir: string;
  /** SCRATCH_DIR of the stack's workers: empty once no recording is in progress. */
  scratchDir: string;
  stop(): Promise<void>;
}

/**
 * API + worker sharing a private task queue and a fresh storage directory; `worker: false` starts none;
 * `metrics` are what the worker's activities count into; `clock` is the worker's (ActivityDeps.clock).
 */
export async function startRecordingStack(
  overrides: Partial<Config> = {},
  options: { worker?: boolean; metrics?: ActivityMetrics; clock?: Clock } = {},
): Promise<RecordingStack> {
  const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-recordings-'));
  const scratchDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-scratch-'));
  const config: Partial<Config> = {
    SCRATCH_DIR: scratchDir,
    TEMPORAL_TASK_QUEUE: `recordings-${randomBytes(4).toString('hex')}`,
    STORAGE_DIR: storageDir,
    STT_API_KEY: 'test-stt-key',
    WEBHOOK_INITIAL_INTERVAL: '200ms',
    WEBHOOK_MAX_INTERVAL: '1s',
    ...overrides,
  };
  const api = await startApi(config);
  const worker =
    options.worker === false
      ? undefined
      : await startWorker(config, { metrics: options.metrics, clock: options.clock });
  return {
    api,
    worker,
    config,
    storageDir,
    scratchDir,
    async stop() {
      await worker?.stop();
      await api.close();
      await fs.rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** Registers `receiver` + `urlPath` as the company's endpoint for `events` and gives the receiver its secret. */
export async function registerWebhook(
  api: TestApi,
  apiKey: string,
  receiver: WebhookReceiver,
  urlPath: string,
  events: WebhookEventType[] = ['recording.processing.completed', 'recording.processing.failed'],
): Promise<WebhookEndpointWithSecret> {
  const res = await api.request<WebhookEndpointWithSecret>('POST', '/api/webhook-endpoints', {
    apiKey,
    json: { url: receiver.url + urlPath, events, description: 'recording tests' },
  });
  expect(res.status, res.text).to.equal(201);
  receiver.setSecret(urlPath, res.body.secret);
  return res.body;
}

export interface Submission {
  userUniqueIdentifier?: string;
  userName?: string;
  recordingPresignedUrl: string;
  storeRecording: boolean;
  roleplayId?: string;
  repChannel?: 'left' | 'right';
  redactPii?: boolean;
}

export async function submitRecording(
  api: TestApi,
  apiKey: string,
  body: Submission,
  headers: Record<string, string> = {},
): Promise<ApiResponse<RecordingAccepted>> {
  return api.request<RecordingAccepted>('POST', '/api/recording', {
    apiKey,
    headers,
    json: { userUniqueIdentifier: 'crm-42', userName: 'Sam Seller', ...body },
  });
}

/** Submits and expects acceptance; returns the recording id. */
export async function acceptRecording(
  api: TestApi,
  apiKey: string,
  body: Submission,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await submitRecording(api, apiKey, body, headers);
  expect(res.status, res.text).to.equal(200);
  expect(res.body.status).to.equal('accepted');
  expect(res.headers.get('location')).to.equal(`/api/recording/${res.body.recordingId}`);
  return res.body.recordingId;
}

/** Polls GET /api/recording/{id} until it is completed or failed. */
export async function waitForRecording(
  api: ApiRequests,
  apiKey: string,
  id: string,
  timeoutMs = 45_000,
): Promise<RecordingView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.request<RecordingView>('GET', `/api/recording/${id}`, { apiKey });
    expect(res.status, res.text).to.equal(200);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
    if (Date.now() > deadline) throw new Error(`recording ${id} still ${res.body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every file under `dir`, relative to it (partial files included, so leftovers show). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

const HISTORY_DIR = path.join(__dirname, '..', 'histories', 'recordingIntake');

export const recordingHistoryDir = (): string => HISTORY_DIR;

/** The recordingIntake histories today's tests record (keepHistory); replay.test.ts fails when one is missing. */
export const RECORDING_HISTORIES = [
  'assemblyai-diarized',
  'assemblyai-worker-killed',
  'diarize-openai',
  'failed-store-404',
  'folded-failed',
  'folded-stored',
  'folded-webhook-retry',
  'keep-every-event',
  'media-failed-truncated',
  'media-pieces-worker-killed',
  'media-video',
  'remote-deepgram',
  'remote-openai',
  'stored-openai-roleplay',
  'submitted-webvtt',
  'worker-killed',
] as const;

/**
 * Histories of runs the previous release (the last in RELEASES.md) started, recorded by that release's own tests
 * (docs/architecture.md, "Workflow histories"): the supported upgrade starts from them with work in flight.
 */
export const PREVIOUS_RELEASE_HISTORIES = ofPreviousRelease(RECORDING_HISTORIES);
export type RecordingHistoryName = (typeof RECORDING_HISTORIES)[number];

/**
 * With RECORD_HISTORIES=1 (docs/architecture.md, "Workflow histories"), waits for the workflow to finish and writes
 * its history to test/histories/recordingIntake/<name>.json for the replay test. Otherwise nothing:
 * a committed history is only ever replaced on purpose.
 */
export async function keepHistory(api: TestApi, recordingId: string, name: RecordingHistoryName): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const handle = api.temporal.workflow.getHandle(workflowIds.recording(recordingId));
  await handle.result();
  await fs.mkdir(HISTORY_DIR, { recursive: true });
  await fs.writeFile(path.join(HISTORY_DIR, `${name}.json`), historyToJson(await handle.fetchHistory()));
}
