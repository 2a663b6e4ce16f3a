import type { Readable } from 'node:stream';
import type { AnalysisLanguage } from '../../common/recordingAnalysis';
import type { Transcript } from '../../common/transcript';
import { withoutTrailingSlashes } from '../../common/textEdges';

// The adapter interface every speech-to-text provider implements; the provider-neutral transcript it
// produces is common/transcript.ts (the API builds one from a submitted transcript too).

export type { Transcript, TranscriptSegment, TranscriptWord } from '../../common/transcript';
// The API's transcript endpoint reads the speakers the same way, so the rule lives in common/.
export { latestEndMs, speakerAttributionOf } from '../../common/transcript';

/** A piece of the recording's audio as a stream (the media step's rendition: providers never fetch URLs). */
export type AudioInput = { kind: 'bytes'; stream: Readable; contentType: string; filename: string };

export interface TranscribeOptions {
  /** Language hint (the roleplay's language); the provider detects it when absent. */
  language?: AnalysisLanguage;
  /**
   * The voiced stretches of the audio sent, from the media step's pause detection: where a provider
   * that answers text without times (json-only models) has its text placed.
   */
  voiced?: VoicedAudio;
  /** Speakers already labelled in an earlier piece of the same call, sent so the labels carry over. */
  knownSpeakers?: KnownSpeaker[];
  /**
   * The recording asks for its personal data to be redacted: a provider that can redact is asked to (its
   * marks are normalised, and its answer redacted again, by common/redaction/ in the media step).
   */
  redactPii?: boolean;
  /** Where an asynchronous provider keeps its job id (see ProviderJob). */
  job?: ProviderJob;
  signal?: AbortSignal;
}

export interface VoicedAudio {
  durationMs: number;
  stretches: Array<{ startMs: number; endMs: number }>;
}

/** A speaker's label and a short clip of their voice (OpenAI's known_speaker_references: 2–10 s). */
export interface KnownSpeaker {
  name: string;
  clip: Buffer;
  contentType: string;
}

/**
 * A provider job that outlives one request (AssemblyAI: upload, create, poll). `id` is the job
 * already paid for, when an earlier attempt created one; `created` persists a new id before polling,
 * so a worker that dies while the provider works resumes the same job instead of paying again.
 */
export interface ProviderJob {
  id: string | null;
  created(id: string): Promise<void>;
}

export interface SpeechToText {
  readonly provider: Transcript['provider'];
  /** Whether its answers come without times, so the caller must pass `voiced` (see TranscribeOptions). */
  readonly needsVoiced: boolean;
  /** Whether it labels speakers per request and accepts `knownSpeakers` to keep labels across pieces. */
  readonly takesKnownSpeakers: boolean;
  transcribe(audio: AudioInput, options: TranscribeOptions): Promise<Transcript>;
  /** Providers with asynchronous jobs: finish the job `id` an earlier attempt created, without the audio. */
  resume?(id: string, options: TranscribeOptions): Promise<Transcript>;
  /**
   * Providers that keep what they were sent (AssemblyAI: the upload and the transcript, until deleted):
   * deletes the job `id` there. Resolves once the provider holds nothing under it (already gone included).
   */
  discard?(id: string, signal?: AbortSignal): Promise<void>;
}

/** Channel labels by index: the left and right of a stereo file, then `channel-3`, ... */
export const channelLabel = (index: number): string =>
  index === 0 ? 'left' : index === 1 ? 'right' : `channel-${index + 1}`;

/**
 * `{base}/v1/<path>`, accepting a base with or without its `/v1` (both spellings are common for
 * OpenAI-compatible servers).
 */
export function apiUrl(base: string, path: string): URL {
  const trimmed = withoutTrailingSlashes(base);
  const root = /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
  return new URL(`${root}/${path.replace(/^\/+/, '')}`);
}

export const secondsToMs = (s: unknown): number =>
  typeof s === 'number' && Number.isFinite(s) && s > 0 ? Math.round(s * 1000) : 0;
