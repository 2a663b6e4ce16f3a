import { durationMs, type Config } from '../../common/config';

// The provider's limits the chunks must respect: upload size as each provider documents it
// (OpenAI answers 413 past 26214400 bytes, "Maximum content size limit (26214400) exceeded"; its
// guide says "File uploads are currently limited to 25 MB"; Deepgram 2 GB; AssemblyAI 2.2 GB) and a
// longest chunk.

const DOCUMENTED_UPLOAD_BYTES: Record<Config['STT_PROVIDER'], number> = {
  openai: 25 * 1024 * 1024,
  deepgram: 2 * 1000 ** 3,
  assemblyai: 2.2 * 1000 ** 3,
};

/** Room for the multipart envelope and form fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;

export interface ChunkLimits {
  maxUploadBytes: number;
  /** Longest chunk in seconds; Infinity when only the upload size limits it. */
  maxChunkSeconds: number;
}

export function chunkLimits(config: Config): ChunkLimits {
  const maxUploadBytes = config.STT_MAX_UPLOAD_BYTES || DOCUMENTED_UPLOAD_BYTES[config.STT_PROVIDER];
  const configured = config.STT_MAX_CHUNK_DURATION;
  const maxChunkSeconds = configured ? durationMs(configured) / 1000 : config.STT_PROVIDER === 'openai' ? 600 : Infinity;
  return { maxUploadBytes, maxChunkSeconds };
}

/** The longest chunk that fits both limits for a rendition of `bytesPerSecond`. */
export function chunkSeconds(limits: ChunkLimits, bytesPerSecond: number): number {
  return Math.min(limits.maxChunkSeconds, (limits.maxUploadBytes - ENVELOPE_BYTES) / bytesPerSecond);
}
