import type { Readable } from 'node:stream';
import type { AnalysisLanguage } from '../../common/recordingAnalysis';

// The provider-neutral transcript every speech-to-text adapter produces, and the adapter interface.

export interface TranscriptSegment {
  startMs: number;
  endMs: number;
  text: string;
  /** The provider's speaker label when it diarises ("0", "A", ...), null when it does not. */
  speaker: string | null;
}

export interface Transcript {
  provider: 'openai' | 'deepgram';
  /** As the provider reports it ("english", "en", "pt-BR"), null when it does not. */
  language: string | null;
  durationMs: number;
  segments: TranscriptSegment[];
}

/** The recording's bytes as a stream, or its URL for providers that fetch it themselves. */
export type AudioInput =
  | { kind: 'bytes'; stream: Readable; contentType: string; filename: string }
  | { kind: 'url'; url: string };

export interface TranscribeOptions {
  /** Language hint (the roleplay's language); the provider detects it when absent. */
  language?: AnalysisLanguage;
  signal?: AbortSignal;
}

export interface SpeechToText {
  readonly provider: Transcript['provider'];
  /** Whether the provider can be handed the URL (storeRecording=false) instead of the bytes. */
  readonly fetchesUrls: boolean;
  transcribe(audio: AudioInput, options: TranscribeOptions): Promise<Transcript>;
}

/**
 * `{base}/v1/<path>`, accepting a base with or without its `/v1` (both spellings are common for
 * OpenAI-compatible servers).
 */
export function apiUrl(base: string, path: string): URL {
  const trimmed = base.replace(/\/+$/, '');
  const root = /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
  return new URL(`${root}/${path.replace(/^\/+/, '')}`);
}

export const secondsToMs = (s: unknown): number => (typeof s === 'number' && Number.isFinite(s) && s > 0 ? Math.round(s * 1000) : 0);
