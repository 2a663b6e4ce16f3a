import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { durationMs, type Config } from '../../common/config';
import { PII_KINDS } from '../../common/redaction';
import { withoutTrailingSlashes } from '../../common/textEdges';
import { FailureTypes, permanent } from '../failures';
import { callProvider, type ProviderMeter } from '../providerHttp';
import {
  latestEndMs,
  type SpeechToText,
  type Transcript,
  type TranscriptSegment,
  type TranscribeOptions,
} from './transcript';

// AssemblyAI's asynchronous API: the file's bytes go to `POST /v2/upload` (a URL the caller gave is
// handed over as is, AssemblyAI fetches it), `POST /v2/transcript` creates the paid job with
// speaker_labels and `speech_models` (required by AssemblyAI's published API; STT_MODEL, or AssemblyAI's
// documented default list when STT_MODEL is left at OpenAI's whisper-1), and `GET /v2/transcript/{id}` is polled until
// its status is completed or error. The job id is handed to `options.job.created` before the first
// poll, so an attempt that dies while AssemblyAI works is resumed by id, never paid for twice.
// Utterances carry a speaker letter ("A", "B"). A stereo call reaches it one channel at a time (the
// media step's per-channel renditions), so AssemblyAI's own multichannel mode is not used.

const SERVICE = 'AssemblyAI';
/** Its document's 401 is the key ("Unauthorized"); its 403 is "Cannot access uploaded file", not the key. */
const KEY_REFUSED_STATUSES = [401];

/** AssemblyAI language codes for the roleplay languages (it has no regional French or Portuguese). */
const LANGUAGE_CODES: Record<string, string> = { en: 'en', es: 'es', 'fr-CA': 'fr', 'pt-BR': 'pt', cs: 'cs' };

/**
 * AssemblyAI's documented default when no model is named ("If omitted, it defaults to
 * ["universal-3-pro", "universal-2"]"): its best model for its six languages, universal-2 for the rest
 * (Czech among the roleplay languages). Sent explicitly because its published API requires the field.
 */
export const ASSEMBLYAI_DEFAULT_MODELS = ['universal-3-pro', 'universal-2'];

interface Utterance {
  speaker?: unknown;
  start?: unknown;
  end?: unknown;
  text?: unknown;
  words?: Array<{ start?: unknown; end?: unknown; text?: unknown }>;
}

/**
 * The policies asked for with `redactPii`: the kinds the service redacts (common/redaction/kinds.ts, named
 * after these policies), not
 * account_number, number_sequence, money_amount, date or time, which would take prices, dates and order
 * numbers with them. Each is written as its name in brackets (`redact_pii_sub: entity_name`; the default,
 * `hash`, would hide which kind it was). No `redact_pii_audio`: the service silences its own stored copy.
 */
export const ASSEMBLYAI_REDACTION = {
  redact_pii: true,
  redact_pii_policies: [...PII_KINDS],
  redact_pii_sub: 'entity_name',
};

interface TranscriptAnswer {
  id?: unknown;
  status?: unknown;
  error?: unknown;
  text?: unknown;
  language_code?: unknown;
  audio_duration?: unknown;
  utterances?: Utterance[] | null;
}

const millis = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;

/** A completed transcript object as the provider-neutral transcript. */
export function parseAssemblyAiTranscript(answer: unknown): Transcript {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as TranscriptAnswer;
  const segments: TranscriptSegment[] = (Array.isArray(body.utterances) ? body.utterances : [])
    .map((u) => ({
      startMs: millis(u.start),
      endMs: millis(u.end),
      text: typeof u.text === 'string' ? u.text.trim() : '',
      speaker: typeof u.speaker === 'string' && u.speaker ? u.speaker : null,
      ...(Array.isArray(u.words) && u.words.length > 0
        ? {
            words: u.words
              .map((w) => ({
                startMs: millis(w.start),
                endMs: millis(w.end),
                text: typeof w.text === 'string' ? w.text : '',
              }))
              .filter((w) => w.text.length > 0),
          }
        : {}),
    }))
    .filter((s) => s.text.length > 0)
    .sort((a, b) => a.startMs - b.startMs);
  const duration =
    typeof body.audio_duration === 'number' && body.audio_duration > 0 ? Math.round(body.audio_duration * 1000) : 0;
  const lengthMs = latestEndMs(segments, Math.max(duration, 0));
  if (segments.length === 0 && typeof body.text === 'string' && body.text.trim()) {
    segments.push({ startMs: 0, endMs: lengthMs, text: body.text.trim(), speaker: null });
  }
  return {
    provider: 'assemblyai',
    language: typeof body.language_code === 'string' ? body.language_code : null,
    durationMs: lengthMs,
    segments,
    speakerAttribution: 'diarization',
  };
}

export function createAssemblyAiSpeechToText(
  config: Pick<Config, 'STT_BASE_URL' | 'STT_API_KEY' | 'STT_MODEL' | 'STT_POLL_INTERVAL'>,
  dispatcher: Dispatcher,
  meter?: ProviderMeter,
): SpeechToText {
  const root = withoutTrailingSlashes(config.STT_BASE_URL).replace(/\/v2$/, '');
  const url = (path: string): URL => new URL(`${root}/v2/${path}`);
  const pollMs = durationMs(config.STT_POLL_INTERVAL);
  const headers = (extra: Record<string, string>): Record<string, string> => ({
    accept: 'application/json',
    ...(config.STT_API_KEY ? { authorization: config.STT_API_KEY } : {}),
    ...extra,
  });

  async function poll(id: string, options: TranscribeOptions): Promise<Transcript> {
    for (;;) {
      const answer = (await callProvider(SERVICE, dispatcher, url(`transcript/${encodeURIComponent(id)}`), {
        peer: 'assemblyai',
        method: 'GET',
        headers: headers({}),
        signal: options.signal,
        keyRefusedStatuses: KEY_REFUSED_STATUSES,
        meter,
      })) as TranscriptAnswer;
      if (answer.status === 'completed') return parseAssemblyAiTranscript(answer);
      if (answer.status === 'error') {
        // The job is over: asking again would only repeat the same answer.
        const reason = typeof answer.error === 'string' && answer.error ? answer.error : 'no reason given';
        throw permanent(FailureTypes.ProviderRejected, `${SERVICE} could not transcribe the recording: ${reason}`);
      }
      if (answer.status !== 'queued' && answer.status !== 'processing') {
        throw new Error(`${SERVICE} answered an unknown transcript status ${JSON.stringify(answer.status)}`);
      }
      await sleep(pollMs, undefined, { signal: options.signal });
    }
  }

  return {
    provider: 'assemblyai',
    needsVoiced: false,
    takesKnownSpeakers: false,
    async transcribe(audio, options) {
      if (options.job?.id) return poll(options.job.id, options);
      const uploaded = (await callProvider(SERVICE, dispatcher, url('upload'), {
        peer: 'assemblyai',
        method: 'POST',
        headers: headers({ 'content-type': 'application/octet-stream' }),
        body: audio.stream,
        signal: options.signal,
        keyRefusedStatuses: KEY_REFUSED_STATUSES,
        meter,
      })) as { upload_url?: unknown };
      if (typeof uploaded.upload_url !== 'string')
        throw new Error(`${SERVICE} answered the upload without an upload_url`);
      const audioUrl = uploaded.upload_url;
      const request: Record<string, unknown> = {
        audio_url: audioUrl,
        speaker_labels: true,
        ...(options.redactPii ? ASSEMBLYAI_REDACTION : {}),
      };
      const code = options.language ? LANGUAGE_CODES[options.language] : undefined;
      if (code) request.language_code = code;
      else request.language_detection = true;
      // STT_MODEL defaults to OpenAI's whisper-1, which is not an AssemblyAI model: then AssemblyAI's default list.
      request.speech_models = config.STT_MODEL === 'whisper-1' ? ASSEMBLYAI_DEFAULT_MODELS : [config.STT_MODEL];
      const created = (await callProvider(SERVICE, dispatcher, url('transcript'), {
        peer: 'assemblyai',
        method: 'POST',
        headers: headers({ 'content-type': 'application/json' }),
        body: JSON.stringify(request),
        signal: options.signal,
        keyRefusedStatuses: KEY_REFUSED_STATUSES,
        meter,
      })) as TranscriptAnswer;
      if (typeof created.id !== 'string' || !created.id)
        throw new Error(`${SERVICE} created a transcript without an id`);
      await options.job?.created(created.id);
      return poll(created.id, options);
    },
    resume: (id, options) => poll(id, options),
    async discard(id, signal) {
      // deleteTranscript: "Files uploaded via the /upload endpoint are immediately deleted alongside the
      // transcript" (AssemblyAI's document). 404: nothing is kept under that id any more.
      await callProvider(SERVICE, dispatcher, url(`transcript/${encodeURIComponent(id)}`), {
        peer: 'assemblyai',
        method: 'DELETE',
        headers: headers({}),
        signal,
        keyRefusedStatuses: KEY_REFUSED_STATUSES,
        answerStatuses: [404],
        meter,
      });
    },
  };
}
