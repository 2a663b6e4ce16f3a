import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UndecodableAudioError, voicedStretches } from './voiceActivity';

// AssemblyAI's asynchronous API on 127.0.0.1, as its API reference describes it: `POST /v2/upload`
// (raw bytes → {upload_url}), `POST /v2/transcript` ({audio_url, speaker_labels | multichannel,
// language_code | language_detection} → a transcript object, status queued), `GET /v2/transcript/{id}`
// (queued → processing → completed over time, or error). Every request needs the key in the
// `authorization` header (401 {"error": "Authentication error, API token missing/invalid"}); errors are
// {"error": "..."}; uploads past `maxUploadBytes` are refused (413). It answers from the audio it got:
// ffmpeg finds the voiced stretches, each stretch is one utterance timed in milliseconds, speakers
// alternate A, B, A, ... per stretch (the tests' calls alternate rep and customer), and the text of
// the n-th stretch is the n-th line of the test's script. With multichannel each channel is heard
// separately and its stretches carry its channel ("1" = left, "2" = right) as channel and speaker. Audio ffmpeg cannot decode ends in status
// error, as AssemblyAI's transcoding failure does.

export interface AssemblyAiBehavior {
  apiKey: string;
  /** The words of each voiced stretch, in order. */
  script: string[];
  /** What language detection finds (language_code of the answer when none was requested). */
  detectedLanguage?: string;
  queuedMs?: number;
  processingMs?: number;
  maxUploadBytes?: number;
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
  /** Resolves once a GET found a transcript still processing. */
  sawProcessing(): Promise<void>;
  set(behavior: Partial<AssemblyAiBehavior>): void;
  close(): Promise<void>;
}

export async function startAssemblyAiServer(initial: AssemblyAiBehavior): Promise<AssemblyAiServer> {
  let behavior = { queuedMs: 300, processingMs: 700, maxUploadBytes: 2_200_000_000, ...initial };
  const requests: AssemblyAiRequest[] = [];
  const uploads = new Map<string, Buffer>();
  const jobs = new Map<string, Job>();
  let created = 0;
  let processingSeen: () => void = () => undefined;
  const processing = new Promise<void>((resolve) => (processingSeen = resolve));
  let base = '';

  async function fetchAudio(audioUrl: string): Promise<Buffer> {
    const own = uploads.get(audioUrl);
    if (own) return own;
    const res = await fetch(audioUrl);
    if (!res.ok) throw new Error(`Download error, unable to download ${audioUrl}. Please make sure the file exists and is accessible from the internet.`);
    return Buffer.from(await res.arrayBuffer());
  }

  async function transcribe(params: Record<string, unknown>): Promise<Awaited<Job['answer']>> {
    try {
      const audio = await fetchAudio(String(params.audio_url));
      // multichannel: each channel is heard on its own and its stretches are that channel's utterances.
      const heard =
        params.multichannel === true
          ? await Promise.all([voicedStretches(audio, 0), voicedStretches(audio, 1)]).then(([left, right]) => ({
              duration: Math.max(left.duration, right.duration),
              stretches: [...left.stretches.map((s) => ({ ...s, channel: '1' })), ...right.stretches.map((s) => ({ ...s, channel: '2' }))].sort((a, b) => a.start - b.start),
            }))
          : await voicedStretches(audio).then((h) => ({ ...h, stretches: h.stretches.map((s) => ({ ...s, channel: null as string | null })) }));
      const { stretches, duration } = heard;
      const utterances = stretches.map((s, i) => ({
        speaker: s.channel ?? String.fromCharCode(65 + (i % 2)),
        channel: s.channel,
        start: Math.round(s.start * 1000),
        end: Math.round(s.end * 1000),
        text: behavior.script[i] ?? '',
        confidence: 0.9,
        words: [],
      }));
      return { utterances: utterances.filter((u) => u.text), duration };
    } catch (err) {
      if (err instanceof UndecodableAudioError) return { error: 'Transcoding failed. File does not appear to contain audio.' };
      return { error: err instanceof Error ? err.message : String(err) };
    }
  }

  async function view(job: Job): Promise<Record<string, unknown>> {
    const age = Date.now() - job.createdAt;
    const common = {
      id: job.id,
      audio_url: job.params.audio_url,
      speaker_labels: job.params.speaker_labels ?? null,
      multichannel: job.params.multichannel ?? null,
      language_detection: job.params.language_detection ?? null,
    };
    if (age < (behavior.queuedMs ?? 0)) return { ...common, status: 'queued', text: null, utterances: null, language_code: null, error: null };
    if (age < (behavior.queuedMs ?? 0) + (behavior.processingMs ?? 0)) {
      processingSeen();
      return { ...common, status: 'processing', text: null, utterances: null, language_code: null, error: null };
    }
    const answer = await job.answer;
    if ('error' in answer) return { ...common, status: 'error', error: answer.error, text: null, utterances: null };
    return {
      ...common,
      status: 'completed',
      error: null,
      language_code: typeof job.params.language_code === 'string' ? job.params.language_code : (behavior.detectedLanguage ?? 'en'),
      audio_duration: Math.round(answer.duration),
      audio_channels: job.params.multichannel === true ? 2 : undefined,
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
        const send = (status: number, body: unknown): void => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        const url = new URL(req.url ?? '/', 'http://assemblyai.test');
        const raw = Buffer.concat(chunks);
        const isJson = (req.headers['content-type'] ?? '').startsWith('application/json');
        const record: AssemblyAiRequest = { method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, body: isJson ? JSON.parse(raw.toString('utf8') || 'null') : null };
        requests.push(record);
        if (req.headers.authorization !== behavior.apiKey) return send(401, { error: 'Authentication error, API token missing/invalid' });

        if (req.method === 'POST' && url.pathname === '/v2/upload') {
          if (size > (behavior.maxUploadBytes ?? Infinity)) return send(413, { error: `File too large: the upload limit is ${behavior.maxUploadBytes} bytes` });
          if (size === 0) return send(400, { error: 'Upload is empty' });
          const uploadUrl = `${base}/upload/${randomUUID()}`;
          uploads.set(uploadUrl, raw);
          return send(200, { upload_url: uploadUrl });
        }
        if (req.method === 'POST' && url.pathname === '/v2/transcript') {
          const params = (record.body ?? {}) as Record<string, unknown>;
          if (typeof params.audio_url !== 'string' || !/^https?:\/\//.test(params.audio_url)) return send(400, { error: 'audio_url must be a URL' });
          created += 1;
          const job: Job = { id: randomUUID(), params, createdAt: Date.now(), answer: transcribe(params) };
          jobs.set(job.id, job);
          return send(200, await view(job));
        }
        const get = /^\/v2\/transcript\/([^/]+)$/.exec(url.pathname);
        if (req.method === 'GET' && get) {
          const job = jobs.get(decodeURIComponent(get[1]));
          if (!job) return send(404, { error: 'Transcript not found' });
          return send(200, await view(job));
        }
        send(404, { error: 'Not found' });
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
    uploads: () => requests.filter((r) => r.method === 'POST' && r.path === '/v2/upload').length,
    sawProcessing: () => processing,
    set: (b) => void (behavior = { ...behavior, ...b }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
