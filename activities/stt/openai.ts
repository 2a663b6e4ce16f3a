import type { Dispatcher } from 'undici';
import type { Config } from '../../common/config';
import { callProvider } from '../providerHttp';
import { multipartStream } from './multipart';
import { apiUrl, secondsToMs, type SpeechToText, type Transcript, type TranscriptSegment } from './transcript';

// OpenAI-compatible `POST /v1/audio/transcriptions` (OpenAI, and local Whisper servers speaking the
// same protocol), asking for verbose_json so the answer has timed segments. The API takes the file's
// bytes only, so for storeRecording=false the caller streams the remote file through.
// `gpt-4o-transcribe-diarize` is asked for diarized_json instead (with chunking_strategy=auto, which
// that model requires for audio over 30 seconds): segments of type transcript.text.segment, each
// with a speaker label ("A", "B", ...).

/** Models that label speakers, answered with diarized_json. */
export const isDiarizingModel = (model: string): boolean => /-diarize(\b|$)/.test(model);

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
function readSegments(body: { duration?: unknown; text?: unknown }, raw: TimedSegment[]): { segments: TranscriptSegment[]; durationMs: number } {
  const segments: TranscriptSegment[] = raw
    .map((s) => ({
      startMs: secondsToMs(s.start),
      endMs: secondsToMs(s.end),
      text: typeof s.text === 'string' ? s.text.trim() : '',
      // Diarising servers label segments; plain Whisper does not.
      speaker: typeof s.speaker === 'string' || typeof s.speaker === 'number' ? String(s.speaker) : null,
    }))
    .filter((s) => s.text.length > 0);
  const durationMs = secondsToMs(body.duration) || Math.max(0, ...segments.map((s) => s.endMs));
  if (segments.length === 0 && typeof body.text === 'string' && body.text.trim()) {
    segments.push({ startMs: 0, endMs: durationMs, text: body.text.trim(), speaker: null });
  }
  return { segments, durationMs };
}

const asObject = (answer: unknown): Record<string, unknown> => (typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {});

export function parseVerboseJson(answer: unknown): Transcript {
  const body = asObject(answer) as VerboseJson;
  const { segments, durationMs } = readSegments(body, Array.isArray(body.segments) ? body.segments : []);
  return { provider: 'openai', language: typeof body.language === 'string' ? body.language : null, durationMs, segments };
}

interface DiarizedJson {
  duration?: unknown;
  text?: unknown;
  segments?: Array<{ type?: unknown; start?: unknown; end?: unknown; text?: unknown; speaker?: unknown }>;
}

/** diarized_json has no language field: the hint given (if any) is what the call was transcribed as. */
export function parseDiarizedJson(answer: unknown, languageHint: string | null): Transcript {
  const body = asObject(answer) as DiarizedJson;
  const raw = (Array.isArray(body.segments) ? body.segments : []).filter((s) => s.type === undefined || s.type === 'transcript.text.segment');
  const { segments, durationMs } = readSegments(body, raw);
  return { provider: 'openai', language: languageHint, durationMs, segments, speakerAttribution: 'diarization' };
}

export function createOpenAiSpeechToText(config: Pick<Config, 'STT_BASE_URL' | 'STT_API_KEY' | 'STT_MODEL'>, dispatcher: Dispatcher): SpeechToText {
  const url = apiUrl(config.STT_BASE_URL, 'audio/transcriptions');
  return {
    provider: 'openai',
    fetchesUrls: false,
    async transcribe(audio, options) {
      if (audio.kind !== 'bytes') throw new Error('the OpenAI-compatible transcription API needs the file bytes');
      const diarize = isDiarizingModel(config.STT_MODEL);
      const fields: Array<[string, string]> = diarize
        ? [
            ['model', config.STT_MODEL],
            ['response_format', 'diarized_json'],
            ['chunking_strategy', 'auto'],
          ]
        : [
            ['model', config.STT_MODEL],
            ['response_format', 'verbose_json'],
            ['timestamp_granularities[]', 'segment'],
          ];
      const hint = options.language ? ISO_639_1[options.language] : null;
      if (hint) fields.push(['language', hint]);
      const multipart = multipartStream(fields, { field: 'file', filename: audio.filename, contentType: audio.contentType, stream: audio.stream });
      const headers: Record<string, string> = { 'content-type': multipart.contentType, accept: 'application/json' };
      if (config.STT_API_KEY) headers.authorization = `Bearer ${config.STT_API_KEY}`;
      const answer = await callProvider('The speech-to-text provider', dispatcher, url, {
        method: 'POST',
        headers,
        body: multipart.body,
        signal: options.signal,
      });
      return diarize ? parseDiarizedJson(answer, hint) : parseVerboseJson(answer);
    },
  };
}
