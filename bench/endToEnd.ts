import { workflowIds } from '../common/temporal';
import type { FileRoute, FileServer } from '../test/support/fileServer';
import type { ReceivedWebhook, WebhookReceiver } from '../test/support/webhookFixtures';
import { speakScript } from '../test/support/sampleCall';
import type { SpokenSegment } from '../test/support/sttServers';
import { percentile } from './load';
import { spreadSample } from './workflowTasks';

// Part 4: recordings through the real worker, from POST /api/recording to the signed
// `recording.processing.completed` webhook at a loopback receiver. Half of them are stored first
// (fetched from the loopback file server), half go to speech-to-text by URL.

export interface EndToEnd {
  recordings: number;
  failed: number;
  /** Recordings completed per second, first POST to last webhook. */
  completedPerSecond: number;
  /** POST sent → webhook received, in ms. */
  p50: number;
  p99: number;
  /** One recording that was stored first and one sent by URL: their histories are compared with the bare shape's. */
  samples: { stored: string; byUrl: string };
  /** Workflow ids of up to 10 stored and 10 by-URL recordings spread over the run, whose histories are counted. */
  taskSample: { stored: string[]; byUrl: string[] };
}

/** A two-minute discovery call, as the speech-to-text stand-in returns it. */
export const BENCH_CALL: SpokenSegment[] = Array.from({ length: 24 }, (_, i) => ({
  start: i * 5,
  end: i * 5 + 4.5,
  speaker: i % 2,
  text:
    i % 2 === 0
      ? [
          'Hi Dana, thanks for the time. How do you schedule technicians today?',
          'What does a missed appointment cost you, roughly?',
          'Could we book a follow-up next Tuesday, Dana?',
        ][i % 3]
      : ['Mostly spreadsheets, honestly.', 'Probably a few thousand a month.', 'Tuesday works, send an invite.'][i % 3],
}));

const WEBHOOK_PATH = '/bench/hooks';

export interface EndToEndInput {
  serviceUrl: string;
  apiKey: string;
  externalIds: string[];
  files: FileServer;
  receiver: WebhookReceiver;
  recordings: number;
  /** Submissions in flight at once. */
  concurrency: number;
  timeoutMs: number;
  /** The call every recording sends (the stand-in's segments are the stack's): BENCH_CALL spoken unless given. */
  audio?: Buffer;
  /**
   * Recording n's file at a path of its own (so its downloads are counted alone), with these route options
   * (a stalled first download); all recordings share one path unless given.
   */
  fileOf?: (n: number) => { path: string } & Omit<FileRoute, 'body' | 'contentType'>;
  /** Told each recording's id as soon as it is accepted. */
  onPosted?: (n: number, recordingId: string) => void;
}

/** The input of a run on a stack: its loopback file host and receiver, the bench company's key and users. */
export function endToEndInputFor(
  stack: { files?: FileServer; receiver?: WebhookReceiver },
  serviceUrl: string,
  data: { apiKey: string; externalIds: string[] },
  run: Omit<EndToEndInput, 'serviceUrl' | 'apiKey' | 'externalIds' | 'files' | 'receiver'>,
): EndToEndInput {
  if (!stack.files || !stack.receiver) throw new Error('the stack has no file host or webhook receiver');
  return {
    serviceUrl,
    apiKey: data.apiKey,
    externalIds: data.externalIds,
    files: stack.files,
    receiver: stack.receiver,
    ...run,
  };
}

async function api<T>(
  input: EndToEndInput,
  method: string,
  path: string,
  json?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(input.serviceUrl + path, {
    method,
    headers: { 'x-api-key': input.apiKey, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The company's only webhook endpoint is the receiver (endpoints of earlier runs point at dead ports). */
async function registerReceiver(input: EndToEndInput): Promise<void> {
  for (;;) {
    const list = await api<{ data: Array<{ id: string }> }>(input, 'GET', '/api/webhook-endpoints?limit=100');
    if (list.status !== 200) throw new Error(`listing webhook endpoints: ${list.status}`);
    if (list.body.data.length === 0) break;
    for (const e of list.body.data) await api(input, 'DELETE', `/api/webhook-endpoints/${e.id}`);
  }
  const created = await api<{ secret: string }>(input, 'POST', '/api/webhook-endpoints', {
    url: input.receiver.url + WEBHOOK_PATH,
    events: ['recording.processing.completed', 'recording.processing.failed'],
    description: 'benchmark receiver',
  });
  if (created.status !== 201)
    throw new Error(`creating the webhook endpoint: ${created.status} ${JSON.stringify(created.body)}`);
  input.receiver.setSecret(WEBHOOK_PATH, created.body.secret);
}

/**
 * The first delivery per recording of this run (a retried delivery may repeat one; the receiver also
 * holds an earlier run's), once every recording has one.
 */
async function firstDeliveries(
  input: EndToEndInput,
  posted: Map<string, number>,
): Promise<Map<string, ReceivedWebhook>> {
  const deadline = Date.now() + input.timeoutMs;
  for (;;) {
    const first = new Map<string, ReceivedWebhook>();
    for (const hook of input.receiver.on(WEBHOOK_PATH)) {
      const id = (hook.event?.data as { recordingId?: string } | undefined)?.recordingId ?? `unreadable-${first.size}`;
      if (!first.has(id) && (posted.has(id) || id.startsWith('unreadable-'))) first.set(id, hook);
    }
    if (first.size >= input.recordings) return first;
    if (Date.now() > deadline)
      throw new Error(
        `${first.size} of ${input.recordings} recordings reached the webhook within ${input.timeoutMs} ms`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function runEndToEnd(input: EndToEndInput): Promise<EndToEnd> {
  await registerReceiver(input);
  // Real speech: every recording goes through the media step (probe, rendition) like a customer's call.
  const body = input.audio ?? speakScript(BENCH_CALL, { seconds: 120 });
  const audioUrl = input.files.serve('/bench/call.mp3', { body, contentType: 'audio/mpeg' });
  const urlOf = (n: number): string => {
    if (!input.fileOf) return `${audioUrl}?n=${n}`;
    const { path: filePath, ...route } = input.fileOf(n);
    return input.files.serve(filePath, { ...route, body, contentType: 'audio/mpeg' });
  };
  const postedAt = new Map<string, number>();
  const samples = { stored: '', byUrl: '' };
  const all = { stored: [] as string[], byUrl: [] as string[] };
  let next = 0;
  const submitter = async (): Promise<void> => {
    while (next < input.recordings) {
      const n = next++;
      const t0 = Date.now();
      const res = await api<{ recordingId: string }>(input, 'POST', '/api/recording', {
        userUniqueIdentifier: input.externalIds[n % input.externalIds.length],
        userName: 'Bench Caller',
        recordingPresignedUrl: urlOf(n),
        storeRecording: n % 2 === 0,
      });
      if (res.status !== 200)
        throw new Error(`POST /api/recording answered ${res.status}: ${JSON.stringify(res.body)}`);
      postedAt.set(res.body.recordingId, t0);
      input.onPosted?.(n, res.body.recordingId);
      samples[n % 2 === 0 ? 'stored' : 'byUrl'] ||= res.body.recordingId;
      all[n % 2 === 0 ? 'stored' : 'byUrl'].push(workflowIds.recording(res.body.recordingId));
    }
  };
  const first = Date.now();
  await Promise.all(Array.from({ length: input.concurrency }, submitter));
  const received = await firstDeliveries(input, postedAt);
  const latencies: number[] = [];
  let failed = 0;
  let last = first;
  for (const [recordingId, hook] of received) {
    const posted = postedAt.get(recordingId);
    if (!hook.verified || posted === undefined)
      throw new Error(`unexpected webhook: verified=${hook.verified} ${hook.rawBody.toString('utf8').slice(0, 300)}`);
    if (hook.event?.type !== 'recording.processing.completed') failed += 1;
    latencies.push(hook.receivedAt - posted);
    last = Math.max(last, hook.receivedAt);
  }
  latencies.sort((a, b) => a - b);
  return {
    recordings: input.recordings,
    failed,
    completedPerSecond: (input.recordings - failed) / ((last - first) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    samples,
    taskSample: { stored: spreadSample(all.stored, 10), byUrl: spreadSample(all.byUrl, 10) },
  };
}
