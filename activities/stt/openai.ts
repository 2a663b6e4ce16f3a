import type { Dispatcher } from 'undici';
import type { Config } from '../../common/config';
import { callProvider, type ProviderMeter } from '../providerHttp';
import { multipartStream } from './multipart';
import { placeText } from './placement';
import {
  apiUrl,
  latestEndMs,
  secondsToMs,
  type SpeechToText,
  type Transcript,
  type TranscriptSegment,
} from './transcript';

// OpenAI-compatible `POST /v1/audio/transcriptions` (createTranscription in OpenAI's published API,
// and local Whisper servers speaking the same protocol). The API takes the file's bytes only, so for
// storeRecording=false the caller streams the remote file through. What each model is asked for
// follows the field descriptions of OpenAI's document:
// - whisper-1 (and any model the document does not name, as local Whisper servers do): verbose_json
//   with segment timestamps.
// - gpt-4o-transcribe, gpt-4o-mini-transcribe and their dated names: "the only supported format is
//   json": text without times, placed on the timeline over the media step's voiced stretches.
// - gpt-transcribe: json too (no format of its own is documented), with the roleplay language as
//   `languages[]` ("Supported by gpt-transcribe"); its answer's detected `languages` are kept.
// - gpt-4o-transcribe-diarize: diarized_json with chunking_strategy=auto ("Required … for inputs
//   longer than 30 seconds"), no prompt, no timestamp_granularities; segments labelled by speaker. With
//   speakers known from an earlier piece, their clips go along as known_speaker_names[] /
//   known_speaker_references[] (data URLs, at most 4) and the labels come back as those names.

export type OpenAiModelKind = 'verbose' | 'json' | 'gpt-transcribe' | 'diarize';

/** How OpenAI's document says a transcription model is asked (see the list above). */
export function openAiModelKind(model: string): OpenAiModelKind {
  if (/^gpt-4o-transcribe-diarize(-\d{4}-\d{2}-\d{2})?$/.test(model)) return 'diarize';
  if (/^gpt-4o(-mini)?-transcribe(-\d{4}-\d{2}-\d{2})?$/.test(model)) return 'json';
  if (/^gpt-transcribe(-\d{4}-\d{2}-\d{2})?$/.test(model)) return 'gpt-transcribe';
  return 'verbose';
}

/** Models that label speakers, answered with diarized_json. */
export const isDiarizingModel = (model: string): boolean => openAiModelKind(model) === 'diarize';

/** At most this many known speakers per request (known_speaker_names: "Up to 4 speakers are supported"). */
export const MAX_KNOWN_SPEAKERS = 4;

/** ISO 639-1, the language hint the transcription endpoint takes. */
const ISO_639_1: Record<string, string> = { en: 'en', es: 'es', 'fr-CA': 'fr', 'pt-BR': 'pt', cs: 'cs' };

interface VerboseSegment {
  start?: unknown;
  end?: unknown;
  text?: unknown;
  speaker?: unknown;
}

interface VerboseJson {
  language?: unknown;
  duration?: unknown;
  text?: unknown;
  segments?: VerboseSegment[];
}

type TimedSegment = VerboseSegment & { type?: unknown };

/** Timed segments of either answer; a server that sends only `text` gives one segment spanning the file. */
function readSegments(
  body: { duration?: unknown; text?: unknown },
  raw: TimedSegment[],
): { segments: TranscriptSegment[]; durationMs: number } {
  const segments: TranscriptSegment[] = raw
    .map((s) => ({
      startMs: secondsToMs(s.start),
      endMs: secondsToMs(s.end),
      text: typeof s.text === 'string' ? s.text.trim() : '',
      // Diarising servers label segments; plain Whisper does not.
      speaker: typeof s.speaker === 'string' || typeof s.speaker === 'number' ? String(s.speaker) : null,
    }))
    .filter((s) => s.text.length > 0);
  const durationMs = secondsToMs(body.duration) || latestEndMs(segments);
  if (segments.length === 0 && typeof body.text === 'string' && body.text.trim()) {
    segments.push({ startMs: 0, endMs: durationMs, text: body.text.trim(), speaker: null });
  }
  return { segments, durationMs };
}

const asObject = (answer: unknown): Record<string, unknown> =>
  typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};

export function parseVerboseJson(answer: unknown): Transcript {
  const body = asObject(answer) as VerboseJson;
  const { segments, durationMs } = readSegments(body, Array.isArray(body.segments) ? body.segments : []);
  return {
    provider: 'openai',
    language: typeof body.language === 'string' ? body.language : null,
    durationMs,
    segments,
  };
}

interface DiarizedJson {
  duration?: unknown;
  text?: unknown;
  segments?: Array<{ type?: unknown; start?: unknown; end?: unknown; text?: unknown; speaker?: unknown }>;
}

/** diarized_json has no language field: the hint given (if any) is what the call was transcribed as. */
export function parseDiarizedJson(answer: unknown, languageHint: string | null): Transcript {
  const body = asObject(answer) as DiarizedJson;
  const raw = (Array.isArray(body.segments) ? body.segments : []).filter(
    (s) => s.type === undefined || s.type === 'transcript.text.segment',
  );
  const { segments, durationMs } = readSegments(body, raw);
  return { provider: 'openai', language: languageHint, durationMs, segments, speakerAttribution: 'diarization' };
}

interface JsonAnswer {
  text?: unknown;
  languages?: Array<{ code?: unknown }>;
}

/** A json answer (text only): its words placed over the voiced stretches of the audio sent. */
export function parseTextOnlyJson(
  answer: unknown,
  languageHint: string | null,
  voiced: Parameters<typeof placeText>[1],
): Transcript {
  const body = asObject(answer) as JsonAnswer;
  const detected =
    Array.isArray(body.languages) && typeof body.languages[0]?.code === 'string' ? body.languages[0].code : null;
  const segments = placeText(typeof body.text === 'string' ? body.text : '', voiced);
  return {
    provider: 'openai',
    language: detected ?? languageHint,
    durationMs: voiced?.durationMs ?? latestEndMs(segments),
    segments,
    timing: 'placed',
  };
}

const dataUrl = (clip: Buffer, contentType: string): string => `data:${contentType};base64,${clip.toString('base64')}`;

export function createOpenAiSpeechToText(
  config: Pick<Config, 'STT_BASE_URL' | 'STT_API_KEY' | 'STT_MODEL'>,
  dispatcher: Dispatcher,
  meter?: ProviderMeter,
): SpeechToText {
  const url = apiUrl(config.STT_BASE_URL, 'audio/transcriptions');
  const kind = openAiModelKind(config.STT_MODEL);
  return {
    provider: 'openai',
    needsVoiced: kind === 'json' || kind === 'gpt-transcribe',
    takesKnownSpeakers: kind === 'diarize',
    async transcribe(audio, options) {
      if (audio.kind !== 'bytes') throw new Error('the OpenAI-compatible transcription API needs the file bytes');
      const hint = options.language ? ISO_639_1[options.language] : null;
      const fields: Array<[string, string]> = [['model', config.STT_MODEL]];
      if (kind === 'verbose')
        fields.push(['response_format', 'verbose_json'], ['timestamp_granularities[]', 'segment']);
      if (kind === 'json' || kind === 'gpt-transcribe') fields.push(['response_format', 'json']);
      if (kind === 'diarize') {
        fields.push(['response_format', 'diarized_json'], ['chunking_strategy', 'auto']);
        for (const known of (options.knownSpeakers ?? []).slice(0, MAX_KNOWN_SPEAKERS)) {
          fields.push(
            ['known_speaker_names[]', known.name],
            ['known_speaker_references[]', dataUrl(known.clip, known.contentType)],
          );
        }
      }
      if (hint) fields.push(kind === 'gpt-transcribe' ? ['languages[]', hint] : ['language', hint]);
      const multipart = multipartStream(fields, {
        field: 'file',
        filename: audio.filename,
        contentType: audio.contentType,
        stream: audio.stream,
      });
      const headers: Record<string, string> = { 'content-type': multipart.contentType, accept: 'application/json' };
      if (config.STT_API_KEY) headers.authorization = `Bearer ${config.STT_API_KEY}`;
      const answer = await callProvider('The speech-to-text provider', dispatcher, url, {
        peer: 'openai',
        method: 'POST',
        headers,
        body: multipart.body,
        signal: options.signal,
        keyRefusedStatuses: [401, 403],
        meter,
      });
      if (kind === 'diarize') return parseDiarizedJson(answer, hint);
      if (kind === 'verbose') return parseVerboseJson(answer);
      return parseTextOnlyJson(answer, hint, options.voiced);
    },
  };
}
