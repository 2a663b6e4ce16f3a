import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { providerContract, recordAnswerProblems } from './providerContracts';
import { UndecodableAudioError, voicedStretches } from './voiceActivity';
import { decodePcm, stretchPitch } from './voicePitch';

/** AssemblyAI's longest audio per transcript (contracts README: 10 hours). */
const MAX_TRANSCRIPT_SECONDS = 10 * 3600;

// AssemblyAI's asynchronous API on 127.0.0.1, held to AssemblyAI's published document: `POST
// /v2/upload` (uploadFile: raw bytes → UploadedFile), `POST /v2/transcript` (createTranscript:
// TranscriptParams → a Transcript, status queued), `GET /v2/transcript/{transcript_id}` (getTranscript:
// queued → processing → completed over time, or error). Each request is validated against its
// operation (a field the document does not define, a missing `speech_models`, is AssemblyAI's 400) and
// each answer against the document's Transcript / UploadedFile / Error schemas. Every request needs the
// key in the `authorization` header, as the document's ApiKey scheme says (401 {"error": …}); uploads
// past `maxUploadBytes` (2.2 GB, contracts README) are refused (413), and audio over 10 hours ends in
// status error. It answers from the audio it got: ffmpeg finds the voiced stretches, each stretch is
// one utterance timed in milliseconds, its speaker the stretch's voice (by pitch: "A", "B"… in order
// of appearance, as AssemblyAI's speaker labels are), its text the n-th line of the test's script.
// `DELETE /v2/transcript/{transcript_id}` (deleteTranscript) removes the transcript and its upload.
// Audio ffmpeg cannot decode ends in status error, as AssemblyAI's transcoding failure does.

export interface AssemblyAiBehavior {
  apiKey: string;
  /** The words of each voiced stretch, in order. */
  script: string[];
  /** What language detection finds (language_code of the answer when none was requested). */
  detectedLanguage?: string;
  queuedMs?: number;
  processingMs?: number;
  maxUploadBytes?: number;
  /** Answer `failStatus` (default 503) to the first `failTimes` requests, with Retry-After when given. */
  failTimes?: number;
  failStatus?: number;
  retryAfter?: string;
  /** Always answer this status (after authentication and validation). */
  rejectStatus?: number;
  /**
   * What its PII model finds, by policy: with `redact_pii` and the policy asked for, the text is written
   * as AssemblyAI writes it (`[CREDIT_CARD_NUMBER]` with `redact_pii_sub: entity_name`, else `#` per character).
   */
  pii?: Array<{ text: string; policy: string }>;
  /** Answer 503 to this many `DELETE /v2/transcript/{id}` before deleting. */
  failDeletes?: number;
}

export interface AssemblyAiRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

interface Job {
  id: string;
  params: Record<string, unknown>;
  createdAt: number;
  answer: Promise<{ utterances: Array<Record<string, unknown>>; duration: number } | { error: string }>;
}

export interface AssemblyAiServer {
  url: string;
  requests: AssemblyAiRequest[];
  /** Requests that created a paid transcript (POST /v2/transcript answered 200). */
  created(): number;
  uploads(): number;
  /** Transcripts (with their uploads) AssemblyAI still keeps: created and not deleted. */
  kept(): string[];
  /** Resolves once a GET (after this call) finds a transcript still processing. */
  sawProcessing(): Promise<void>;
  set(behavior: Partial<AssemblyAiBehavior>): void;
  close(): Promise<void>;
}

export async function startAssemblyAiServer(initial: AssemblyAiBehavior): Promise<AssemblyAiServer> {
  let behavior = { queuedMs: 300, processingMs: 700, maxUploadBytes: 2_200_000_000, ...initial };
  const contract = await providerContract('assemblyai');
  const requests: AssemblyAiRequest[] = [];
  const uploads = new Map<string, Buffer>();
  const jobs = new Map<string, Job>();
  let created = 0;
  // Each call of sawProcessing() waits for the next GET that finds a transcript processing.
  let waiting: Array<() => void> = [];
  const processingSeen = (): void => {
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  let base = '';

  async function fetchAudio(audioUrl: string): Promise<Buffer> {
    const own = uploads.get(audioUrl);
    if (own) return own;
    const res = await fetch(audioUrl);
    if (!res.ok)
      throw new Error(
        `Download error, unable to download ${audioUrl}. Please make sure the file exists and is accessible from the internet.`,
      );
    return Buffer.from(await res.arrayBuffer());
  }

  function redacted(text: string, params: Record<string, unknown>): string {
    if (params.redact_pii !== true) return text;
    const policies = Array.isArray(params.redact_pii_policies) ? params.redact_pii_policies : [];
    return (behavior.pii ?? [])
      .filter((p) => policies.includes(p.policy))
      .reduce(
        (t, p) =>
          t.replaceAll(
            p.text,
            params.redact_pii_sub === 'entity_name' ? `[${p.policy.toUpperCase()}]` : '#'.repeat(p.text.length),
          ),
        text,
      );
  }

  async function transcribe(params: Record<string, unknown>): Promise<Awaited<Job['answer']>> {
    try {
      const audio = await fetchAudio(String(params.audio_url));
      const { stretches, duration } = await voicedStretches(audio);
      if (duration > MAX_TRANSCRIPT_SECONDS)
        return {
          error: `Audio duration of ${Math.round(duration)} seconds exceeds the maximum of ${MAX_TRANSCRIPT_SECONDS} seconds.`,
        };
      const pcm = await decodePcm(audio);
      const voices: number[] = [];
      const utterances = stretches.map((s, i) => {
        const pitch = stretchPitch(pcm, s) ?? voices[voices.length - 1] ?? 150;
        let voice = voices.findIndex((v) => Math.abs(v - pitch) / v < 0.15);
        if (voice < 0) voice = voices.push(pitch) - 1;
        return {
          speaker: String.fromCharCode(65 + voice),
          channel: null,
          start: Math.round(s.start * 1000),
          end: Math.round(s.end * 1000),
          text: redacted(behavior.script[i] ?? '', params),
          confidence: 0.9,
          words: [],
        };
      });
      return { utterances: utterances.filter((u) => u.text), duration };
    } catch (err) {
      if (err instanceof UndecodableAudioError)
        return { error: 'Transcoding failed. File does not appear to contain audio.' };
      return { error: err instanceof Error ? err.message : String(err) };
    }
  }

  async function view(job: Job): Promise<Record<string, unknown>> {
    const age = Date.now() - job.createdAt;
    const common = {
      id: job.id,
      audio_url: job.params.audio_url,
      speech_model: null,
      speech_models: job.params.speech_models ?? null,
      language_model: 'assemblyai_default',
      acoustic_model: 'assemblyai_default',
      webhook_auth: false,
      auto_highlights: false,
      redact_pii: job.params.redact_pii === true,
      summarization: false,
      language_confidence_threshold: null,
      language_confidence: null,
      speaker_labels: job.params.speaker_labels ?? null,
      language_detection: job.params.language_detection ?? null,
    };
    if (age < (behavior.queuedMs ?? 0)) return { ...common, status: 'queued', text: null, utterances: null };
    if (age < (behavior.queuedMs ?? 0) + (behavior.processingMs ?? 0)) {
      processingSeen();
      return { ...common, status: 'processing', text: null, utterances: null };
    }
    const answer = await job.answer;
    if ('error' in answer) return { ...common, status: 'error', error: answer.error, text: null, utterances: null };
    return {
      ...common,
      status: 'completed',
      language_code:
        typeof job.params.language_code === 'string' ? job.params.language_code : (behavior.detectedLanguage ?? 'en'),
      audio_duration: Math.round(answer.duration),
      text: answer.utterances.map((u) => u.text).join(' '),
      utterances: answer.utterances,
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= (behavior.maxUploadBytes ?? Infinity) + 1) chunks.push(c);
    });
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://assemblyai.test');
        const get = /^\/v2\/transcript\/([^/]+)$/.exec(url.pathname);
        const operationId =
          req.method === 'POST' && url.pathname === '/v2/upload'
            ? 'uploadFile'
            : req.method === 'POST' && url.pathname === '/v2/transcript'
              ? 'createTranscript'
              : req.method === 'GET' && get
                ? 'getTranscript'
                : req.method === 'DELETE' && get
                  ? 'deleteTranscript'
                  : null;
        const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
          if (operationId)
            recordAnswerProblems(
              `assemblyai ${operationId} → ${status}`,
              contract.responseProblems(operationId, status, body),
            );
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(body));
        };
        const raw = Buffer.concat(chunks);
        const isJson = (req.headers['content-type'] ?? '').startsWith('application/json');
        let body: unknown;
        try {
          body = isJson ? JSON.parse(raw.toString('utf8') || 'null') : null;
        } catch {
          return send(400, { error: 'The request body is not valid JSON' });
        }
        const record: AssemblyAiRequest = {
          method: req.method ?? '',
          path: url.pathname,
          authorization: req.headers.authorization,
          body,
        };
        requests.push(record);
        if (!operationId) return send(404, { error: 'Not found' });
        if (req.headers.authorization !== behavior.apiKey)
          return send(401, { error: 'Authentication error, API token missing/invalid' });
        const problems = contract.requestProblems(operationId, {
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: isJson ? body : undefined,
        });
        if (problems.length > 0) return send(400, { error: problems.join('; ') });
        const n = requests.length;
        if (behavior.rejectStatus) return send(behavior.rejectStatus, { error: 'rejected by the test provider' });
        if (behavior.failTimes && n <= behavior.failTimes) {
          const status = behavior.failStatus ?? 503;
          return send(
            status,
            { error: status === 429 ? 'Too Many Requests' : 'Internal Server Error' },
            behavior.retryAfter ? { 'retry-after': behavior.retryAfter } : {},
          );
        }

        if (operationId === 'uploadFile') {
          if (size > (behavior.maxUploadBytes ?? Infinity))
            return send(413, { error: `File too large: the upload limit is ${behavior.maxUploadBytes} bytes` });
          if (size === 0) return send(400, { error: 'Upload is empty' });
          const uploadUrl = `${base}/upload/${randomUUID()}`;
          uploads.set(uploadUrl, raw);
          return send(200, { upload_url: uploadUrl });
        }
        if (operationId === 'createTranscript') {
          const params = (body ?? {}) as Record<string, unknown>;
          created += 1;
          const job: Job = { id: randomUUID(), params, createdAt: Date.now(), answer: transcribe(params) };
          jobs.set(job.id, job);
          return send(200, await view(job));
        }
        const job = jobs.get(decodeURIComponent(get?.[1] ?? ''));
        if (!job) return send(404, { error: 'Transcript not found' });
        if (operationId === 'deleteTranscript') {
          if ((behavior.failDeletes ?? 0) > 0) {
            behavior.failDeletes = (behavior.failDeletes ?? 0) - 1;
            return send(503, { error: 'Service Unavailable' });
          }
          // deleteTranscript: the transcript's data is removed, and "Files uploaded via the /upload endpoint
          // are immediately deleted alongside the transcript".
          const answer = await view(job);
          jobs.delete(job.id);
          uploads.delete(String(job.params.audio_url));
          return send(200, answer);
        }
        return send(200, await view(job));
      })().catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String(err) }));
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    created: () => created,
    kept: () => [...jobs.keys()],
    uploads: () => requests.filter((r) => r.method === 'POST' && r.path === '/v2/upload').length,
    sawProcessing: () => new Promise<void>((resolve) => waiting.push(resolve)),
    set: (b) => void (behavior = { ...behavior, ...b }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
