import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UndecodableAudioError, voicedStretches } from './voiceActivity';

// Speech-to-text providers on 127.0.0.1 speaking the real protocols: OpenAI-compatible
// `POST /v1/audio/transcriptions` (multipart, verbose_json) and Deepgram `POST /v1/listen` (raw bytes
// or {"url"}, which it fetches itself like Deepgram does). Both can fail on demand.
// `gpt-4o-transcribe-diarize` requests must ask for diarized_json (chunking_strategy is required past
// 30 seconds, as OpenAI documents); that answer is made from the audio received: ffmpeg's voiced
// stretches become transcript.text.segment entries whose speakers alternate A, B, ... per stretch
// and whose text is the n-th line of `script`.

export interface SpokenSegment {
  start: number;
  end: number;
  text: string;
  speaker?: string | number;
}

export interface SttBehavior {
  segments: SpokenSegment[];
  language?: string;
  duration?: number;
  /** Answer `failStatus` (default 503) to the first `failTimes` requests. */
  failTimes?: number;
  failStatus?: number;
  retryAfter?: string;
  /** Always answer this status (a permanent rejection such as 400). */
  rejectStatus?: number;
  /** Never answer the first request: its caller is expected to die meanwhile. */
  holdFirst?: boolean;
  /** Never answer the n-th request (1-based), likewise. */
  holdRequest?: number;
  /** Diarize answers: the words of each voiced stretch of the received audio, in order. */
  script?: string[];
  /** Whisper answers: the words of each voiced stretch are those of the line spoken at that time in the generated call. */
  timedScript?: SpokenSegment[];
}

export interface SttRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The audio bytes the provider got (the multipart file, the raw body, or what it fetched). */
  audio: Buffer | null;
  audioType: string | null;
  fields: Record<string, string>;
  url: string | null;
  /** Seconds of audio the provider decoded from what it got (OpenAI and Deepgram stand-ins). */
  heardSeconds?: number;
}

export interface SttServer {
  url: string;
  requests: SttRequest[];
  set(behavior: Partial<SttBehavior>): void;
  /** Resolves once a request is being held (holdFirst). */
  held(): Promise<void>;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };
type Handler = (req: http.IncomingMessage, raw: Buffer, behavior: SttBehavior) => Promise<{ request: SttRequest; answer: Answer }>;

async function startSttServer(handler: Handler, initial: SttBehavior): Promise<SttServer> {
  let behavior: SttBehavior = { ...initial };
  const requests: SttRequest[] = [];
  let heldResolve: () => void = () => undefined;
  const heldPromise = new Promise<void>((resolve) => (heldResolve = resolve));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const { request, answer } = await handler(req, Buffer.concat(chunks), behavior);
        requests.push(request);
        const n = requests.length;
        if ((behavior.holdFirst && n === 1) || behavior.holdRequest === n) {
          heldResolve();
          return; // never answered
        }
        const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(body));
        };
        if (behavior.rejectStatus) return send(behavior.rejectStatus, { error: { message: 'rejected by the test provider' } });
        if (behavior.failTimes && n <= behavior.failTimes) {
          return send(behavior.failStatus ?? 503, { error: { message: 'overloaded' } }, behavior.retryAfter ? { 'retry-after': behavior.retryAfter } : {});
        }
        send(answer.status, answer.body);
      })().catch((err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    set: (b) => void (behavior = { ...behavior, ...b }),
    held: () => heldPromise,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const fullText = (segments: SpokenSegment[]): string => segments.map((s) => s.text).join(' ');
const durationOf = (b: SttBehavior): number => b.duration ?? Math.max(0, ...b.segments.map((s) => s.end));

export function startOpenAiSttServer(initial: SttBehavior): Promise<SttServer> {
  return startSttServer(async (req, raw, behavior) => {
    const url = new URL(req.url ?? '/', 'http://stt.test');
    const form = await new Request('http://stt.test/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: raw,
    })
      .formData()
      .catch(() => undefined);
    const fields: Record<string, string> = {};
    let audio: Buffer | null = null;
    let audioType: string | null = null;
    for (const [name, value] of form?.entries() ?? []) {
      if (typeof value === 'string') fields[name] = value;
      else {
        audio = Buffer.from(await value.arrayBuffer());
        audioType = value.type;
        fields[`${name}.filename`] = value.name;
      }
    }
    const request: SttRequest = { path: url.pathname, query: url.searchParams, headers: req.headers, audio, audioType, fields, url: null };
    const refused = await refusedByOpenAi(raw, audio, fields['file.filename']);
    if (refused) return { request, answer: refused };
    if (/-diarize$/.test(fields.model ?? '') && url.pathname === '/v1/audio/transcriptions' && audio) {
      return { request, answer: await diarizedAnswer(audio, fields, behavior) };
    }
    if (url.pathname !== '/v1/audio/transcriptions' || !audio || fields.response_format !== 'verbose_json') {
      return { request, answer: { status: 400, body: { error: { message: 'expected a multipart verbose_json transcription request with a file' } } } };
    }
    const heard = await voicedStretches(audio);
    request.heardSeconds = heard.duration;
    if (behavior.timedScript) {
      const lines = behavior.timedScript;
      const overlap = (a: { start: number; end: number }, b: { start: number; end: number }): number => Math.min(a.end, b.end) - Math.max(a.start, b.start);
      const segments = heard.stretches.map((st, i) => {
        const line = [...lines].sort((a, b) => overlap(b, st) - overlap(a, st))[0];
        return { id: i, start: st.start, end: st.end, text: ` ${line && overlap(line, st) > 0 ? line.text : '[inaudible]'}` };
      });
      return { request, answer: { status: 200, body: { task: 'transcribe', language: behavior.language ?? 'english', duration: heard.duration, text: segments.map((x) => x.text.trim()).join(' '), segments } } };
    }
    if (behavior.script) {
      // Answer from what was heard: one segment per stretch of speech, timed as found, worded from the script in turn.
      const script = behavior.script;
      const segments = heard.stretches.map((st, i) => ({ id: i, start: st.start, end: st.end, text: ` ${script[i % script.length]}` }));
      return { request, answer: { status: 200, body: { task: 'transcribe', language: behavior.language ?? 'english', duration: heard.duration, text: segments.map((x) => x.text.trim()).join(' '), segments } } };
    }
    return {
      request,
      answer: {
        status: 200,
        body: {
          task: 'transcribe',
          language: behavior.language ?? 'english',
          duration: durationOf(behavior),
          text: fullText(behavior.segments),
          segments: behavior.segments.map((s, id) => ({ id, start: s.start, end: s.end, text: ` ${s.text}`, ...(s.speaker !== undefined ? { speaker: s.speaker } : {}) })),
        },
      },
    };
  }, initial);
}

/** OpenAI's documented upload limit and formats, with the error bodies its API answers. */
export const OPENAI_MAX_UPLOAD_BYTES = 26_214_400;
const OPENAI_FORMATS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];

async function refusedByOpenAi(raw: Buffer, audio: Buffer | null, filename: string | undefined): Promise<Answer | undefined> {
  if (raw.length > OPENAI_MAX_UPLOAD_BYTES) {
    return { status: 413, body: { error: { message: `Maximum content size limit (${OPENAI_MAX_UPLOAD_BYTES}) exceeded (${raw.length} bytes read)`, type: 'server_error', param: null, code: null } } };
  }
  if (!audio) return undefined;
  const extension = /\.([a-z0-9]+)$/i.exec(filename ?? '')?.[1]?.toLowerCase();
  if (!extension || !OPENAI_FORMATS.includes(extension)) {
    return { status: 400, body: { error: { message: `Invalid file format. Supported formats: ${JSON.stringify(OPENAI_FORMATS)}`, type: 'invalid_request_error', param: null, code: null } } };
  }
  try {
    await voicedStretches(audio);
  } catch (err) {
    if (err instanceof UndecodableAudioError) return { status: 400, body: { error: { message: 'Audio file might be corrupted or unsupported', type: 'invalid_request_error', param: 'file', code: 'invalid_value' } } };
    throw err;
  }
  return undefined;
}

const openAiError = (message: string, param: string) => ({ status: 400, body: { error: { message, type: 'invalid_request_error', param, code: 'invalid_value' } } });

async function diarizedAnswer(audio: Buffer, fields: Record<string, string>, behavior: SttBehavior): Promise<Answer> {
  if (!['json', 'text', 'diarized_json'].includes(fields.response_format ?? 'json')) {
    return openAiError(`response_format '${fields.response_format}' is not compatible with model '${fields.model}'. Use 'json', 'text' or 'diarized_json'.`, 'response_format');
  }
  let heard: Awaited<ReturnType<typeof voicedStretches>>;
  try {
    heard = await voicedStretches(audio);
  } catch (err) {
    if (err instanceof UndecodableAudioError) return openAiError('Audio file might be corrupted or unsupported', 'file');
    throw err;
  }
  if (heard.duration > 30 && !fields.chunking_strategy) return openAiError('chunking_strategy is required for audio longer than 30 seconds with this model', 'chunking_strategy');
  const script = behavior.script ?? behavior.segments.map((s) => s.text);
  const segments = heard.stretches
    .map((s, i) => ({ type: 'transcript.text.segment', id: `seg_${i}`, start: s.start, end: s.end, text: script[i] ?? '', speaker: String.fromCharCode(65 + (i % 2)) }))
    .filter((s) => s.text);
  if (fields.response_format !== 'diarized_json') return { status: 200, body: { text: segments.map((s) => s.text).join(' ') } };
  return { status: 200, body: { task: 'transcribe', duration: heard.duration, text: segments.map((s) => s.text).join(' '), segments, usage: { type: 'duration', seconds: Math.ceil(heard.duration) } } };
}

/** Deepgram's documented largest file for pre-recorded audio. */
const DEEPGRAM_MAX_BYTES = 2 * 1000 ** 3;

export function startDeepgramServer(initial: SttBehavior): Promise<SttServer> {
  return startSttServer(async (req, raw, behavior) => {
    const url = new URL(req.url ?? '/', 'http://stt.test');
    const type = req.headers['content-type'] ?? '';
    const request: SttRequest = { path: url.pathname, query: url.searchParams, headers: req.headers, audio: null, audioType: null, fields: {}, url: null };
    if (type.startsWith('application/json')) {
      request.url = (JSON.parse(raw.toString('utf8')) as { url: string }).url;
      const fetched = await fetch(request.url).catch(() => undefined);
      if (!fetched?.ok) {
        return { request, answer: { status: 400, body: { err_code: 'REMOTE_CONTENT_ERROR', err_msg: 'could not fetch the URL' } } };
      }
      request.audio = Buffer.from(await fetched.arrayBuffer());
      request.audioType = fetched.headers.get('content-type');
    } else {
      request.audio = raw;
      request.audioType = type;
    }
    // Deepgram's refusals as it documents them: more than 2 GB (413), audio it cannot decode (400).
    if (request.audio.length > DEEPGRAM_MAX_BYTES) {
      return { request, answer: { status: 413, body: { err_code: 'PAYLOAD_TOO_LARGE', err_msg: 'Payload too large: the maximum is 2 GB' } } };
    }
    try {
      request.heardSeconds = (await voicedStretches(request.audio)).duration;
    } catch (err) {
      if (!(err instanceof UndecodableAudioError)) throw err;
      return { request, answer: { status: 400, body: { err_code: 'Bad Request', err_msg: 'Bad Request: failed to process audio: corrupt or unsupported data' } } };
    }
    const utterances = behavior.segments.map((s) => ({ start: s.start, end: s.end, transcript: s.text, speaker: Number(s.speaker ?? 0), channel: 0 }));
    return {
      request,
      answer: {
        status: 200,
        body: {
          metadata: { duration: durationOf(behavior), channels: 1 },
          results: { channels: [{ alternatives: [{ transcript: fullText(behavior.segments) }] }], utterances },
        },
      },
    };
  }, initial);
}
