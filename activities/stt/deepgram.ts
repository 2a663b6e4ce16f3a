import type { Dispatcher } from 'undici';
import type { Config } from '../../common/config';
import { callProvider, type ProviderMeter } from '../providerHttp';
import {
  apiUrl,
  latestEndMs,
  secondsToMs,
  type SpeechToText,
  type Transcript,
  type TranscriptSegment,
  type TranscriptWord,
} from './transcript';

// Deepgram pre-recorded `POST /v1/listen` (operation `transcribe` of Deepgram's published API): the
// piece's raw bytes (the media step's pieces; Deepgram is never handed a URL to fetch). Diarisation is asked with `diarize_model=latest` (the document marks `diarize=true`
// deprecated in its favour); diarised utterances become segments labelled by speaker number. A stereo
// call reaches it one channel at a time (the media step's per-channel renditions), so Deepgram's own
// multichannel mode is not used.

interface Utterance {
  start?: unknown;
  end?: unknown;
  transcript?: unknown;
  speaker?: unknown;
  channel?: unknown;
  words?: Array<{ start?: unknown; end?: unknown; word?: unknown; punctuated_word?: unknown }>;
}

/** Deepgram's redaction classes asked for with `redactPii`: cards (pci) and personal data (pii), not `numbers` (every number). */
export const DEEPGRAM_REDACT = ['pci', 'pii'];

/** An utterance's words with their times (the smart-formatted word where Deepgram gives it). */
function wordsOf(u: Utterance): TranscriptWord[] | undefined {
  if (!Array.isArray(u.words) || u.words.length === 0) return undefined;
  return u.words
    .map((w) => ({
      startMs: secondsToMs(w.start),
      endMs: secondsToMs(w.end),
      text: typeof w.punctuated_word === 'string' ? w.punctuated_word : typeof w.word === 'string' ? w.word : '',
    }))
    .filter((w) => w.text.length > 0);
}

interface Channel {
  detected_language?: unknown;
  alternatives?: Array<{ transcript?: unknown; words?: Array<{ start?: unknown; end?: unknown }> }>;
}

interface ListenAnswer {
  metadata?: { duration?: unknown };
  results?: {
    utterances?: Utterance[];
    channels?: Channel[];
  };
}

export function parseListenAnswer(answer: unknown, languageHint: string | null): Transcript {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as ListenAnswer;
  const channel = body.results?.channels?.[0];
  const segments: TranscriptSegment[] = (body.results?.utterances ?? [])
    .map((u) => ({
      startMs: secondsToMs(u.start),
      endMs: secondsToMs(u.end),
      text: typeof u.transcript === 'string' ? u.transcript.trim() : '',
      speaker: typeof u.speaker === 'number' || typeof u.speaker === 'string' ? String(u.speaker) : null,
      ...(wordsOf(u) ? { words: wordsOf(u) } : {}),
    }))
    .filter((u) => u.text.length > 0);
  const durationMs = secondsToMs(body.metadata?.duration) || latestEndMs(segments);
  const whole = channel?.alternatives?.[0]?.transcript;
  if (segments.length === 0 && typeof whole === 'string' && whole.trim()) {
    segments.push({ startMs: 0, endMs: durationMs, text: whole.trim(), speaker: null });
  }
  const detected = typeof channel?.detected_language === 'string' ? channel.detected_language : null;
  return { provider: 'deepgram', language: detected ?? languageHint, durationMs, segments };
}

export function createDeepgramSpeechToText(
  config: Pick<Config, 'STT_BASE_URL' | 'STT_API_KEY' | 'STT_MODEL'>,
  dispatcher: Dispatcher,
  meter?: ProviderMeter,
): SpeechToText {
  return {
    provider: 'deepgram',
    needsVoiced: false,
    takesKnownSpeakers: false,
    async transcribe(audio, options) {
      const url = apiUrl(config.STT_BASE_URL, 'listen');
      for (const [k, v] of Object.entries({
        diarize_model: 'latest',
        punctuate: 'true',
        utterances: 'true',
        smart_format: 'true',
      }))
        url.searchParams.set(k, v);
      // STT_MODEL defaults to OpenAI's whisper-1, which is not a Deepgram model: then Deepgram's default applies.
      if (config.STT_MODEL !== 'whisper-1') url.searchParams.set('model', config.STT_MODEL);
      // A list parameter of the document (style form, exploded): `redact=pci&redact=pii`.
      if (options.redactPii) for (const kind of DEEPGRAM_REDACT) url.searchParams.append('redact', kind);
      if (options.language) url.searchParams.set('language', options.language);
      else url.searchParams.set('detect_language', 'true');
      const headers: Record<string, string> = { accept: 'application/json' };
      if (config.STT_API_KEY) headers.authorization = `Token ${config.STT_API_KEY}`;
      headers['content-type'] = audio.contentType;
      const answer = await callProvider('The speech-to-text provider', dispatcher, url, {
        peer: 'deepgram',
        method: 'POST',
        headers,
        body: audio.stream,
        signal: options.signal,
        keyRefusedStatuses: [401, 403],
        meter,
      });
      return parseListenAnswer(answer, options.language ?? null);
    },
  };
}
