import path from 'node:path';
import fs from 'node:fs/promises';
import { runTool } from './ffmpeg';
import type { ChunkSpan } from './chunkPlan';

// The transcription rendition: audio only, 16 kHz Opus in OGG (every supported provider takes it:
// OpenAI lists ogg, Deepgram and AssemblyAI decode Opus), mono, or stereo when the two channels
// carry different sides of the call so per-channel transcription keeps them apart. It is encoded
// and cut into chunks in one ffmpeg pass (the segment muxer cuts at the planned times).

export const RENDITION = { sampleRate: 16_000, bitrateKbps: 24, extension: 'ogg', contentType: 'audio/ogg' } as const;

/** Bytes a second of rendition takes per channel, with headroom for Ogg pages and VBR peaks. */
export const renditionBytesPerSecond = (channels: number): number => (RENDITION.bitrateKbps * 1000 * channels * 1.15) / 8;

export const chunkFileName = (index: number): string => `chunk-${String(index).padStart(4, '0')}.${RENDITION.extension}`;

export async function renderChunks(source: string, dir: string, spans: ChunkSpan[], stereo: boolean, signal?: AbortSignal): Promise<string[]> {
  const times = spans.slice(1).map((s) => (s.startMs / 1000).toFixed(3));
  const args = [
    '-hide_banner', '-nostats', '-v', 'error', '-y', '-i', source,
    '-map', '0:a:0', '-vn', '-ac', stereo ? '2' : '1', '-ar', String(RENDITION.sampleRate),
    '-c:a', 'libopus', '-b:a', `${RENDITION.bitrateKbps * (stereo ? 2 : 1)}k`, '-application', 'voip',
    '-f', 'segment', '-segment_format', 'ogg', '-reset_timestamps', '1',
    ...(times.length > 0 ? ['-segment_times', times.join(',')] : ['-segment_time', '999999']),
    path.join(dir, 'chunk-%04d.ogg'),
  ];
  await runTool('ffmpeg', args, { signal });
  const files = spans.map((_, i) => path.join(dir, chunkFileName(i)));
  for (const f of files) await fs.access(f);
  return files;
}
