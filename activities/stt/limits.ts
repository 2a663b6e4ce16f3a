import type { Config } from '../../common/config';
import { openAiModelKind } from './openai';

// How much audio one request to the configured provider may carry, as each provider documents it
// (the contracts README lists them: these limits are on the providers' documentation pages, not in
// their OpenAPI documents). The media step cuts pieces within these, so a 413 or a "too long" 400
// cannot happen; pieces beyond them are avoided because each piece restarts the provider's speaker
// labels (see docs/recordings.md).

export interface ProviderLimits {
  /** Largest file per request. */
  maxBytes: number;
  /** Longest audio per request. */
  maxMs: number;
}

/** OpenAI: "Maximum content size limit (26214400)". */
const OPENAI_MAX_BYTES = 26_214_400;
/** OpenAI's gpt-4o transcription models: "the maximum for this model" is 1400 s; pieces stay 5 s under it. */
const GPT4O_MAX_MS = 1_395_000;
/** whisper-1 and OpenAI-compatible local servers (which time out on long files): 10 minutes a piece. */
const WHISPER_PIECE_MS = 10 * 60_000;
/** Deepgram pre-recorded: 2 GB per file. */
const DEEPGRAM_MAX_BYTES = 2_000_000_000;
/** AssemblyAI: 2.2 GB per upload, 10 hours of audio per transcript. */
const ASSEMBLYAI_MAX_BYTES = 2_200_000_000;
const ASSEMBLYAI_MAX_MS = 10 * 3600_000;

export function providerLimits(
  config: Pick<Config, 'STT_PROVIDER' | 'STT_MODEL' | 'STT_MAX_UPLOAD_BYTES'>,
): ProviderLimits {
  const own: ProviderLimits =
    config.STT_PROVIDER === 'deepgram'
      ? { maxBytes: DEEPGRAM_MAX_BYTES, maxMs: Number.POSITIVE_INFINITY }
      : config.STT_PROVIDER === 'assemblyai'
        ? { maxBytes: ASSEMBLYAI_MAX_BYTES, maxMs: ASSEMBLYAI_MAX_MS }
        : {
            maxBytes: OPENAI_MAX_BYTES,
            maxMs: ['diarize', 'json'].includes(openAiModelKind(config.STT_MODEL)) ? GPT4O_MAX_MS : WHISPER_PIECE_MS,
          };
  // An operator's smaller limit (a proxy in front of the provider) wins; a larger one cannot.
  return config.STT_MAX_UPLOAD_BYTES > 0
    ? { ...own, maxBytes: Math.min(own.maxBytes, config.STT_MAX_UPLOAD_BYTES) }
    : own;
}

/**
 * How much of the end of a piece the next one repeats, for providers that label speakers per request
 * and take no known speakers (Deepgram, AssemblyAI): the words both pieces heard map the labels across
 * (activities/stt/overlap.ts). Their pieces only exist past their own limits (or STT_MAX_CHUNK_DURATION).
 */
export function pieceOverlapMs(config: Pick<Config, 'STT_PROVIDER'>): number {
  return config.STT_PROVIDER === 'deepgram' || config.STT_PROVIDER === 'assemblyai' ? 20_000 : 0;
}
