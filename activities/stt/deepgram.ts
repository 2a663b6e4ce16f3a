import type { Dispatcher } from 'undici';
import type { Config } from '../../common/config';
import { callProvider } from '../providerHttp';
import { mergeChannelTranscripts } from './channels';
import { apiUrl, secondsToMs, type SpeechToText, type Transcript, type TranscriptSegment } from './transcript';

// Deepgram pre-recorded `POST /v1/listen`: the raw bytes when the recording is stored, otherwise
// `{"url": ...}` so Deepgram fetches the caller's URL itself. Diarised utterances become segments.
// A stereo file (when the media step knows it is one) is sent with multichannel=true: Deepgram
// transcribes each channel on its own (results.channels[n], utterances carrying `channel`), and the
// segments are labelled by channel (left, right) instead of by diarised speaker.

interface Utterance {
  start?: unknown;
  end?: unknown;
  transcript?: unknown;
  speaker?: unknown;
  channel?: unknown;
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

/** A multichannel answer: each of the first two channels on its own, merged and labelled left/right. */
export function parseMultichannelAnswer(answer: unknown, languageHint: string | null): Transcript {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as ListenAnswer;
  const durationMs = secondsToMs(body.metadata?.duration);
  const utterances = body.results?.utterances ?? [];
  const side = (index: number): Transcript => {
    const channel = body.results?.channels?.[index];
    const segments: TranscriptSegment[] = utterances
      .filter((u) => Number(u.channel ?? 0) === index)
      .map((u) => ({ startMs: secondsToMs(u.start), endMs: secondsToMs(u.end), text: typeof u.transcript === 'string' ? u.transcript.trim() : '', speaker: null }))
      .filter((u) => u.text.length > 0);
    const alternative = channel?.alternatives?.[0];
    const whole = typeof alternative?.transcript === 'string' ? alternative.transcript.trim() : '';
    if (segments.length === 0 && whole) {
      // Without utterances a channel is one segment spanning its words.
      const words = alternative?.words ?? [];
      segments.push({ startMs: secondsToMs(words[0]?.start), endMs: secondsToMs(words[words.length - 1]?.end) || durationMs, text: whole, speaker: null });
    }
    const detected = typeof channel?.detected_language === 'string' ? channel.detected_language : null;
    return { provider: 'deepgram', language: detected ?? languageHint, durationMs, segments };
  };
  return mergeChannelTranscripts({ left: side(0), right: side(1) });
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
    }))
    .filter((u) => u.text.length > 0);
  const durationMs = secondsToMs(body.metadata?.duration) || Math.max(0, ...segments.map((s) => s.endMs));
  const whole = channel?.alternatives?.[0]?.transcript;
  if (segments.length === 0 && typeof whole === 'string' && whole.trim()) {
    segments.push({ startMs: 0, endMs: durationMs, text: whole.trim(), speaker: null });
  }
  const detected = typeof channel?.detected_language === 'string' ? channel.detected_language : null;
  return { provider: 'deepgram', language: detected ?? languageHint, durationMs, segments };
}

export function createDeepgramSpeechToText(config: Pick<Config, 'STT_BASE_URL' | 'STT_API_KEY' | 'STT_MODEL'>, dispatcher: Dispatcher): SpeechToText {
  return {
    provider: 'deepgram',
    fetchesUrls: true,
    async transcribe(audio, options) {
      const url = apiUrl(config.STT_BASE_URL, 'listen');
      const stereo = options.channels === 2;
      for (const [k, v] of Object.entries({ diarize: 'true', punctuate: 'true', utterances: 'true', smart_format: 'true' })) url.searchParams.set(k, v);
      if (stereo) url.searchParams.set('multichannel', 'true');
      // STT_MODEL defaults to OpenAI's whisper-1, which is not a Deepgram model: then Deepgram's default applies.
      if (config.STT_MODEL !== 'whisper-1') url.searchParams.set('model', config.STT_MODEL);
      if (options.language) url.searchParams.set('language', options.language);
      else url.searchParams.set('detect_language', 'true');
      const headers: Record<string, string> = { accept: 'application/json' };
      if (config.STT_API_KEY) headers.authorization = `Token ${config.STT_API_KEY}`;
      headers['content-type'] = audio.kind === 'url' ? 'application/json' : audio.contentType;
      const answer = await callProvider('The speech-to-text provider', dispatcher, url, {
        method: 'POST',
        headers,
        body: audio.kind === 'url' ? JSON.stringify({ url: audio.url }) : audio.stream,
        signal: options.signal,
      });
      return stereo ? parseMultichannelAnswer(answer, options.language ?? null) : parseListenAnswer(answer, options.language ?? null);
    },
  };
}
