import type { Dispatcher } from 'undici';
import type { Config } from '../../common/config';
import { callProvider } from '../providerHttp';
import { multipartStream } from './multipart';
import { apiUrl, secondsToMs, type SpeechToText, type Transcript, type TranscriptSegment } from './transcript';

// OpenAI-compatible `POST /v1/audio/transcriptions` (OpenAI, and local Whisper servers speaking the
// same protocol), asking for verbose_json so the answer has timed segments. The API takes the file's
// bytes only, so for storeRecording=false the caller streams the remote file through.

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

export function parseVerboseJson(answer: unknown): Transcript {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as VerboseJson;
  const segments: TranscriptSegment[] = (Array.isArray(body.segments) ? body.segments : [])
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
  return { provider: 'openai', language: typeof body.language === 'string' ? body.language : null, durationMs, segments };
}

export function createOpenAiSpeechToText(config: Pick<Config, 'STT_BASE_URL' | 'STT_API_KEY' | 'STT_MODEL'>, dispatcher: Dispatcher): SpeechToText {
  const url = apiUrl(config.STT_BASE_URL, 'audio/transcriptions');
  return {
    provider: 'openai',
    fetchesUrls: false,
    async transcribe(audio, options) {
      if (audio.kind !== 'bytes') throw new Error('the OpenAI-compatible transcription API needs the file bytes');
      const fields: Array<[string, string]> = [
        ['model', config.STT_MODEL],
        ['response_format', 'verbose_json'],
        ['timestamp_granularities[]', 'segment'],
      ];
      if (options.language) fields.push(['language', ISO_639_1[options.language]]);
      const multipart = multipartStream(fields, { field: 'file', filename: audio.filename, contentType: audio.contentType, stream: audio.stream });
      const headers: Record<string, string> = { 'content-type': multipart.contentType, accept: 'application/json' };
      if (config.STT_API_KEY) headers.authorization = `Bearer ${config.STT_API_KEY}`;
      const answer = await callProvider('The speech-to-text provider', dispatcher, url, {
        method: 'POST',
        headers,
        body: multipart.body,
        signal: options.signal,
      });
      return parseVerboseJson(answer);
    },
  };
}
